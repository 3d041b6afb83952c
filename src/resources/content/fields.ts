import { describeFields, type CodeList } from "@/components/resource/fields";
import {
  LEGISLATION_KINDS,
  LEGISLATION_SPHERES,
  LEGISLATION_STATUSES,
  POST_STATUSES,
  blogPostCreateSchema,
  legislationCreateSchema,
  type BlogPost,
  type Legislation,
} from "@/domain/content";
import { todayInSaoPaulo } from "@/domain/dates";
import { TUTORIAL_AUDIENCES, documentModelCreateSchema, tutorialCreateSchema, type DocumentModel, type Tutorial } from "@/domain/library";
import { categoryPart, markdownPart, slugFrom } from "./form-parts";
import { ModelFile } from "./model-file";
import { categoryCell, modelDownload, modelText, normNumber, normText, officialLink, searchFor } from "./list-cells";

type Kind = Legislation["kind"];
type Sphere = Legislation["sphere"];
type LegislationStatus = Legislation["status"];
type PostStatus = BlogPost["status"];

const kinds: CodeList = { values: LEGISLATION_KINDS, label: (code) => `content.legislation.kinds.${code as Kind}` };
const spheres: CodeList = { values: LEGISLATION_SPHERES, label: (code) => `content.spheres.${code as Sphere}` };
const STATUS_COLORS: Record<LegislationStatus, string> = { VIGENTE: "green", REVOGADA: "red", ALTERADA: "orange" };
const legislationStatuses: CodeList = {
  values: LEGISLATION_STATUSES,
  label: (code) => `content.legislation.statuses.${code as LegislationStatus}`,
  color: (code) => STATUS_COLORS[code as LegislationStatus] ?? "default",
};
const postStatuses: CodeList = { values: POST_STATUSES, label: (code) => `content.postStatuses.${code as PostStatus}` };

/**
 * The norms transfers live by, newest first, with their ementa and official text (every signed-in user
 * reads; ADMIN adds, edits and removes). The category is a step of the form (`select-category`).
 */
export const legislationFields = describeFields<Legislation>({
  schema: legislationCreateSchema,
  titles: { list: "content.titles.legislations", create: "content.titles.legislationCreate", edit: "content.titles.legislationEdit" },
  createLabel: "content.titles.legislationCreate",
  defaultSort: { field: "date", order: "desc" },
  actions: ["edit", "delete"],
  columns: [
    { name: "kind", label: "content.legislation.kind", render: normNumber },
    { name: "date", label: "content.legislation.date", type: "date", sorter: true },
    { name: "title", label: "content.legislation.summary", render: normText },
    { name: "categoryId", label: "content.category", render: categoryCell("legislation") },
    { name: "status", label: "content.legislation.status", type: "code", codes: legislationStatuses },
    { name: "officialUrl", label: "content.openOfficial", render: officialLink },
  ],
  slots: {
    listTop: searchFor("legislation"),
    rowLabel: (row) => `${row.kind} ${row.number}/${row.year}`,
    formSections: [categoryPart("legislation", "routed")],
  },
  defaults: () => ({ kind: "LEI", sphere: "FEDERAL", status: "VIGENTE", year: new Date().getFullYear() }),
  sections: [
    {
      title: "content.sections.norm",
      fields: [
        { name: "kind", label: "content.legislation.kind", type: "code", codes: kinds },
        { name: "number", label: "content.legislation.number", maxLength: 40 },
        { name: "year", label: "content.fields.year", type: "integer" },
        { name: "date", label: "content.legislation.date", type: "date" },
        { name: "sphere", label: "content.fields.sphere", type: "code", codes: spheres },
        { name: "status", label: "content.legislation.status", type: "code", codes: legislationStatuses },
        { name: "title", label: "content.legislation.title", wide: true, maxLength: 200 },
        { name: "issuer", label: "content.fields.issuer", wide: true, maxLength: 200 },
        { name: "summary", label: "content.legislation.summary", type: "longText", maxLength: 4000 },
        { name: "officialUrl", label: "content.fields.officialUrl", wide: true, maxLength: 2000 },
        { name: "tags", label: "content.fields.tags", type: "lines", hint: "content.fields.tagsHint", wide: true },
      ],
    },
  ],
});

/** An article's form; the body (Markdown) and the category are fields of their own kind on the page. */
export const blogPostFields = describeFields<BlogPost>({
  schema: blogPostCreateSchema,
  slots: { formSections: [slugFrom("title"), categoryPart("blog", "state"), markdownPart("body", "content.fields.body", blogPostCreateSchema.shape.body)] },
  titles: { create: "content.titles.blogCreate", edit: "content.titles.blogEdit" },
  defaults: () => ({ status: "RASCUNHO" }),
  sections: [
    {
      title: "content.sections.post",
      fields: [
        { name: "title", label: "content.fields.title", wide: true, maxLength: 200 },
        { name: "slug", label: "content.fields.slug", hint: "content.fields.slugHint", maxLength: 120 },
        { name: "status", label: "content.fields.status", type: "code", codes: postStatuses },
        { name: "excerpt", label: "content.fields.excerpt", type: "longText", maxLength: 500 },
        { name: "coverUrl", label: "content.fields.coverUrl", wide: true, maxLength: 2000 },
        { name: "tags", label: "content.fields.tags", type: "lines", hint: "content.fields.tagsHint", wide: true },
      ],
    },
  ],
});

const audiences: CodeList = { values: TUTORIAL_AUDIENCES, label: (code) => `content.tutorials.audiences.${code as Tutorial["audience"]}` };

/**
 * The consultancy's document models (ofícios, declarações, planilhas), newest first, each downloadable
 * by every signed-in user. Its file is a form part (DocumentUpload) and the category a step of the form.
 */
export const documentModelFields = describeFields<DocumentModel>({
  schema: documentModelCreateSchema,
  titles: { list: "content.titles.models", create: "content.titles.modelCreate", edit: "content.titles.modelEdit" },
  createLabel: "content.titles.modelCreate",
  defaultSort: { field: "publishedOn", order: "desc" },
  actions: ["edit", "delete"],
  columns: [
    { name: "title", label: "content.fields.title", sorter: true, render: modelText },
    { name: "categoryId", label: "content.category", render: categoryCell("model") },
    { name: "revision", label: "content.models.revision" },
    { name: "publishedOn", label: "content.models.publishedOn", type: "date", sorter: true },
    { name: "downloadCount", label: "content.models.downloads", type: "integer", sorter: true },
  ],
  slots: {
    listTop: searchFor("model"),
    columns: [{ key: "download", title: "content.models.file", render: modelDownload }],
    rowLabel: (row) => row.title,
    formSections: [ModelFile, categoryPart("model", "routed")],
  },
  defaults: () => ({ publishedOn: todayInSaoPaulo() }),
  sections: [
    {
      title: "content.sections.model",
      fields: [
        { name: "title", label: "content.fields.title", wide: true, maxLength: 200 },
        { name: "description", label: "content.fields.description", type: "longText", maxLength: 2000 },
        { name: "revision", label: "content.models.revision", maxLength: 20 },
        { name: "publishedOn", label: "content.models.publishedOn", type: "date" },
      ],
    },
  ],
});

/** A tutorial's form; the content (Markdown) and the category are fields of their own kind on the page. */
export const tutorialFields = describeFields<Tutorial>({
  schema: tutorialCreateSchema,
  slots: { formSections: [categoryPart("tutorial", "routed"), markdownPart("body", "content.fields.tutorialBody", tutorialCreateSchema.shape.body)] },
  titles: { create: "content.titles.tutorialCreate", edit: "content.titles.tutorialEdit" },
  defaults: () => ({ audience: "TODOS", order: 0, published: false }),
  sections: [
    {
      title: "content.sections.tutorial",
      fields: [
        { name: "title", label: "content.fields.title", wide: true, maxLength: 200 },
        { name: "summary", label: "content.fields.summary", type: "longText", maxLength: 500 },
        { name: "videoUrl", label: "content.tutorials.videoUrl", wide: true, maxLength: 2000 },
        { name: "audience", label: "content.tutorials.audience", type: "code", codes: audiences },
        { name: "order", label: "content.tutorials.order", type: "integer" },
        { name: "published", label: "content.tutorials.published", type: "bool" },
      ],
    },
  ],
});
