import { describeFields } from "@/components/resource/fields";
import { quoteFields, quoteUpdateSchema, type Quote } from "@/domain/quotes";
import { QUOTE_CODES as CODES } from "./codes";

/** The item of a price research: its form (create page, edit page) and its data on the item's page. */
export default describeFields<Quote>({
  schema: quoteFields,
  updateSchema: quoteUpdateSchema,
  titles: { list: "quotes.titles.list", create: "quotes.titles.create", edit: "quotes.titles.edit", show: "quotes.titles.show" },
  sections: [
    {
      title: "quotes.sections.item",
      fields: [
        { name: "itemDescription", label: "quotes.fields.itemDescription", wide: true, maxLength: 500, placeholder: "quotes.fields.itemPlaceholder" },
        { name: "catmatCode", label: "quotes.fields.catmatCode", hint: "quotes.fields.catmatHint", maxLength: 9 },
        { name: "unit", label: "quotes.fields.unit", maxLength: 20 },
        { name: "quantity", label: "quotes.fields.quantity" },
        { name: "status", label: "quotes.fields.status", type: "code", codes: CODES.statuses, hint: "quotes.statusHint" },
        { name: "notes", label: "quotes.fields.notes", type: "longText" },
      ],
    },
  ],
  defaults: () => ({ status: "EM_ANDAMENTO" }),
});
