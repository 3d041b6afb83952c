import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { and, eq, sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentModelCreateSchema, documentModelRowSchema, tutorialCreateSchema, tutorialRowSchema } from "../../src/domain/library";
import { currentUser, hasRole, requireUser } from "../auth/guards";
import { documentModels, tutorials } from "../db/schema";
import { notFound } from "../lib/errors";
import { defineResource, resourcesPlugin, type WriteChange } from "../resources/define-resource";
import { attachDocument, forgetDocument, removeDocumentFile } from "../storage/documents";
import { sendDocument } from "../storage/serve";
import { categoryOf } from "./content";

/**
 * The library's document models and tutorials (issue 13): every signed-in user reads them, only ADMIN
 * writes. A model's file comes through the signed upload (kind `model`) and is downloaded, counted,
 * as an attachment from GET /api/document-models/{id}/download. Unpublished tutorials reach ADMIN only.
 */

const access = { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" } as const;
const isAdmin = (request: FastifyRequest) => hasRole(currentUser(request), ["ADMIN"]);
const checkModelCategory = categoryOf("model");
const checkTutorialCategory = categoryOf("tutorial");

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
    const { storagePath, ...rest } = await checkModelCategory(ctx, values);
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
  visible: (request) => (isAdmin(request) ? undefined : { key: "published", build: () => eq(tutorials.published, true) }),
  prepare: checkTutorialCategory,
  list: {
    search: [tutorials.title, tutorials.summary, tutorials.body],
    defaultSort: [{ field: "order", order: "asc" }, { field: "id", order: "asc" }],
  },
});

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Modelo não encontrado." }).max(2_147_483_647, "Modelo não encontrado.") });

const downloads: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/document-models/:id/download",
    { schema: { tags: ["conteúdo"], summary: "Baixa o arquivo de um modelo (como anexo, com o nome original) e conta o download", params: idParams }, preHandler: requireUser },
    async (request, reply) => {
      const [model] = await app.db
        .update(documentModels)
        .set({ downloadCount: sql`${documentModels.downloadCount} + 1` })
        .where(and(eq(documentModels.id, request.params.id)))
        .returning({ filePath: documentModels.filePath, contentType: documentModels.contentType, fileName: documentModels.fileName });
      if (!model) throw notFound("Modelo não encontrado.");
      return sendDocument(reply, app.storage.files, { storagePath: model.filePath, contentType: model.contentType, fileName: model.fileName });
    },
  );
};

const resources = resourcesPlugin(documentModelResource, tutorialResource);
const libraryPlugin: FastifyPluginAsync = async (app, options) => {
  await downloads(app, options);
  await resources(app, options);
};
export default libraryPlugin;
