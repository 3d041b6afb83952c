import { z } from "zod";
import { linkOf, optionalCalendarDate, optionalLinkOf } from "./fields";
import { recordFields, wire } from "./wire";
import { requiredText, optionalText } from "./inputs";

/**
 * The consultancy's library, one set for every municipality (shared resources, no company_id):
 * categories, legislation, useful links and blog posts. Create schemas are shared by the forms and the
 * server; row schemas are what the API sends.
 */

// ---------- vocabularies ----------

export const CATEGORY_SCOPES = ["blog", "legislation", "model", "tutorial", "link"] as const;
export type CategoryScope = (typeof CATEGORY_SCOPES)[number];

export const LEGISLATION_KINDS = [
  "CF",
  "EC",
  "LC",
  "LEI",
  "DECRETO",
  "PORTARIA",
  "PORTARIA_CONJUNTA",
  "IN",
  "RESOLUCAO",
  "ACORDAO",
  "NOTA_TECNICA",
] as const;
export type LegislationKind = (typeof LEGISLATION_KINDS)[number];

export const LEGISLATION_SPHERES = ["FEDERAL", "ESTADUAL", "MUNICIPAL"] as const;
export const LEGISLATION_STATUSES = ["VIGENTE", "REVOGADA", "ALTERADA"] as const;
export const POST_STATUSES = ["RASCUNHO", "PUBLICADO"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

// ---------- input pieces ----------

/** An optional link: "" (a cleared field) or null means none, so a filled link can be emptied. */
const optionalUrl = optionalLinkOf();

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z
  .string({ message: "Informe o identificador (slug)." })
  .trim()
  .min(1, "Informe o identificador (slug).")
  .max(120, "O identificador deve ter no máximo 120 caracteres.")
  .regex(SLUG, "O identificador deve ter só letras minúsculas, números e hífens (ex.: lc-210-2024).");
const categoryId = z
  .number({ message: "Escolha uma categoria válida." })
  .int("Escolha uma categoria válida.")
  .positive("Escolha uma categoria válida.")
  .nullable()
  .optional()
  .transform((v) => v ?? null);
const tags = z
  .array(z.string().trim().min(1, "Etiqueta vazia.").max(40, "Cada etiqueta deve ter no máximo 40 caracteres."), {
    message: "Etiquetas inválidas.",
  })
  .max(20, "No máximo 20 etiquetas.")
  .default([]);
const order = z.number({ message: "Ordem inválida." }).int("Ordem inválida.").min(0, "Ordem inválida.").max(10_000, "Ordem inválida.").default(0);
/** Turns a title into a URL identifier: "Lei Complementar nº 210" → "lei-complementar-no-210". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
}

// ---------- categories ----------

export const categoryCreateSchema = z.object({
  scope: z.enum(CATEGORY_SCOPES, { message: "Escolha onde a categoria é usada." }),
  name: requiredText("o nome", 80),
  slug,
  color: z
    .string({ message: "Cor inválida." })
    .regex(/^#[0-9a-fA-F]{6}$/, "Cor inválida: use o formato #RRGGBB.")
    .default("#1677ff"),
  order,
});
export type CategoryCreate = z.input<typeof categoryCreateSchema>;

export const categoryRowSchema = z.object({
  ...recordFields,
  scope: wire.oneOf(CATEGORY_SCOPES),
  name: wire.text(),
  slug: wire.text(),
  color: wire.text(),
  order: wire.int(),
});
export type Category = z.infer<typeof categoryRowSchema>;

// ---------- legislation ----------

export const legislationCreateSchema = z.object({
  kind: z.enum(LEGISLATION_KINDS, { message: "Escolha o tipo de norma." }),
  number: requiredText("o número", 40),
  year: z.number({ message: "Informe o ano." }).int("Ano inválido.").min(1824, "Ano inválido.").max(2100, "Ano inválido."),
  // A law's date: from the Empire's first laws (as the year allows) to today, never ahead.
  date: optionalCalendarDate("a data da norma", { from: "1824-01-01", executed: true }),
  title: requiredText("o título", 200),
  issuer: optionalText("Órgão emissor", 200),
  summary: requiredText("a ementa", 4000),
  officialUrl: optionalUrl,
  sphere: z.enum(LEGISLATION_SPHERES, { message: "Escolha a esfera." }).default("FEDERAL"),
  status: z.enum(LEGISLATION_STATUSES, { message: "Escolha a situação." }).default("VIGENTE"),
  categoryId,
  tags,
});
export type LegislationCreate = z.input<typeof legislationCreateSchema>;

export const legislationRowSchema = z.object({
  ...recordFields,
  kind: wire.oneOf(LEGISLATION_KINDS),
  number: wire.text(),
  year: wire.int(),
  date: wire.dateOrNull(),
  title: wire.text(),
  issuer: wire.textOrNull(),
  summary: wire.text(),
  officialUrl: wire.textOrNull(),
  sphere: wire.oneOf(LEGISLATION_SPHERES),
  status: wire.oneOf(LEGISLATION_STATUSES),
  categoryId: wire.intOrNull(),
  tags: z.array(z.string()),
});
export type Legislation = z.infer<typeof legislationRowSchema>;

// ---------- useful links ----------

export const usefulLinkCreateSchema = z.object({
  title: requiredText("o título", 160),
  url: linkOf(),
  description: optionalText("Descrição", 1000),
  categoryId,
  order,
});
export type UsefulLinkCreate = z.input<typeof usefulLinkCreateSchema>;

export const usefulLinkRowSchema = z.object({
  ...recordFields,
  title: wire.text(),
  url: wire.text(),
  description: wire.textOrNull(),
  categoryId: wire.intOrNull(),
  order: wire.int(),
});
export type UsefulLink = z.infer<typeof usefulLinkRowSchema>;

// ---------- blog ----------

export const blogPostCreateSchema = z.object({
  title: requiredText("o título", 200),
  slug,
  excerpt: requiredText("o resumo", 500),
  /** Markdown; rendered sanitized (no raw HTML, no script, no handlers). */
  body: requiredText("o texto", 100_000),
  coverUrl: optionalUrl,
  categoryId,
  tags,
  status: z.enum(POST_STATUSES, { message: "Escolha a situação: rascunho ou publicado." }).default("RASCUNHO"),
});
export type BlogPostCreate = z.input<typeof blogPostCreateSchema>;

export const blogPostRowSchema = z.object({
  ...recordFields,
  title: wire.text(),
  slug: wire.text(),
  excerpt: wire.text(),
  body: wire.text(),
  coverUrl: wire.textOrNull(),
  categoryId: wire.intOrNull(),
  tags: z.array(z.string()),
  status: wire.oneOf(POST_STATUSES),
  publishedAt: wire.timestampOrNull(),
  authorName: wire.textOrNull(),
});
export type BlogPost = z.infer<typeof blogPostRowSchema>;

// ---------- search over the whole library ----------

export const CONTENT_SEARCH_KINDS = ["blog", "legislation", "model", "tutorial"] as const;
export type ContentSearchKind = (typeof CONTENT_SEARCH_KINDS)[number];

export const contentSearchQuerySchema = z.object({
  q: z
    .string({ message: "Digite o que procura." })
    .trim()
    .min(2, "Digite ao menos 2 letras para buscar.")
    .max(200, "A busca deve ter no máximo 200 caracteres."),
});

/** One hit, best first: its snippet in pieces, the words the search matched marked (never HTML). */
export const contentSearchHitSchema = z.object({
  kind: z.enum(CONTENT_SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
  rank: z.number(),
});
export type ContentSearchHit = z.infer<typeof contentSearchHitSchema>;

/** The input pieces other library areas (models, tutorials) share with these. */
export { categoryId as categoryIdInput, order as orderInput };
