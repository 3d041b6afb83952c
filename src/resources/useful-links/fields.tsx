import type { ReactNode } from "react";
import { Card, Typography } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { describeFields } from "@/components/resource/fields";
import { usefulLinkCreateSchema, type UsefulLink } from "@/domain/content";
import { categoryPart } from "../content/form-parts";
import { useCategories } from "../content/categories";
import { CategoryTag } from "../content/category-tag";
import { SearchBox } from "../content/search-box";

/** One portal as a card: its title opens it in a new tab; its category; edit and remove for ADMIN. */
function LinkCard({ row: link, actions }: { row: UsefulLink; actions: ReactNode }) {
  const { categoryOf } = useCategories("link");
  const category = categoryOf(link.categoryId);
  return (
    <Card
      title={
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          {link.title} <ExportOutlined />
        </a>
      }
      extra={category ? <CategoryTag category={category} /> : null}
      actions={[actions]}
      style={{ height: "100%" }}
    >
      <Typography.Paragraph style={{ marginBottom: 4 }}>{link.description}</Typography.Paragraph>
      <Typography.Text type="secondary" style={{ wordBreak: "break-all" }}>
        {link.url}
      </Typography.Text>
    </Card>
  );
}

/** The useful links: the generic pages (cards in the consultancy's order, a form, removal) plus these slots. */
export default describeFields<UsefulLink>({
  schema: usefulLinkCreateSchema,
  titles: { list: "usefulLinks.titles.list", create: "usefulLinks.titles.create", edit: "usefulLinks.titles.edit" },
  createLabel: "usefulLinks.titles.create",
  defaults: () => ({ order: 0 }),
  defaultSort: { field: "order", order: "asc" },
  pageSize: 50,
  actions: ["edit", "delete"],
  sections: [
    {
      fields: [
        { name: "title", label: "usefulLinks.fields.title", maxLength: 160 },
        { name: "url", label: "usefulLinks.fields.url", wide: true, maxLength: 2000, placeholder: "usefulLinks.fields.urlPlaceholder" },
        { name: "description", label: "usefulLinks.fields.description", type: "longText", maxLength: 1000 },
        { name: "order", label: "usefulLinks.fields.order", type: "integer", hint: "usefulLinks.fields.orderHint" },
      ],
    },
  ],
  slots: {
    listTop: ({ setFilters }) => <SearchBox setFilters={setFilters} scope="link" />,
    card: LinkCard,
    rowLabel: (link) => link.title,
    formSections: [categoryPart("link", "state")],
  },
});
