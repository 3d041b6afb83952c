import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import {
  FUNDING_TRANSFER_FIELD,
  bidCreateSchema,
  bidRowSchema,
  bidUpdateSchema,
  bidWinnerIssues,
  executionCreateSchema,
  executionRowSchema,
  executionUpdateSchema,
  fundingLinkIssues,
  fundingSourceCreateSchema,
  fundingSourceRowSchema,
  fundingSourceUpdateSchema,
  historyNoteCreateSchema,
  historyRowSchema,
  isTransferFunding,
  projectCreateSchema,
  projectFileCreateSchema,
  projectFileRowSchema,
  projectFileUpdateSchema,
  projectRowSchema,
  projectUpdateSchema,
  workPlanItemCreateSchema,
  workPlanItemRowSchema,
  workPlanItemUpdateSchema,
  BID_DATE_PAIRS,
  PROJECT_DATES_MESSAGE,
  type FundingKind,
} from "../../src/domain/projects";
import {
  fundTransferPlans,
  impositionTransfers,
  projectBids,
  projectExecutions,
  projectFiles,
  projectFundingSources,
  projectHistory,
  projects,
  projectWorkPlanItems,
  proposals,
  users,
  voluntaryTransfers,
} from "../db/schema";
import { codeLabels } from "../../src/domain/labels/codes";
import type { Db } from "../db/client";
import { registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineAction, fileResponse } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { defineResource, type ParentLink, type StoredRow, type WriteChange, type WriteContext } from "../resources/define-resource";
import type { Preparable } from "../resources/prepared-list";
import { afterTabWrite, applyExecutionToProject, checkEtapaTotal, checkTransferCap, lockTransfer, recomputeProject, recordHistory } from "../domain/projects";
import { attachProjectFile, sendProjectFile } from "../storage/project-files";
import { forgetDocument, removeDocumentFile } from "../storage/documents";

/**
 * Projects (issue 15): /api/projects and its six tabs, each a child resource of the project
 * (project-work-plan-items, project-funding-sources, project-bids, project-executions, project-files,
 * project-history). ADMIN and MANAGER write; USER reads and records executions and files. Every write
 * of a tab locks the project, writes its history entry and recomputes the project's figures, in one
 * transaction; history is append-only (notes are its only writes).
 */

const writerAccess = { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" } as const;

registerConstraintMessage("projects_dates_order", PROJECT_DATES_MESSAGE, "endDate");
registerConstraintMessage("project_work_plan_items_number_key", "Já existe um item com este número no plano de trabalho.", "number");
registerConstraintMessage("project_work_plan_items_parent_fk", "Esta meta tem etapas: exclua as etapas antes de excluir a meta.");
registerConstraintMessage("project_work_plan_items_dates_order", PROJECT_DATES_MESSAGE, "endDate");
registerConstraintMessage("project_executions_item_fk", "Esta etapa tem medições ou pagamentos registrados: exclua-os antes de excluir a etapa.");
registerConstraintMessage("project_executions_source_fk", "Esta fonte de recurso paga execuções do projeto: troque a fonte delas antes de excluí-la.");
registerConstraintMessage("project_bids_number_key", "Já existe uma licitação com este número neste projeto.", "number");
registerConstraintMessage("project_bids_contract_order", BID_DATE_PAIRS[2][2], "contractEnd");
for (const fk of ["imposition", "voluntary", "fund"]) registerConstraintMessage(`project_funding_sources_${fk}_fk`, "Esta transferência financia projetos: desvincule-a das fontes de recurso dos projetos antes de excluí-la.");

const refuse = (field: string, message: string) => unprocessable(message, { [field]: message });
const projectParent = (column: ParentLink["column"]): { kind: "child"; parents: readonly ParentLink[] } => ({
  kind: "child",
  parents: [{ table: projects, column, notFound: "Projeto não encontrado." }],
});
/** A row read with its joins, as a reader page (the list's statement). */
const asPage = (query: unknown) => query as Preparable<Record<string, unknown>[]>;

// ---------- project ----------

const projectColumns = { ...getTableColumns(projects), responsibleName: users.name, nrProposal: proposals.nrProposal, proposalEntity: proposals.proponentCnpj };
const projectsWithJoins = (db: Db) => db.select(projectColumns).from(projects).leftJoin(users, eq(users.id, projects.responsibleUserId)).leftJoin(proposals, eq(proposals.id, projects.proposalId));

async function prepareProject(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const companyId = ctx.companyId!;
  if (typeof values.responsibleUserId === "number") {
    const [user] = await ctx.tx.select({ id: users.id }).from(users).where(and(eq(users.id, values.responsibleUserId), eq(users.companyId, companyId)));
    if (!user) throw refuse("responsibleUserId", "Escolha um responsável da prefeitura.");
  }
  if (typeof values.proposalId === "number") {
    const [proposal] = await ctx.tx.select({ id: proposals.id }).from(proposals).where(and(eq(proposals.id, values.proposalId), eq(proposals.companyId, companyId)));
    if (!proposal) throw refuse("proposalId", "Escolha uma proposta da prefeitura.");
  }
  const merged = { ...existing, ...values };
  if (typeof merged.startDate === "string" && typeof merged.endDate === "string" && merged.endDate < merged.startDate) throw refuse("endDate", PROJECT_DATES_MESSAGE);
  return values;
}

export const projectResource = defineResource({
  name: "projects",
  tag: "projetos",
  table: projects,
  scope: { kind: "tenant" },
  access: writerAccess,
  row: projectRowSchema,
  create: projectCreateSchema,
  update: projectUpdateSchema,
  notFound: "Projeto não encontrado.",
  prepare: prepareProject,
  onWrite: async (ctx, change) => {
    if (change.op === "delete") return;
    await recordHistory(ctx, "PROJECT", change, (row) => row.title as string);
    await recomputeProject(ctx.tx, change.row.id);
  },
  reader: {
    page: (db, q) => asPage(projectsWithJoins(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never)),
    rows: (db, where) => projectsWithJoins(db).where(where),
  },
  list: {
    fields: ["id", "title", "status", "policyArea", "startDate", "endDate", "totalValue", "responsibleUserId", "proposalId", "physicalProgress", "financialProgress", "fundedValue", "executedValue", "nextDeadline", "createdAt", "updatedAt"],
    search: [projects.title, projects.object, projects.address],
    defaultSort: [
      { field: "nextDeadline", order: "asc" },
      { field: "id", order: "desc" },
    ],
  },
  totals: { totalValue: projects.totalValue, fundedValue: projects.fundedValue, executedValue: projects.executedValue },
  options: ["policyArea"],
});

// ---------- work plan ----------

const wp = projectWorkPlanItems;
const executedPct = sql<string>`(select coalesce(sum(e.physical_pct), 0)::numeric(7,2)::text from project_executions e where e.work_plan_item_id = "project_work_plan_items"."id")`;
const workPlanWithProgress = (db: Db) => db.select({ ...getTableColumns(wp), executedPct }).from(wp);
const itemLabel = (row: StoredRow) => `${row.kind === "META" ? "Meta" : "Etapa"} ${row.number} - ${row.description}`;

async function prepareWorkPlanItem(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const merged = { ...existing, ...values };
  if (merged.kind === "ETAPA" && "parentId" in values) {
    if (values.parentId == null) throw refuse("parentId", "Escolha a meta desta etapa.");
    const [parent] = await ctx.tx
      .select({ id: wp.id })
      .from(wp)
      .where(and(eq(wp.id, values.parentId as number), eq(wp.projectId, merged.projectId as number), eq(wp.kind, "META")));
    if (!parent) throw refuse("parentId", "Escolha uma meta deste projeto.");
  }
  if (merged.kind === "META" && merged.parentId != null) throw refuse("parentId", "Uma meta não fica dentro de outra meta.");
  if (merged.kind === "ETAPA" && merged.value == null) throw refuse("value", "Informe o valor da etapa.");
  if (typeof merged.startDate === "string" && typeof merged.endDate === "string" && merged.endDate < merged.startDate) throw refuse("endDate", PROJECT_DATES_MESSAGE);
  return values;
}

export const workPlanItemResource = defineResource({
  name: "project-work-plan-items",
  tag: "projetos",
  table: wp,
  scope: projectParent(wp.projectId),
  access: writerAccess,
  row: workPlanItemRowSchema,
  create: workPlanItemCreateSchema,
  update: workPlanItemUpdateSchema,
  notFound: "Item do plano de trabalho não encontrado.",
  prepare: prepareWorkPlanItem,
  onWrite: (ctx, change) => afterTabWrite(ctx, "WORK_PLAN", change, itemLabel),
  reader: {
    page: (db, q) => asPage(workPlanWithProgress(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never)),
    rows: (db, where) => workPlanWithProgress(db).where(where),
  },
  list: {
    fields: ["id", "projectId", "kind", "parentId", "number", "startDate", "endDate", "value"],
    search: [wp.description],
    defaultSort: [
      { field: "number", order: "asc" },
      { field: "id", order: "asc" },
    ],
    maxPageSize: 500,
  },
});

// ---------- funding sources ----------

const fs = projectFundingSources;
const fundingColumns = {
  ...getTableColumns(fs),
  transferCode: sql<string | null>`coalesce(${impositionTransfers.nrTransfer}, ${voluntaryTransfers.nrTransfer}, ${fundTransferPlans.codPlan})`,
  transferValue: sql<string | null>`coalesce(${impositionTransfers.plannedValue}, ${voluntaryTransfers.transferValue}, ${fundTransferPlans.totalTransferValue})::text`,
  transferPaid: sql<string | null>`coalesce(${impositionTransfers.paidValue}, ${voluntaryTransfers.paidValue}, ${fundTransferPlans.paidValue})::text`,
  spentValue: sql<string>`(select coalesce(sum(e.amount), 0)::numeric(15,2)::text from project_executions e where e.funding_source_id = "project_funding_sources"."id")`,
};
const fundingWithTransfers = (db: Db) =>
  db
    .select(fundingColumns)
    .from(fs)
    .leftJoin(impositionTransfers, eq(impositionTransfers.id, fs.impositionTransferId))
    .leftJoin(voluntaryTransfers, eq(voluntaryTransfers.id, fs.voluntaryTransferId))
    .leftJoin(fundTransferPlans, eq(fundTransferPlans.id, fs.fundTransferPlanId));
const FUNDING_TEXT = codeLabels.fundingKinds;
const fundingLabel = (row: StoredRow) => FUNDING_TEXT[row.kind as FundingKind];

async function prepareFunding(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const next = { ...values };
  // Changing the kind clears the links of the other kinds, so the row names one transfer at most.
  if (existing && "kind" in values) for (const field of Object.values(FUNDING_TRANSFER_FIELD)) if (!(field in values)) next[field] = null;
  const merged = { ...existing, ...next };
  const issues = Object.entries(fundingLinkIssues(merged));
  if (issues.length) throw refuse(issues[0][0], issues[0][1]);
  const kind = merged.kind as FundingKind;
  if (isTransferFunding(kind)) {
    const field = FUNDING_TRANSFER_FIELD[kind as keyof typeof FUNDING_TRANSFER_FIELD];
    if (!(await lockTransfer(ctx.tx, kind, merged[field] as number, ctx.companyId!))) throw refuse(field, "Escolha uma transferência desta prefeitura.");
  }
  return next;
}

export const fundingSourceResource = defineResource({
  name: "project-funding-sources",
  tag: "projetos",
  table: fs,
  scope: projectParent(fs.projectId),
  access: writerAccess,
  row: fundingSourceRowSchema,
  create: fundingSourceCreateSchema,
  update: fundingSourceUpdateSchema,
  notFound: "Fonte de recurso não encontrada.",
  prepare: prepareFunding,
  onWrite: async (ctx, change) => {
    await afterTabWrite(ctx, "FUNDING_SOURCE", change, fundingLabel);
    // After the history entry: a refusal here rolls back the source and its history together.
    if (change.op !== "delete") await checkTransferCap(ctx.tx, change.row, ctx.companyId!);
  },
  reader: {
    page: (db, q) => asPage(fundingWithTransfers(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never)),
    rows: (db, where) => fundingWithTransfers(db).where(where),
  },
  list: {
    fields: ["id", "projectId", "kind", "impositionTransferId", "voluntaryTransferId", "fundTransferPlanId", "amount"],
    defaultSort: [{ field: "id", order: "asc" }],
    maxPageSize: 500,
  },
});

// ---------- bids ----------

async function prepareBid(_ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const merged = { ...existing, ...values };
  for (const [start, end, message] of BID_DATE_PAIRS) {
    const a = merged[start];
    const b = merged[end];
    if (typeof a === "string" && typeof b === "string" && b < a) throw refuse(end, message);
  }
  const issues = Object.entries(bidWinnerIssues(merged));
  if (issues.length) throw refuse(issues[0][0], issues[0][1]);
  return values;
}

export const bidResource = defineResource({
  name: "project-bids",
  tag: "projetos",
  table: projectBids,
  scope: projectParent(projectBids.projectId),
  access: writerAccess,
  row: bidRowSchema,
  create: bidCreateSchema,
  update: bidUpdateSchema,
  notFound: "Licitação não encontrada.",
  prepare: prepareBid,
  onWrite: (ctx, change) => afterTabWrite(ctx, "BID", change, (row) => `Licitação ${row.number}`),
  list: {
    search: [projectBids.number, projectBids.winnerName, projectBids.object],
    defaultSort: [{ field: "publishedAt", order: "desc" }],
  },
});

// ---------- executions ----------

const ex = projectExecutions;

async function prepareExecution(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const projectId = (existing?.projectId ?? values.projectId) as number;
  if (typeof values.workPlanItemId === "number") {
    const [item] = await ctx.tx.select({ kind: wp.kind }).from(wp).where(and(eq(wp.id, values.workPlanItemId), eq(wp.projectId, projectId)));
    if (!item) throw refuse("workPlanItemId", "Escolha uma etapa do plano de trabalho deste projeto.");
    if (item.kind !== "ETAPA") throw refuse("workPlanItemId", "Medições e pagamentos são registrados por etapa, não por meta.");
  }
  if (typeof values.fundingSourceId === "number") {
    const [source] = await ctx.tx.select({ id: fs.id }).from(fs).where(and(eq(fs.id, values.fundingSourceId), eq(fs.projectId, projectId)));
    if (!source) throw refuse("fundingSourceId", "Escolha uma fonte de recurso deste projeto.");
  }
  return existing ? values : { ...values, createdBy: ctx.user.id };
}

const executionLabel = (row: StoredRow) => `${row.kind === "MEDICAO" ? "Medição" : "Pagamento"} de ${String(row.referenceDate).split("-").reverse().join("/")}`;

export const executionResource = defineResource({
  name: "project-executions",
  tag: "projetos",
  table: ex,
  scope: projectParent(ex.projectId),
  // A USER records medições and payments; correcting or removing them is for ADMIN and MANAGER.
  access: { read: "user-only", create: "user-only", update: "manager-only", delete: "manager-only" },
  row: executionRowSchema,
  create: executionCreateSchema,
  update: executionUpdateSchema,
  notFound: "Execução não encontrada.",
  prepare: prepareExecution,
  onWrite: async (ctx, change) => {
    await afterTabWrite(ctx, "EXECUTION", change, executionLabel);
    // After the history entry: a refusal rolls both back.
    await checkEtapaTotal(ctx.tx, change);
    await applyExecutionToProject(ctx.tx, change);
  },
  list: {
    search: [ex.documentNumber, ex.payeeName],
    defaultSort: [
      { field: "referenceDate", order: "desc" },
      { field: "id", order: "desc" },
    ],
  },
  totals: { amount: ex.amount },
});

// ---------- files ----------

const pf = projectFiles;
const fileColumns = { ...getTableColumns(pf), isImage: sql<boolean>`(${pf.contentType} like 'image/%')`, uploaderName: users.name };
const filesWithUploader = (db: Db) => db.select(fileColumns).from(pf).leftJoin(users, eq(users.id, pf.uploadedBy));
const fileLeft = (change: WriteChange) => (change.op === "delete" ? (change.row.filePath as string) : null);

export const projectFileResource = defineResource({
  name: "project-files",
  tag: "projetos",
  table: pf,
  scope: projectParent(pf.projectId),
  access: { read: "user-only", create: "user-only", update: "manager-only", delete: "manager-only" },
  row: projectFileRowSchema,
  create: projectFileCreateSchema,
  update: projectFileUpdateSchema,
  notFound: "Arquivo não encontrado.",
  prepare: async (ctx, values, existing) => {
    if (existing) return values;
    const { storagePath, ...rest } = values;
    const file = await attachProjectFile(ctx, storagePath as string, rest.category as string);
    return { ...rest, ...file, uploadedBy: ctx.user.id };
  },
  onWrite: async (ctx, change) => {
    await forgetDocument(ctx.tx, fileLeft(change));
    await afterTabWrite(ctx, "FILE", change, (row) => row.title as string);
  },
  afterCommit: (app, change) => removeDocumentFile(app, fileLeft(change)),
  reader: {
    page: (db, q) => asPage(filesWithUploader(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never)),
    rows: (db, where) => filesWithUploader(db).where(where),
  },
  list: {
    fields: ["id", "projectId", "category", "title", "fileName", "takenAt", "createdAt"],
    search: [pf.title, pf.fileName],
    defaultSort: [{ field: "createdAt", order: "desc" }],
  },
});

// ---------- history ----------

export const historyResource = defineResource({
  name: "project-history",
  tag: "projetos",
  table: projectHistory,
  scope: projectParent(projectHistory.projectId),
  // Notes are the only history a person writes; no entry is ever changed or removed.
  access: { read: "user-only", create: "manager-only" },
  row: historyRowSchema,
  create: historyNoteCreateSchema,
  notFound: "Registro de histórico não encontrado.",
  prepare: (ctx, values) => ({ ...values, entity: "NOTE", action: "NOTE", actorId: ctx.user.id, actorName: ctx.user.name ?? ctx.user.email ?? null, createdAt: ctx.now }),
  list: {
    fields: ["id", "projectId", "entity", "action", "actorId", "createdAt"],
    search: [projectHistory.note, projectHistory.subject],
    defaultSort: [
      { field: "createdAt", order: "desc" },
      { field: "id", order: "desc" },
    ],
    maxPageSize: 500,
  },
});

// ---------- file content ----------

const FILE_NOT_FOUND = "Arquivo não encontrado.";
const fileContent = defineAction({
  method: "GET",
  path: "/project-files/:id/content",
  tag: "projetos",
  summary: "O arquivo de um projeto: fotos na página, documentos como anexo (só a prefeitura do projeto)",
  guard: "user-only",
  scope: { kind: "child", parent: pf, notFound: FILE_NOT_FOUND },
  params: z.object({ id: z.coerce.number().int().positive({ message: FILE_NOT_FOUND }).max(2_147_483_647, FILE_NOT_FOUND) }),
  response: { 200: fileResponse },
  handler: ({ app, reply, parent }) => {
    const { filePath, contentType, fileName } = parent as typeof parent & { filePath: string; contentType: string; fileName: string };
    return sendProjectFile(reply, app.storage.files, { storagePath: filePath, contentType, fileName });
  },
});


export default areaPlugin(fileContent, projectResource, workPlanItemResource, fundingSourceResource, bidResource, executionResource, projectFileResource, historyResource);
