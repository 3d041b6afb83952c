import { describeFields, type CodeList } from "@/components/resource/fields";
import { PLACEHOLDERS, REQUIREMENT_TYPES, requirementTemplateCreateSchema, type RequirementTemplate, type RequirementType } from "@/domain/requirements";
import { recipients } from "./fields";

const TYPE_COLORS: Record<RequirementType, string> = { CONVENIO: "blue", IMPOSITIVA: "purple", TEV: "cyan" };
export const templateTypes: CodeList = { values: REQUIREMENT_TYPES, label: (code) => `requirements.types.${code as RequirementType}`, color: (code) => TYPE_COLORS[code as RequirementType] };

const placeholderHint = () => PLACEHOLDERS.map((name) => `{{${name}}}`).join(" ");

/** A shared template (ADMIN writes): what it is for, to whom, and its text with the known placeholders. */
export default describeFields<RequirementTemplate>({
  schema: requirementTemplateCreateSchema,
  sections: [
    {
      fields: [
        { name: "type", label: "requirements.templates.fields.type", type: "code", codes: templateTypes },
        { name: "recipientKind", label: "requirements.fields.recipientKind", type: "code", codes: recipients },
        { name: "title", label: "requirements.templates.fields.title", wide: true, maxLength: 200 },
        { name: "purpose", label: "requirements.create.purpose", maxLength: 120 },
        { name: "description", label: "requirements.templates.fields.description", type: "longText", wide: true, maxLength: 1000 },
        { name: "subject", label: "requirements.fields.subject", wide: true, maxLength: 300, hint: placeholderHint },
        { name: "body", label: "requirements.fields.body", type: "longText", wide: true, maxLength: 20_000, hint: placeholderHint },
      ],
    },
  ],
  columns: [
    { name: "type", label: "requirements.templates.fields.type", type: "code", codes: templateTypes },
    { name: "title", label: "requirements.templates.fields.title" },
    { name: "purpose", label: "requirements.create.purpose" },
    { name: "recipientKind", label: "requirements.fields.recipientKind", type: "code", codes: recipients },
    { name: "description", label: "requirements.templates.fields.description", ellipsis: true },
  ],
});
