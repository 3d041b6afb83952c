import type { ReactNode } from "react";
import { Form, Input, InputNumber, Select, Switch, Typography, type FormRule } from "antd";
import type { ZodObject, ZodType } from "zod";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { DateInput, MoneyInput, dateItemProps } from "@/components/form-inputs";
import { formatMoney } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT, type Translate } from "@/providers/i18n";
import { hintText, isRequired, type FieldSpec } from "./fields";

/** What Form.Item hands its child: the value, its change handler and the id its label points to. */
type ControlProps = Record<string, unknown>;

/** The input of one field, by its type; passes Form.Item's props through to the control. */
export function FieldInput<Row>({ field, ...control }: { field: FieldSpec<Row> } & ControlProps): ReactNode {
  const t = useT();
  const text = { maxLength: field.maxLength, placeholder: field.placeholder ? t(field.placeholder) : undefined };
  switch (field.type) {
    case "money":
      return <MoneyInput {...control} />;
    case "date":
    case "datetime":
      return <DateInput {...control} />;
    case "integer":
      return <InputNumber<number> precision={0} style={{ width: "100%" }} inputMode="numeric" {...control} />;
    case "code":
      return <Select options={(field.codes?.values ?? []).map((value) => ({ value, label: t(field.codes!.label(value)) }))} placeholder={text.placeholder} {...control} />;
    case "codes":
      return <Select mode="multiple" allowClear options={(field.codes?.values ?? []).map((value) => ({ value, label: t(field.codes!.label(value)) }))} placeholder={text.placeholder} {...control} />;
    case "lines":
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={text.placeholder} {...control} />;
    case "bool":
      return <Switch {...control} />;
    case "cnpj":
      return <Input maxLength={18} placeholder="00.000.000/0000-00" autoComplete="off" {...control} />;
    case "longText":
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} {...text} {...control} />;
    default:
      return <Input autoComplete="off" {...text} {...control} />;
  }
}

/** A cross-field rule: run the update schema on the pair, as the server will, and show its message here. */
function notBeforeRule(updateSchema: ZodType, start: string, end: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const result = updateSchema.safeParse({ [start]: getFieldValue(start) ?? null, [end]: value ?? null });
      const issue = result.error?.issues.find((i) => i.path[0] === end);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** Form.Item props by type: dates travel as ISO days, switches as `checked`, CNPJs shown formatted. */
function valueProps<Row>(field: FieldSpec<Row>) {
  if (field.type === "date") return dateItemProps;
  if (field.type === "bool") return { valuePropName: "checked" };
  // One text per line in the box, a list in the form's value (blank lines dropped when sent).
  if (field.type === "lines")
    return {
      getValueProps: (v?: string[] | null) => ({ value: (v ?? []).join("\n") }),
      normalize: (v: string) => v.split("\n"),
    };
  if (field.type === "cnpj") return { getValueProps: (v?: string | null) => ({ value: v && /^[0-9A-Z]{14}$/.test(v) ? formatCnpj(v) : v }) };
  return {};
}

/** One editable field: label, the server's rules and message, its hint, and the input by type. */
export function FieldItem<Row>({ field, schema, updateSchema }: { field: FieldSpec<Row>; schema?: ZodObject; updateSchema?: ZodType }) {
  const t = useT();
  const own = (schema?.shape as Record<string, ZodType> | undefined)?.[field.name];
  const order = field.notBefore && updateSchema ? notBeforeRule(updateSchema, field.notBefore, field.name) : undefined;
  const rules: FormRule[] = [...(own ? [zodRule(own)] : []), ...(order ? [order] : [])];
  return (
    <Form.Item
      name={field.name as string}
      label={t(field.label)}
      rules={rules}
      required={isRequired(own)}
      extra={hintText(field, t)}
      dependencies={field.notBefore ? [field.notBefore] : undefined}
      {...valueProps(field)}
    >
      <FieldInput field={field} />
    </Form.Item>
  );
}

/**
 * A value the server computes: the live sum of the form's fields it adds up (`partLabels` name them
 * in the hint), or the record's value.
 */
export function ComputedItem<Row>({ field, record, partLabels = [] }: { field: FieldSpec<Row>; record?: Row; partLabels?: string[] }) {
  const t = useT();
  const parts = field.computed?.sumOf;
  const form = Form.useFormInstance();
  const watched = Form.useWatch((values: Record<string, unknown>) => (parts ?? []).map((name) => values[name]), form);
  const value = parts ? (watched ?? []).reduce<number>((sum, v) => sum + (Number(v) || 0), 0) : record?.[field.name];
  return (
    <Form.Item label={t(field.label)} extra={computedHint(field, t, partLabels)}>
      <Typography.Text strong data-testid={`computed-${field.name}`}>
        {field.type === "money" || parts ? formatMoney((value as string | number | null | undefined) ?? 0) : String(value ?? "—")}
      </Typography.Text>
    </Form.Item>
  );
}

function computedHint<Row>(field: FieldSpec<Row>, t: Translate, partLabels: string[]): string | undefined {
  if (field.computed?.hint) return t(field.computed.hint);
  if (field.computed?.sumOf) return t("resource.form.sum", { fields: partLabels.map((label) => label.toLowerCase()).join(" + ") });
  return hintText(field, t);
}
