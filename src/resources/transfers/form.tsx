import type { ReactNode } from "react";
import { useParams } from "react-router";
import { Create, Edit, useForm } from "@refinedev/antd";
import { Link, useGo, useInvalidate, useOne, useTranslate, type HttpError } from "@refinedev/core";
import { Card, Col, Form, Input, InputNumber, Result, Row, Select, Switch, Typography, type FormRule } from "antd";
import type { ZodType } from "zod";
import { formatCnpj } from "@brazilian-utils/brazilian-utils";
import { DateInput, MoneyInput, dateItemProps } from "@/components/form-inputs";
import { formatMoney } from "@/lib/format";
import { useActiveCompanyId } from "@/lib/use-active-company";
import { zodRule } from "@/lib/zod-rule";
import { infoPath, type TransferKindConfig } from "./kinds";
import type { TransferRow } from "./list";
import { SECTIONS, type TransferField } from "./sections";

type Translate = ReturnType<typeof useTranslate>;

const fieldLabel = (t: Translate, field: TransferField) => t(`transfers.fields.${field.label ?? field.name}`);

/** The field's schema refuses an empty value: the form marks it required, as the server does. */
const isRequired = (schema: ZodType) => !schema.safeParse(undefined).success;

/** The server's date-order refinement (end not before start), run on the pair as the form holds it. */
function dateOrderRule(config: TransferKindConfig, start: string, end: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const result = config.updateSchema.safeParse({ [start]: getFieldValue(start) ?? null, [end]: value ?? null });
      const issue = result.error?.issues.find((i) => i.path[0] === end);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** What Form.Item hands its child: the value, its change handler and the id its label points to. */
type ControlProps = Record<string, unknown>;

/** The input of one editable field, by its type; passes Form.Item's props through to the control. */
function FieldInput({ config, field, t, ...control }: { config: TransferKindConfig; field: TransferField; t: Translate } & ControlProps): ReactNode {
  switch (field.type) {
    case "money":
      return <MoneyInput {...control} />;
    case "date":
      return <DateInput {...control} />;
    case "integer":
      return <InputNumber<number> precision={0} style={{ width: "100%" }} inputMode="numeric" {...control} />;
    case "status":
      return <Select options={config.statusValues.map((value) => ({ value, label: t(`${config.statusGroup}.${value}`) }))} {...control} />;
    case "enum":
      return <Select options={(field.values ?? []).map((value) => ({ value, label: t(`${field.group}.${value}`) }))} {...control} />;
    case "bool":
      return <Switch {...control} />;
    case "cnpj":
      return <Input maxLength={18} placeholder="00.000.000/0000-00" autoComplete="off" {...control} />;
    case "longText":
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} {...control} />;
    default:
      return <Input autoComplete="off" {...control} />;
  }
}

function fieldHint(config: TransferKindConfig, field: TransferField, t: Translate): string | undefined {
  if (field.name === config.keyField) return t("transfers.form.example", { example: config.keyExample });
  if (field.name === "amendmentNumber") return t("transfers.form.amendmentNumber");
  if (field.type === "cnpj") return t("transfers.form.cnpj");
  return undefined;
}

/** A value the database computes: a live sum of the form's values, or what the payments made of it. */
function ComputedValue({ config, field, record, t }: { config: TransferKindConfig; field: TransferField; record?: TransferRow; t: Translate }) {
  const parts = config.sums[field.name];
  const form = Form.useFormInstance();
  const watched = Form.useWatch((values: Record<string, unknown>) => (parts ?? []).map((name) => values[name]), form);
  const value = parts ? (watched ?? []).reduce<number>((sum, v) => sum + (Number(v) || 0), 0) : record?.[field.name];
  const hint = parts
    ? t("transfers.form.sum", { fields: parts.map((name) => t(`transfers.fields.${name}`).toLowerCase()).join(" + ") })
    : t("transfers.form.fromPayments");
  return (
    <Form.Item label={fieldLabel(t, field)} extra={hint}>
      <Typography.Text strong data-testid={`computed-${field.name}`}>
        {formatMoney(typeof value === "boolean" ? null : (value ?? 0))}
      </Typography.Text>
    </Form.Item>
  );
}

/**
 * Every field of a transfer, in the info page's sections; the rules are the server's zod schemas.
 * Fields outside the schema (computed by the database) are shown read-only.
 */
function TransferFormFields({ config, record }: { config: TransferKindConfig; record?: TransferRow }) {
  const t = useTranslate();
  const shape = config.fieldsSchema.shape as Record<string, ZodType>;
  return SECTIONS[config.kind].map((section) => (
    <Card key={section.title} size="small" title={t(`transfers.sections.${section.title}`)} style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        {section.fields.map((field) => {
          const wide = field.type === "longText";
          const schema = shape[field.name];
          if (!schema) {
            return (
              <Col key={field.name} xs={24} md={12} lg={8}>
                <ComputedValue config={config} field={field} record={record} t={t} />
              </Col>
            );
          }
          const order = config.dateOrder.find(([, end]) => end === field.name);
          const rules: FormRule[] = [zodRule(schema), ...(order ? [dateOrderRule(config, order[0], order[1])] : [])];
          return (
            <Col key={field.name} xs={24} md={wide ? 24 : 12} lg={wide ? 24 : 8}>
              <Form.Item
                name={field.name}
                label={fieldLabel(t, field)}
                rules={rules}
                required={isRequired(schema)}
                extra={fieldHint(config, field, t)}
                dependencies={order ? [order[0]] : undefined}
                valuePropName={field.type === "bool" ? "checked" : "value"}
                {...(field.type === "date" ? dateItemProps : {})}
                {...(field.type === "cnpj" ? { getValueProps: (v?: string | null) => ({ value: v && /^[0-9A-Z]{14}$/.test(v) ? formatCnpj(v) : v }) } : {})}
              >
                <FieldInput config={config} field={field} t={t} />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
    </Card>
  ));
}

/** What a new transfer starts with: this year, public, and zero in every value. */
function createDefaults(config: TransferKindConfig): Record<string, unknown> {
  const values: Record<string, unknown> = { year: new Date().getFullYear(), isPublic: true };
  for (const section of SECTIONS[config.kind]) {
    for (const field of section.fields) {
      if (field.type === "money" && field.name in config.fieldsSchema.shape) values[field.name] = "0.00";
    }
  }
  if (config.kind === "voluntary") values.contractingSituation = "NORMAL";
  return values;
}

/** An ADMIN acts in one municipality at a time: without authComp there is no company to write in. */
function ChooseCompany() {
  const t = useTranslate();
  return (
    <Card>
      <Result status="info" title={t("transfers.form.chooseCompanyTitle")} subTitle={t("transfers.form.chooseCompany")} />
    </Card>
  );
}

function useNeedsCompany() {
  const { companyId, role, isLoading } = useActiveCompanyId();
  return !isLoading && role === "ADMIN" && companyId === null;
}

/** After a write, the lists, the info page (read by its route id) and the dashboard are stale. */
function useAfterSave(config: TransferKindConfig) {
  const invalidate = useInvalidate();
  const go = useGo();
  return async (record: TransferRow) => {
    await Promise.all([invalidate({ resource: config.resource, invalidates: ["all"] }), invalidate({ resource: "dashboard", invalidates: ["all"] })]);
    go({ to: infoPath(config, String(record[config.keyField])), type: "push" });
  };
}

/** {basePath}/create: a new transfer of the active company; then its info page. */
export function TransferCreate({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  const afterSave = useAfterSave(config);
  const needsCompany = useNeedsCompany();
  const { formProps, saveButtonProps } = useForm<TransferRow, HttpError>({
    resource: config.resource,
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => afterSave(data),
  });
  if (needsCompany) return <ChooseCompany />;
  return (
    <Create title={t(config.createTitleKey)} resource={config.resource} saveButtonProps={saveButtonProps} goBack={<Link to={config.basePath}>←</Link>}>
      <Form {...formProps} layout="vertical" initialValues={createDefaults(config)} scrollToFirstError>
        <TransferFormFields config={config} />
      </Form>
    </Create>
  );
}

/** {basePath}/edit/{NR_TRANSFER}: corrects a transfer; then back to its info page. */
export function TransferEdit({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  const { id: key = "" } = useParams();
  const afterSave = useAfterSave(config);
  const needsCompany = useNeedsCompany();
  // The route names the transfer by its natural key; the API writes it by its numeric id.
  const { result: transfer, query } = useOne<TransferRow>({
    resource: config.resource,
    id: `${config.keySegment}/${encodeURIComponent(key)}`,
    queryOptions: { retry: false, enabled: !needsCompany },
  });
  const { formProps, saveButtonProps } = useForm<TransferRow, HttpError>({
    resource: config.resource,
    action: "edit",
    id: transfer?.id,
    redirect: false,
    queryOptions: { enabled: Boolean(transfer), retry: false },
    onMutationSuccess: ({ data }) => afterSave(data),
  });
  if (needsCompany) return <ChooseCompany />;
  if (query.isError) {
    return <Result status="404" title={t("transfers.notFound")} extra={<Link to={config.basePath}>{t(config.titleKey)}</Link>} />;
  }
  const back = infoPath(config, key);
  return (
    <Edit
      title={t(config.editTitleKey, { nr: key })}
      resource={config.resource}
      recordItemId={transfer?.id}
      isLoading={!transfer && query.isLoading}
      saveButtonProps={{ ...saveButtonProps, disabled: !transfer || saveButtonProps.disabled }}
      goBack={<Link to={back}>←</Link>}
      canDelete={false}
      headerButtons={<Link to={back}>{t("transfers.form.back")}</Link>}
    >
      {transfer ? (
        <Form {...formProps} layout="vertical" scrollToFirstError>
          <TransferFormFields config={config} record={transfer} />
        </Form>
      ) : null}
    </Edit>
  );
}
