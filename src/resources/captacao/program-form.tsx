import { useCallback, useEffect, useMemo, useState } from "react";
import { Outlet, useLocation, useResolvedPath } from "react-router";
import { useForm } from "@refinedev/antd";
import { Create, Edit } from "@/components/page-frame";
import { useGo, useOne, useWarnAboutChange, type HttpError } from "@refinedev/core";
import { Button, Card, Form, Result, Space, Typography, type FormInstance } from "antd";
import { ApartmentOutlined } from "@ant-design/icons";
import { programFields, type Grantor, type Program } from "@/domain/captacao";
import { FormSections } from "@/components/resource/form-sections";
import { useEditForm } from "@/components/resource/edit-form";
import { zodRule } from "@/lib/zod-rule";
import { useRouteParam } from "@/lib/use-route-param";
import { useT } from "@/providers/i18n";
import fields from "./program-fields";

/** What the grantor picker (a nested route of the form) gets from the form it serves. */
export interface GrantorPickerContext {
  /** The grantor the form holds now. */
  chosen: number | null;
  /** Puts a grantor in the form and goes back to it. */
  choose(id: number): void;
  /** Puts a grantor in the form and shows the picker with it chosen (after adding or editing one). */
  keep(id: number): void;
  /** Goes to another step of the same form (the form stays mounted, so nothing typed is lost). */
  go(url: string): void;
  /** The form's path and the picker's (with the page's query). */
  formUrl: string;
  pickerUrl: string;
}

/**
 * Moves between a form's own steps (its nested routes) without the unsaved-changes prompt, which
 * guards leaving the form: the prompt's switch is turned off first and the move happens once it is.
 * (Refine turns the switch off on every path change anyway, and on again at the next edit.)
 */
function useStepNavigate(): (url: string) => void {
  const navigate = useGo();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null || warnWhen) return;
    setTarget(null);
    navigate({ to: target });
  }, [target, warnWhen, navigate]);
  return useCallback(
    (url: string) => {
      setWarnWhen(false);
      setTarget(url);
    },
    [setWarnWhen],
  );
}

/** The chosen grantor, its picker's button, and the picker's drawer (the nested route) over the form. */
function GrantorStep({ form }: { form: FormInstance }) {
  const t = useT();
  const go = useStepNavigate();
  const { search } = useLocation();
  const base = useResolvedPath(".").pathname.replace(/\/$/, "");
  const formUrl = `${base}${search}`;
  const pickerUrl = `${base}/select-grantor${search}`;
  const chosen = (Form.useWatch("grantorId", form) as number | undefined) ?? null;
  const { result: grantor } = useOne<Grantor>({ resource: "grantors", id: chosen ?? undefined, queryOptions: { enabled: chosen !== null } });
  const choose = useCallback(
    (id: number) => {
      form.setFieldValue("grantorId", id);
      void form.validateFields(["grantorId"]).catch(() => undefined);
      go(formUrl);
    },
    [form, go, formUrl],
  );
  const keep = useCallback(
    (id: number) => {
      form.setFieldValue("grantorId", id);
      go(pickerUrl);
    },
    [form, go, pickerUrl],
  );
  const context = useMemo<GrantorPickerContext>(() => ({ chosen, choose, keep, go, formUrl, pickerUrl }), [chosen, choose, keep, go, formUrl, pickerUrl]);
  return (
    <Card size="small" title={t("captacao.sections.grantor")} style={{ marginBottom: 16 }}>
      <Form.Item name="grantorId" label={t("captacao.program.grantor")} required rules={[zodRule(programFields.shape.grantorId)]}>
        <Space wrap>
          <Typography.Text strong data-testid="program-grantor">
            {chosen === null ? t("captacao.program.noGrantor") : grantor ? `${grantor.acronym} - ${grantor.name}` : "…"}
          </Typography.Text>
          <Button icon={<ApartmentOutlined />} onClick={() => go(pickerUrl)}>
            {chosen === null ? t("captacao.program.chooseGrantor") : t("captacao.program.changeGrantor")}
          </Button>
        </Space>
      </Form.Item>
      <Outlet context={context} />
    </Card>
  );
}

/** /admin/programs/programs-add: the program's form; the grantor is picked in its own step (select-grantor). */
export function ProgramCreatePage() {
  const t = useT();
  const { formProps, saveButtonProps, form } = useForm<Program, HttpError>({ resource: "programs", action: "create", redirect: "list" });
  return (
    <Create title={t("documentTitle.programs.create")} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={fields.defaults?.()} scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} />
        <GrantorStep form={form} />
      </Form>
    </Create>
  );
}

/** /admin/programs/{programId}-edit: the same form, sending the record's version. */
export function ProgramEditPage() {
  const t = useT();
  const id = useRouteParam("id");
  const { formProps, saveButtonProps, query, record, conflict, form } = useEditForm<Program>({ resource: "programs", id, onSaved: () => undefined });
  if (query?.isError) return <Result status="404" title={t("resource.notFound")} />;
  return (
    <Edit title={t("documentTitle.programs.edit")} recordItemId={id} isLoading={query?.isLoading} saveButtonProps={saveButtonProps}>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={record} />
        <GrantorStep form={form} />
      </Form>
    </Edit>
  );
}
