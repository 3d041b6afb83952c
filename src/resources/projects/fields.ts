import { describeFields } from "@/components/resource/fields";
import { projectFields, projectUpdateSchema, type Project } from "@/domain/projects";
import { PROJECT_CODES as CODES } from "./codes";

/** The project's form (create and edit dialog); the responsible person and the proposal are pickers beside it. */
export default describeFields<Project>({
  schema: projectFields,
  updateSchema: projectUpdateSchema,
  titles: { list: "projects.titles.list", create: "projects.titles.create" },
  sections: [
    {
      title: "projects.sections.project",
      fields: [
        { name: "title", label: "projects.fields.title", wide: true, maxLength: 200 },
        { name: "object", label: "projects.fields.object", type: "longText" },
        { name: "status", label: "projects.fields.status", type: "code", codes: CODES.statuses },
        { name: "policyArea", label: "projects.fields.policyArea", hint: "projects.fields.policyAreaHint" },
      ],
    },
    {
      title: "projects.sections.dates",
      fields: [
        { name: "startDate", label: "projects.fields.startDate", type: "date" },
        { name: "endDate", label: "projects.fields.endDate", type: "date", notBefore: "startDate" },
        { name: "totalValue", label: "projects.fields.totalValue", type: "money" },
      ],
    },
    {
      title: "projects.sections.place",
      fields: [
        { name: "address", label: "projects.fields.address", wide: true },
        { name: "latitude", label: "projects.fields.latitude" },
        { name: "longitude", label: "projects.fields.longitude" },
      ],
    },
  ],
  defaults: () => ({ status: "PLANEJAMENTO" }),
});
