import type { FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  RESPONSIBLE_MESSAGE,
  caucImportResultSchema,
  regularityItemCreateSchema,
  regularityItemRowSchema,
  regularityItemUpdateSchema,
  regularitySnapshotRowSchema,
} from "../../src/domain/regularity";
import { attachDocument, forgetDocument, removeDocumentFile } from "../storage/documents";
import { sendDocument } from "../storage/serve";
import type { WriteChange } from "../resources/define-resource";
import { regularityItems, regularitySnapshots, users } from "../db/schema";
import { HttpError, notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineResource, type StoredRow, type WriteContext } from "../resources/define-resource";
import { defineAction, fileResponse } from "../resources/define-action";
import { areaPlugin, type Declared } from "../resources/declared";
import { parseCaucFile } from "./cauc-csv";
import { applyCaucFile, takeSnapshot } from "./import";
import { regularityOverview } from "./queries";
import { fetchCaucFile } from "./tesouro";
import { todayInSaoPaulo } from "../../src/domain/dates";

/**
 * Regularity (issue 16): the company's CAUC items and other certificates. Every signed-in user of the
 * company reads them; MANAGER and ADMIN update an item by hand (with evidence) and add other
 * certificates; ADMIN imports the Tesouro's national file. Every change keeps the day's snapshot of
 * the counts, for the evolution chart.
 */

const MAX_FILE_BYTES = 50 * 1024 * 1024;
const TAG = "regularidade";

registerConstraintMessage("regularity_items_company_code_key", "Já existe um item com este código nesta prefeitura.", "code");

/** The evidence file a change leaves behind: the replaced or removed one, or the item's on a delete. */
const evidenceLeft = (change: WriteChange): string | null => {
  if (change.op === "delete") return (change.row.evidencePath as string | null) ?? null;
  if (change.op === "update" && change.before.evidencePath && change.before.evidencePath !== change.row.evidencePath) return change.before.evidencePath as string;
  return null;
};

/** The evidence as a document: a new upload (kind evidence, by the person saving) is attached with its name; null removes it. */
async function withEvidence(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined): Promise<Record<string, unknown>> {
  const { evidencePath, evidenceName, ...rest } = values;
  if (evidencePath === null) return { ...rest, evidencePath: null, evidenceName: null, evidenceType: null };
  if (typeof evidencePath === "string" && evidencePath !== existing?.evidencePath) {
    if (typeof evidenceName !== "string") {
      const message = "Informe o nome do arquivo do comprovante.";
      throw unprocessable(message, { evidenceName: message });
    }
    const file = await attachDocument(ctx.tx, { kind: "evidence", storagePath: evidencePath, ownerId: ctx.user.id, field: "evidencePath", at: ctx.now });
    return { ...rest, evidencePath, evidenceName, evidenceType: file.contentType };
  }
  return typeof evidenceName === "string" && existing?.evidencePath ? { ...rest, evidenceName } : rest;
}

/**
 * The responsible person is one of the municipality's active users: the item keeps the user and, as
 * the name shown, the user's name. Clearing the pick clears that name; an item written before people
 * were picked keeps its typed name until someone is picked.
 */
async function responsibleOf(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined): Promise<Record<string, unknown>> {
  if (!("responsibleUserId" in values)) return {};
  const userId = values.responsibleUserId;
  // No one picked: un-picking a user clears that user's name; a name typed before (or now) stays.
  if (typeof userId !== "number") return existing?.responsibleUserId != null && !values.responsibleName ? { responsibleName: null } : {};
  const companyId = (existing?.companyId ?? ctx.companyId) as number | null;
  const [person] =
    companyId === null
      ? []
      : await ctx.tx
          .select({ name: users.name })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.active, true)));
  if (!person) throw unprocessable(RESPONSIBLE_MESSAGE, { responsibleUserId: RESPONSIBLE_MESSAGE });
  return { responsibleName: person.name.slice(0, 120) };
}

export const regularityItemResource = defineResource({
  name: "regularity-items",
  tag: TAG,
  table: regularityItems,
  scope: { kind: "tenant" },
  access: { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" },
  row: regularityItemRowSchema,
  create: regularityItemCreateSchema,
  update: regularityItemUpdateSchema,
  notFound: "Item de regularidade não encontrado.",
  prepare: async (ctx, values, existing) => {
    const today = todayInSaoPaulo(ctx.now.getTime());
    const checkedOn = (values.checkedOn ?? existing?.checkedOn) as string;
    if (checkedOn > today) {
      const message = "A data da verificação não pode estar no futuro.";
      throw unprocessable(message, { checkedOn: message });
    }
    return { ...(await withEvidence(ctx, values, existing)), ...(await responsibleOf(ctx, values, existing)), updatedBy: "MANUAL" };
  },
  afterCommit: (app, change) => removeDocumentFile(app, evidenceLeft(change)),
  onWrite: async (ctx, change) => {
    await forgetDocument(ctx.tx, evidenceLeft(change));
    // The Tesouro's items are the register itself: they are updated, never removed (the next import would bring them back).
    if (change.op === "delete" && change.row.kind === "CAUC") {
      throw unprocessable("Itens do CAUC não podem ser excluídos: atualize a situação do item.");
    }
    await takeSnapshot(ctx.tx, change.row.companyId as number, todayInSaoPaulo(ctx.now.getTime()));
  },
  list: {
    search: [regularityItems.label, regularityItems.code],
    defaultSort: [{ field: "code", order: "asc" }],
    maxPageSize: 200,
  },
});

export const regularitySnapshotResource = defineResource({
  name: "regularity-snapshots",
  tag: TAG,
  table: regularitySnapshots,
  scope: { kind: "tenant" },
  access: { read: "user-only" },
  row: regularitySnapshotRowSchema,
  notFound: "Registro da evolução não encontrado.",
  list: { defaultSort: [{ field: "takenOn", order: "asc" }], maxPageSize: 400 },
});

// ---------- the overview, the evidence and the CAUC import ----------

const overview = defineAction({
  method: "GET",
  path: "/regularity/overview",
  tag: TAG,
  summary: "O dia de hoje e o prazo de aviso do CAUC (caucAlertDays) da prefeitura",
  guard: "user-only",
  scope: { kind: "tenant" },
  // Which company: null is an ADMIN who has not chosen one, who sees every company's rows.
  response: { 200: z.object({ today: z.string(), alertDays: z.number().int(), companyId: z.number().int().nullable() }) },
  handler: ({ app, companyId }) => regularityOverview(app.db, companyId, app.now()),
});

const EVIDENCE_NOT_FOUND = "Comprovante não encontrado.";
const evidence = defineAction({
  method: "GET",
  path: "/regularity-items/:id/evidence",
  tag: TAG,
  summary: "Baixa o comprovante enviado de um item (como anexo, com o nome original)",
  guard: "user-only",
  // Another company's item is reported missing, never as existing elsewhere.
  scope: { kind: "child", parent: regularityItems, notFound: EVIDENCE_NOT_FOUND },
  params: z.object({ id: z.coerce.number().int().positive({ message: EVIDENCE_NOT_FOUND }).max(2_147_483_647, EVIDENCE_NOT_FOUND) }),
  response: { 200: fileResponse },
  handler: ({ app, reply, parent }) => {
    const { evidencePath, evidenceName, evidenceType } = parent as typeof parent & { evidencePath: string | null; evidenceName: string | null; evidenceType: string | null };
    if (!evidencePath || !evidenceName || !evidenceType) throw notFound(EVIDENCE_NOT_FOUND);
    return sendDocument(reply, app.storage.files, { storagePath: evidencePath, contentType: evidenceType, fileName: evidenceName });
  },
});

/** The multipart parser, for the import's file only (its body is read by the handler, never by zod). */
const multipart: Declared = { plugin: async (app) => void (await app.register(fastifyMultipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 } })) };

const caucImport = defineAction({
  method: "POST",
  path: "/regularity/cauc-import",
  tag: TAG,
  summary: "Importa o arquivo CAUC de municípios do Tesouro Transparente (multipart, campo file) em todas as prefeituras cadastradas",
  guard: "admin-only",
  scope: { kind: "shared" },
  response: { 200: caucImportResultSchema },
  handler: async ({ app, request }) => applyCaucFile(app.db, parseCaucFile(await uploadedFile(request))),
});

/** The one file of a multipart body, in the field `file`; every other shape is a pt-BR 4xx. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, "Envie o arquivo como multipart/form-data, no campo file.");
  try {
    const part = await request.file();
    if (!part || part.fieldname !== "file") throw unprocessable("Envie o arquivo CAUC no campo file.", { file: "Escolha o arquivo." });
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "O arquivo passa do tamanho máximo aceito (50 MB).");
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") throw unprocessable("Envie um único arquivo, no campo file.");
    throw error;
  }
}

const caucFromTesouro = defineAction({
  method: "POST",
  path: "/regularity/cauc-import/tesouro",
  tag: TAG,
  summary: "Baixa o arquivo CAUC de municípios do Tesouro Transparente (CKAN) e o importa",
  guard: "admin-only",
  scope: { kind: "shared" },
  response: { 200: caucImportResultSchema },
  handler: async ({ app }) => {
    const { bytes } = await fetchCaucFile(app.config.caucCkanUrl, app.config.transferegov.timeoutMs);
    return applyCaucFile(app.db, parseCaucFile(bytes));
  },
});

export default areaPlugin(regularityItemResource, regularitySnapshotResource, overview, evidence, multipart, caucImport, caucFromTesouro);
