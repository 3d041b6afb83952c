import type { FastifyRequest } from "fastify";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  blogPostCreateSchema,
  blogPostRowSchema,
  categoryCreateSchema,
  categoryRowSchema,
  contentSearchHitSchema,
  contentSearchQuerySchema,
  legislationCreateSchema,
  legislationRowSchema,
  usefulLinkCreateSchema,
  usefulLinkRowSchema,
} from "../../src/domain/content";
import { documentModelCreateSchema, documentModelRowSchema, tutorialCreateSchema, tutorialRowSchema } from "../../src/domain/library";
import { passesGuard } from "../../src/domain/guards";
import { currentUser } from "../auth/guards";
import { blogPosts, categories, documentModels, legislations, tutorials, usefulLinks } from "../db/schema";
import { notFound } from "../lib/errors";
import { defineResource, type WriteChange } from "../resources/define-resource";
import { defineAction, fileResponse } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { idParams } from "../resources/params";
import { attachDocument, forgetDocument, removeDocumentFile } from "../storage/documents";
import { sendDocument } from "../storage/serve";
import { categoryOf } from "./categories";
import { searchContent } from "./search";

/**
 * The consultancy's library (issue 13): categories, norms, useful links, blog articles, document
 * models and tutorials, one set for every municipality. Every signed-in user reads it; only those
 * who pass the admin-only guard write it, and only they see blog drafts and unpublished tutorials.
 * A model's file comes through the signed upload (kind `model`) and is downloaded, counted, as an
 * attachment from GET /api/document-models/{id}/download; GET /api/content-search searches it all.
 */

const access = { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" } as const;

/** Drafts and unpublished tutorials are seen by whoever writes the library (its writing guard). */
const seesDrafts = (request: FastifyRequest) => passesGuard(currentUser(request).role, access.create);

export const categoryResource = defineResource({
  name: "categories",
  tag: "conteúdo",
  table: categories,
  scope: { kind: "shared" },
  access,
  row: categoryRowSchema,
  create: categoryCreateSchema,
  notFound: "Categoria não encontrada.",
  list: { search: [categories.name], defaultSort: [{ field: "order", order: "asc" }, { field: "name", order: "asc" }] },
});

export const legislationResource = defineResource({
  name: "legislations",
  tag: "conteúdo",
  table: legislations,
  scope: { kind: "shared" },
  access,
  row: legislationRowSchema,
  create: legislationCreateSchema,
  notFound: "Norma não encontrada.",
  prepare: categoryOf("legislation"),
  list: {
    search: [legislations.title, legislations.number, legislations.summary],
    defaultSort: [{ field: "date", order: "desc" }],
  },
});

export const usefulLinkResource = defineResource({
  name: "useful-links",
  tag: "conteúdo",
  table: usefulLinks,
  scope: { kind: "shared" },
  access,
  row: usefulLinkRowSchema,
  create: usefulLinkCreateSchema,
  notFound: "Link não encontrado.",
  prepare: categoryOf("link"),
  list: { search: [usefulLinks.title, usefulLinks.description], defaultSort: [{ field: "order", order: "asc" }] },
});


export const blogPostResource = defineResource({
  name: "blog-posts",
  tag: "conteúdo",
  table: blogPosts,
  scope: { kind: "shared" },
  access,
  row: blogPostRowSchema,
  create: blogPostCreateSchema,
  notFound: "Artigo não encontrado.",
  // Drafts exist only for ADMIN: to everyone else a draft is a 404 and never in a list.
  visible: (request) => (seesDrafts(request) ? undefined : { key: "published", build: () => eq(blogPosts.status, "PUBLICADO") }),
  prepare: async (ctx, values, existing) => {
    const checked = await categoryOf("blog")(ctx, values);
    const status = (checked.status ?? existing?.status) as string | undefined;
    const publishing = status === "PUBLICADO" && !existing?.publishedAt;
    return {
      ...checked,
      ...(existing ? {} : { authorName: ctx.user.name ?? ctx.user.email }),
      ...(publishing ? { publishedAt: ctx.now } : {}),
    };
  },
  list: {
    fields: ["id", "title", "slug", "categoryId", "status", "publishedAt", "createdAt", "updatedAt"],
    search: [blogPosts.title, blogPosts.excerpt, blogPosts.body],
    defaultSort: [{ field: "publishedAt", order: "desc" }, { field: "id", order: "desc" }],
  },
});

/** The file a change leaves behind: the replaced one on an update, the record's on a delete. */
const fileLeft = (change: WriteChange): string | null => {
  if (change.op === "delete") return change.row.filePath as string;
  if (change.op === "update" && change.before.filePath !== change.row.filePath) return change.before.filePath as string;
  return null;
};

export const documentModelResource = defineResource({
  name: "document-models",
  tag: "conteúdo",
  table: documentModels,
  scope: { kind: "shared" },
  access,
  row: documentModelRowSchema,
  create: documentModelCreateSchema,
  notFound: "Modelo não encontrado.",
  prepare: async (ctx, values, existing) => {
    const { storagePath, ...rest } = await categoryOf("model")(ctx, values);
    if (typeof storagePath !== "string" || storagePath === existing?.filePath) return rest;
    const file = await attachDocument(ctx.tx, { kind: "model", storagePath, ownerId: ctx.user.id, field: "storagePath", at: ctx.now });
    return { ...rest, filePath: storagePath, contentType: file.contentType, fileSize: file.size };
  },
  onWrite: async (ctx, change) => forgetDocument(ctx.tx, fileLeft(change)),
  afterCommit: (app, change) => removeDocumentFile(app, fileLeft(change)),
  list: {
    search: [documentModels.title, documentModels.description, documentModels.fileName],
    defaultSort: [{ field: "publishedOn", order: "desc" }, { field: "id", order: "desc" }],
  },
});

export const tutorialResource = defineResource({
  name: "tutorials",
  tag: "conteúdo",
  table: tutorials,
  scope: { kind: "shared" },
  access,
  row: tutorialRowSchema,
  create: tutorialCreateSchema,
  notFound: "Tutorial não encontrado.",
  // Unpublished tutorials exist only for ADMIN: to everyone else they are a 404 and never in a list.
  visible: (request) => (seesDrafts(request) ? undefined : { key: "published", build: () => eq(tutorials.published, true) }),
  prepare: categoryOf("tutorial"),
  list: {
    search: [tutorials.title, tutorials.summary, tutorials.body],
    defaultSort: [{ field: "order", order: "asc" }, { field: "id", order: "asc" }],
  },
});


const contentSearch = defineAction({
  method: "GET",
  path: "/content-search",
  tag: "conteúdo",
  summary: "Busca no blog, na legislação, nos modelos e nos tutoriais (texto completo, em português, sem acentos)",
  guard: "user-only",
  scope: { kind: "shared" },
  query: contentSearchQuerySchema,
  response: { 200: z.array(contentSearchHitSchema) },
  handler: ({ app, request, query }) => searchContent(app.db, query.q, seesDrafts(request)),
});

const modelParams = idParams("Modelo não encontrado.");

const modelDownload = defineAction({
  method: "GET",
  path: "/document-models/:id/download",
  tag: "conteúdo",
  summary: "Baixa o arquivo de um modelo (como anexo, com o nome original) e conta o download",
  guard: "user-only",
  scope: { kind: "shared" },
  params: modelParams,
  response: { 200: fileResponse },
  handler: async ({ app, reply, params }) => {
    const [model] = await app.db
      .update(documentModels)
      .set({ downloadCount: sql`${documentModels.downloadCount} + 1` })
      .where(eq(documentModels.id, params.id))
      .returning({ filePath: documentModels.filePath, contentType: documentModels.contentType, fileName: documentModels.fileName });
    if (!model) throw notFound("Modelo não encontrado.");
    return sendDocument(reply, app.storage.files, { storagePath: model.filePath, contentType: model.contentType, fileName: model.fileName });
  },
});

const declarations = areaPlugin(contentSearch, modelDownload, categoryResource, legislationResource, usefulLinkResource, blogPostResource, documentModelResource, tutorialResource);

/** /api/categories, legislations, useful-links, blog-posts, document-models (with their download), tutorials and content-search. */
export default declarations;
