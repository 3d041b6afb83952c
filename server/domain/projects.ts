import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fundTransferPlans, impositionTransfers, projectExecutions, projectFundingSources, projectHistory, projects, projectWorkPlanItems, voluntaryTransfers } from "../db/schema";
import { unprocessable } from "../lib/errors";
import type { StoredRow, WriteChange, WriteContext } from "../resources/define-resource";
import { ETAPA_OVER_100, computeProgress, diffRows, type FundingKind, type HistoryAction, type HistoryChange, type HistoryEntity } from "../../src/domain/projects";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
export const reais = (value: string | number) => brl.format(Number(value)).replace(/\u00a0/g, " ");

/**
 * Recomputes a project's progress and totals from its tabs (computeProgress), inside the write's
 * transaction: the project row is already locked by the child's write (or is the row being written).
 */
export async function recomputeProject(tx: Db, projectId: number): Promise<void> {
  const [project] = await tx.select({ totalValue: projects.totalValue, endDate: projects.endDate }).from(projects).where(eq(projects.id, projectId));
  if (!project) return;
  const items = await tx
    .select({ id: projectWorkPlanItems.id, kind: projectWorkPlanItems.kind, value: projectWorkPlanItems.value, endDate: projectWorkPlanItems.endDate })
    .from(projectWorkPlanItems)
    .where(eq(projectWorkPlanItems.projectId, projectId));
  const executions = await tx
    .select({ workPlanItemId: projectExecutions.workPlanItemId, physicalPct: projectExecutions.physicalPct, amount: projectExecutions.amount })
    .from(projectExecutions)
    .where(eq(projectExecutions.projectId, projectId));
  const [funding] = await tx
    .select({ total: sql<string>`coalesce(sum(${projectFundingSources.amount}), 0)::numeric(15,2)::text` })
    .from(projectFundingSources)
    .where(eq(projectFundingSources.projectId, projectId));
  const progress = computeProgress({ totalValue: project.totalValue, endDate: project.endDate, items, executions });
  await tx
    .update(projects)
    .set({
      physicalProgress: progress.physical.toFixed(2),
      financialProgress: progress.financial.toFixed(2),
      workPlanValue: progress.workPlanValue,
      executedValue: progress.executedValue,
      fundedValue: funding.total,
      nextDeadline: progress.nextDeadline,
    })
    .where(eq(projects.id, projectId));
}

/** Who wrote, as the history shows it. */
const actorOf = (ctx: WriteContext) => ({ actorId: ctx.user.id, actorName: ctx.user.name ?? ctx.user.email ?? null });

const ACTION: Record<WriteChange["op"], HistoryAction> = { create: "CREATE", update: "UPDATE", delete: "DELETE" };

/**
 * One history entry for a write of the project or one of its tabs, in the write's transaction: who,
 * when, and each field with its value before and after. An update that changed nothing tracked writes none.
 */
export async function recordHistory(ctx: WriteContext, entity: HistoryEntity, change: WriteChange, subject: (row: StoredRow) => string | null, projectId?: number): Promise<void> {
  const changes: HistoryChange[] = diffRows(change.op === "create" ? undefined : change.before, change.op === "delete" ? undefined : change.row);
  if (change.op === "update" && changes.length === 0) return;
  await ctx.tx.insert(projectHistory).values({
    companyId: change.row.companyId as number,
    // A record below a tab (a quote's price) names its project through its parent: the caller passes it.
    projectId: projectId ?? ((entity === "PROJECT" ? change.row.id : change.row.projectId) as number),
    entity,
    entityId: change.row.id,
    action: ACTION[change.op],
    subject: subject(change.row),
    changes,
    ...actorOf(ctx),
    createdAt: ctx.now,
  });
}

/** The history entry and the project's figures after a write of one of its tabs. */
export async function afterTabWrite(ctx: WriteContext, entity: HistoryEntity, change: WriteChange, subject: (row: StoredRow) => string | null) {
  await recordHistory(ctx, entity, change, subject);
  await recomputeProject(ctx.tx, change.row.projectId as number);
}

/**
 * An etapa's executions may not pass 100% (checked after the write, with the project locked, so two
 * medições written at once cannot both slip under the limit).
 */
export async function checkEtapaTotal(tx: Db, change: WriteChange): Promise<void> {
  if (change.op === "delete") return;
  const itemId = change.row.workPlanItemId as number;
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${projectExecutions.physicalPct}), 0)::text` })
    .from(projectExecutions)
    .where(eq(projectExecutions.workPlanItemId, itemId));
  const total = Number(row.total);
  if (Math.round(total * 100) <= 100_00) return;
  const adding = Number(change.row.physicalPct);
  const message = ETAPA_OVER_100(total - adding, adding);
  throw unprocessable(message, { physicalPct: message });
}

export const EXECUTION_BEFORE_START = (start: string) => `A data de referência não pode ser antes do início do projeto (${start.split("-").reverse().join("/")}).`;
/** The statuses of a project that has not started its works: its first measurement moves it to execution. */
const NOT_STARTED = new Set(["PLANEJAMENTO", "LICITACAO"]);

/**
 * Issue 31's rules of a medição or payment against its project, inside the write's transaction: it is
 * not dated before the project's start (after the planned end it may be: works run late), and the
 * first measurement of a project still in planning or bidding puts it in execution, as the fact says.
 */
export async function applyExecutionToProject(tx: Db, change: WriteChange): Promise<void> {
  if (change.op === "delete") return;
  const projectId = change.row.projectId as number;
  const [project] = await tx.select({ startDate: projects.startDate, status: projects.status }).from(projects).where(eq(projects.id, projectId));
  if (!project) return;
  const day = change.row.referenceDate as string;
  if (project.startDate && day < project.startDate) {
    const message = EXECUTION_BEFORE_START(project.startDate);
    throw unprocessable(message, { referenceDate: message });
  }
  if (change.row.kind === "MEDICAO" && NOT_STARTED.has(project.status)) {
    await tx
      .update(projects)
      .set({ status: "EXECUCAO", version: sql`${projects.version} + 1` })
      .where(eq(projects.id, projectId));
  }
}

/** A transfer a funding source may name: its code, its value and what it has paid, locked for the check. */
interface LinkedTransfer {
  code: string;
  value: string;
}

export async function lockTransfer(tx: Db, kind: FundingKind, id: number, companyId: number): Promise<LinkedTransfer | undefined> {
  if (kind === "IMPOSITION") {
    const [row] = await tx
      .select({ code: impositionTransfers.nrTransfer, value: impositionTransfers.plannedValue })
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.id, id), eq(impositionTransfers.companyId, companyId)))
      .for("update");
    return row;
  }
  if (kind === "VOLUNTARY") {
    const [row] = await tx
      .select({ code: voluntaryTransfers.nrTransfer, value: voluntaryTransfers.transferValue })
      .from(voluntaryTransfers)
      .where(and(eq(voluntaryTransfers.id, id), eq(voluntaryTransfers.companyId, companyId)))
      .for("update");
    return row;
  }
  if (kind === "FUND_TO_FUND") {
    const [row] = await tx
      .select({ code: fundTransferPlans.codPlan, value: fundTransferPlans.totalTransferValue })
      .from(fundTransferPlans)
      .where(and(eq(fundTransferPlans.id, id), eq(fundTransferPlans.companyId, companyId)))
      .for("update");
    return row;
  }
  return undefined;
}

const TRANSFER_COLUMN = {
  IMPOSITION: projectFundingSources.impositionTransferId,
  VOLUNTARY: projectFundingSources.voluntaryTransferId,
  FUND_TO_FUND: projectFundingSources.fundTransferPlanId,
} as const;

export const FUNDING_OVER_TRANSFER = (code: string, total: string, value: string, free: string) =>
  `As fontes vinculadas à transferência ${code} somariam ${reais(total)}, acima do valor da transferência (${reais(value)}). Disponível para vincular: ${reais(free)}.`;

/**
 * The projects that count on one transfer cannot together take more than its value: after the write,
 * with the transfer locked, the sum over every project's sources linked to it is checked.
 */
export async function checkTransferCap(tx: Db, row: StoredRow, companyId: number): Promise<void> {
  const kind = row.kind as FundingKind;
  if (!(kind in TRANSFER_COLUMN)) return;
  const column = TRANSFER_COLUMN[kind as keyof typeof TRANSFER_COLUMN];
  const transferId = row[kind === "IMPOSITION" ? "impositionTransferId" : kind === "VOLUNTARY" ? "voluntaryTransferId" : "fundTransferPlanId"] as number;
  const transfer = await lockTransfer(tx, kind, transferId, companyId);
  if (!transfer) return;
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${projectFundingSources.amount}), 0)::numeric(15,2)::text` })
    .from(projectFundingSources)
    .where(eq(column, transferId));
  const over = Math.round(Number(sum.total) * 100) - Math.round(Number(transfer.value) * 100);
  if (over <= 0) return;
  const free = Math.max(0, Number(transfer.value) - (Number(sum.total) - Number(row.amount)));
  const message = FUNDING_OVER_TRANSFER(transfer.code, sum.total, transfer.value, free.toFixed(2));
  throw unprocessable(message, { amount: message });
}
