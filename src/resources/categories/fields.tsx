import { ColorPicker, Form } from "antd";
import { describeFields, type CodeList } from "@/components/resource/fields";
import { CATEGORY_SCOPES, categoryCreateSchema, type Category, type CategoryScope } from "@/domain/content";
import { useT } from "@/providers/i18n";
import { CategoryTag } from "../content/category-tag";
import { slugFrom } from "../content/form-parts";

const scopes: CodeList = { values: CATEGORY_SCOPES, label: (code) => `categories.scopes.${code as CategoryScope}` };

/** The tag's color, picked (antd's picker hands an object; the server keeps `#rrggbb`). */
function ColorPart() {
  const t = useT();
  return (
    <Form.Item name="color" label={t("categories.fields.color")} getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}>
      <ColorPicker disabledAlpha format="hex" showText aria-label={t("categories.fields.color")} />
    </Form.Item>
  );
}

/** A category: its area, name, identifier, color and order; removing one leaves its content uncategorized. */
export default describeFields<Category>({
  schema: categoryCreateSchema,
  titles: { list: "categories.titles.list", create: "categories.titles.create", edit: "categories.titles.edit" },
  createLabel: "categories.titles.create",
  defaults: () => ({ scope: "legislation", color: "#1677ff", order: 0 }),
  defaultSort: { field: "order", order: "asc" },
  actions: ["edit", "delete"],
  sections: [
    {
      fields: [
        { name: "scope", label: "categories.fields.scope", type: "code", codes: scopes },
        { name: "name", label: "categories.fields.name", maxLength: 80 },
        { name: "slug", label: "categories.fields.slug", hint: "content.fields.slugHint", maxLength: 120 },
        { name: "order", label: "categories.fields.order", type: "integer" },
      ],
    },
  ],
  columns: [
    { name: "name", label: "categories.fields.name", sorter: true, render: (row) => <CategoryTag category={row} /> },
    { name: "scope", label: "categories.fields.scope", type: "code", codes: scopes, filter: "codes" },
    { name: "slug", label: "categories.fields.slug" },
    { name: "order", label: "categories.fields.order", type: "integer", sorter: true },
  ],
  slots: {
    rowLabel: (category) => category.name,
    formSections: [ColorPart, slugFrom("name")],
  },
});
