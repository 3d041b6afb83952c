import type { ReactNode } from "react";
import { Descriptions, Tag } from "antd";
import dayjs from "dayjs";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { formatDate, formatMoney } from "@/lib/format";
import { useT, type Translate } from "@/providers/i18n";
import { Tooltip } from "@/components/tooltip";
import type { CodeList, FieldSection, FieldSpec } from "./fields";

/** A code by its label, as a coloured tag when the list has colours, with what it means on hover when the list says. */
export function CodeTag({ codes, code }: { codes: CodeList; code: string | null | undefined }) {
  const t = useT();
  if (!code) return null;
  const label = t(codes.label(code), code);
  const shown = codes.color ? <Tag color={codes.color(code)}>{label}</Tag> : <span>{label}</span>;
  return codes.hint ? <Tooltip title={t(codes.hint(code))}>{shown}</Tooltip> : shown;
}

/** A number with separators and no spaces (a transfer or process number): it never breaks at its hyphen or slash. */
const FIGURE = /^[\d.\-/]+$/;
const ONE_LINE = { whiteSpace: "nowrap" as const };

/** One field's value as people read it, by the field's type ("—" when empty). */
export function fieldValue<Row>(field: FieldSpec<Row>, value: unknown, t: Translate): ReactNode {
  if (value === null || value === undefined || value === "") return "—";
  switch (field.type) {
    case "money":
      return formatMoney(value as string);
    case "date":
      return formatDate(String(value));
    case "datetime":
      return dayjs(String(value)).format("DD/MM/YYYY HH:mm:ss");
    case "code":
      return field.codes ? <CodeTag codes={field.codes} code={String(value)} /> : String(value);
    case "codes":
      return Array.isArray(value) && value.length ? value.map((code: string) => (field.codes ? <CodeTag key={code} codes={field.codes} code={code} /> : <Tag key={code}>{code}</Tag>)) : "—";
    case "lines":
      return Array.isArray(value) && value.length ? value.join(", ") : "—";
    case "bool":
      if (field.bool) return value ? <Tag color="green">{t(field.bool.yes)}</Tag> : <Tag>{t(field.bool.no)}</Tag>;
      return value ? t("resource.yes") : t("resource.no");
    case "cnpj":
      return <span style={ONE_LINE}>{formatCnpj(String(value))}</span>;
    default:
      return FIGURE.test(String(value)) ? <span style={ONE_LINE}>{String(value)}</span> : String(value);
  }
}

/** A record's fields in its sections (the show page), each value by its type. */
export function ViewSections<Row>({ sections, record }: { sections: FieldSection<Row>[]; record: Row }) {
  const t = useT();
  return sections.map((section, i) => (
    <Descriptions
      key={section.title ?? i}
      title={section.title ? t(section.title) : undefined}
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 1, xxl: 2 }}
      labelStyle={{ width: 180 }}
      style={{ marginBottom: 16 }}
      items={section.fields.map((field) => ({
        key: field.name,
        label: t(field.label),
        span: field.wide ? "filled" : undefined,
        children: fieldValue(field, record[field.name], t),
      }))}
    />
  ));
}
