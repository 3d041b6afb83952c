import { Card, Col, Row } from "antd";
import type { ZodObject, ZodType } from "zod";
import { useT } from "@/providers/i18n";
import { allFields, isEditable, type FieldSection, type FieldSpec } from "./fields";
import { ComputedItem, FieldItem } from "./field-input";

interface FormSectionsProps<Row> {
  sections: FieldSection<Row>[];
  /** Each field's rules (the domain's zod object); a field it does not name is shown, not asked for. */
  schema?: ZodObject;
  /** Rules across fields (`notBefore`). */
  updateSchema?: ZodType;
  /** The record being edited, for values the server computes. */
  record?: Row;
}

const width = <Row,>(field: FieldSpec<Row>) => (field.wide ?? field.type === "longText" ? { xs: 24, md: 24, lg: 24 } : { xs: 24, md: 12, lg: 8 });

/**
 * A record's form, one card per section in the show page's order: editable fields with the server's
 * rules, computed ones read-only. Place it inside an antd `<Form>` (Refine's `formProps`).
 */
export function FormSections<Row>({ sections, schema, updateSchema, record }: FormSectionsProps<Row>) {
  const t = useT();
  const labels = new Map(allFields(sections).map((field) => [field.name as string, field.label]));
  return sections.map((section, i) => {
    const fields = (
      <Row gutter={16}>
        {section.fields.map((field) => (
          <Col key={field.name} {...width(field)}>
            {isEditable(field, schema) ? (
              <FieldItem field={field} schema={schema} updateSchema={updateSchema} />
            ) : (
              <ComputedItem field={field} record={record} partLabels={(field.computed?.sumOf ?? []).map((name) => t(labels.get(name) ?? "resource.form.value"))} />
            )}
          </Col>
        ))}
      </Row>
    );
    return section.title ? (
      <Card key={section.title} size="small" title={t(section.title)} style={{ marginBottom: 16 }}>
        {fields}
      </Card>
    ) : (
      <div key={i}>{fields}</div>
    );
  });
}
