import { useOutletContext } from "react-router";
import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Button, Drawer, Form, Select, Space } from "antd";
import { grantorFields, type Grantor } from "@/domain/captacao";
import { describeFields } from "@/components/resource/fields";
import { FormSections } from "@/components/resource/form-sections";
import { useEditForm } from "@/components/resource/edit-form";
import { useAllRecords } from "@/components/resource/use-all-records";
import { zodRule } from "@/lib/zod-rule";
import { useRouteParam } from "@/lib/use-route-param";
import { useT } from "@/providers/i18n";
import { CAPTACAO_CODES as CODES } from "./codes";
import type { GrantorPickerContext } from "./program-form";

/** A grantor's fields; its superior body is picked among the grantors (below). */
const fields = describeFields<Grantor>({
  schema: grantorFields,
  sections: [
    {
      fields: [
        { name: "acronym", label: "captacao.grantor.acronym", maxLength: 20 },
        { name: "name", label: "captacao.grantor.name", maxLength: 200, wide: true },
        { name: "siafiCode", label: "captacao.grantor.siafiCode", maxLength: 6 },
        { name: "superiorCode", label: "captacao.grantor.superiorCode", maxLength: 6 },
        { name: "cnpj", label: "captacao.grantor.cnpj", type: "cnpj" },
        { name: "kind", label: "captacao.grantor.kind", type: "code", codes: CODES.grantorKinds },
        { name: "sphere", label: "captacao.grantor.sphere", type: "code", codes: CODES.grantorSpheres },
      ],
    },
  ],
});

function ParentSelect({ self }: { self?: number }) {
  const t = useT();
  const { rows, loading } = useAllRecords<Grantor>({ resource: "grantors", sorters: [{ field: "name", order: "asc" }] });
  return (
    <Form.Item name="parentId" label={t("captacao.grantor.parent")} rules={[zodRule(grantorFields.shape.parentId)]}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        loading={loading}
        placeholder={t("captacao.grantor.noParent")}
        options={rows.filter((g) => g.id !== self).map((g) => ({ value: g.id, label: `${g.acronym} - ${g.name}` }))}
      />
    </Form.Item>
  );
}

function GrantorDrawer({ title, onSubmit, saving, children }: { title: string; onSubmit: () => void; saving: boolean; children: React.ReactNode }) {
  const t = useT();
  const { go, pickerUrl } = useOutletContext<GrantorPickerContext>();
  return (
    <Drawer
      open
      width={640}
      title={title}
      onClose={() => go(pickerUrl)}
      extra={
        <Space>
          <Button onClick={() => go(pickerUrl)}>{t("buttons.cancel")}</Button>
          <Button type="primary" loading={saving} onClick={onSubmit}>
            {t("buttons.save")}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}

/** select-grantor/add-grantor: a new grantor; saved, it goes back to the picker chosen. */
export function GrantorAddPage() {
  const t = useT();
  const { keep } = useOutletContext<GrantorPickerContext>();
  const { formProps, form, saveButtonProps } = useForm<Grantor, HttpError>({
    resource: "grantors",
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => keep(data.id),
  });
  return (
    <GrantorDrawer title={t("captacao.grantor.addTitle")} onSubmit={() => form.submit()} saving={Boolean(saveButtonProps.loading)}>
      <Form {...formProps} name="grantor" layout="vertical" initialValues={{ sphere: "FEDERAL", kind: "SECRETARIA" }}>
        <FormSections sections={fields.sections} schema={fields.schema} />
        <ParentSelect />
      </Form>
    </GrantorDrawer>
  );
}

/** select-grantor/{grantorId}-edit: a grantor's data; saved, it goes back to the picker chosen. */
export function GrantorEditPage() {
  const t = useT();
  const { keep } = useOutletContext<GrantorPickerContext>();
  const id = useRouteParam("grantorId");
  const { formProps, form, saveButtonProps, conflict, record } = useEditForm<Grantor>({ resource: "grantors", id, onSaved: (row) => keep(row.id) });
  return (
    <GrantorDrawer title={t("captacao.grantor.editTitle")} onSubmit={() => form.submit()} saving={Boolean(saveButtonProps.loading)}>
      {conflict}
      <Form {...formProps} name="grantor" layout="vertical">
        <FormSections sections={fields.sections} schema={fields.schema} record={record} />
        <ParentSelect self={record?.id} />
      </Form>
    </GrantorDrawer>
  );
}
