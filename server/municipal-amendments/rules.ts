import { and, eq, sql } from "drizzle-orm";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { municipalAmendmentLabels as labels } from "../../src/domain/labels/municipal-amendments";
import { stageOf, type MovementKind, type MunicipalAmendmentStage, type PlanStatus } from "../../src/domain/municipal-amendments";
import type { Db } from "../db/client";
import { municipalAmendmentEvents, municipalAmendmentMovements, municipalAmendments, municipalAmendmentSettings } from "../db/schema";
import { unprocessable } from "../lib/errors";

/** The rules of a municipal emenda that need the database: run inside the write's transaction, with the emenda locked. */

export type AmendmentRow = typeof municipalAmendments.$inferSelect;
type MovementValues = { kind: MovementKind; occurredOn: string; value: string; bankCode?: string | null; agency?: string | null; account?: string | null };

const cents = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);
const brl = (c: number) => `R$ ${(c / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const refuse = (field: string, message: string) => unprocessable(message, { [field]: message });

/** The municipality's settings, with the defaults of a municipality that never saved any. */
export async function settingsOf(db: Db, companyId: number) {
  const [row] = await db.select().from(municipalAmendmentSettings).where(eq(municipalAmendmentSettings.companyId, companyId));
  return row ?? { companyId, camaraMayIndicate: false, planDueDays: 30, decisionDueDays: 15, idleDays: 60, version: 1 };
}

/** The next identifier of the year: locks the municipality's row so two indications never take one sequence. */
export async function nextSequence(db: Db, companyId: number, year: number): Promise<number> {
  await db.execute(sql`select 1 from companies where id = ${companyId} for update`);
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${municipalAmendments.sequence}), 0)::int` })
    .from(municipalAmendments)
    .where(and(eq(municipalAmendments.companyId, companyId), eq(municipalAmendments.year, year)));
  return row.last + 1;
}

/** The sums of an emenda's movements, by kind, in cents. */
async function sumsOf(db: Db, amendmentId: number, excludeId?: number): Promise<Record<MovementKind, number>> {
  const rows = await db
    .select({ kind: municipalAmendmentMovements.kind, total: sql<string>`coalesce(sum(${municipalAmendmentMovements.value}), 0)::text` })
    .from(municipalAmendmentMovements)
    .where(and(eq(municipalAmendmentMovements.amendmentId, amendmentId), excludeId ? sql`${municipalAmendmentMovements.id} <> ${excludeId}` : undefined))
    .groupBy(municipalAmendmentMovements.kind);
  const sums: Record<MovementKind, number> = { EMPENHO: 0, PAGAMENTO: 0, PAGAMENTO_FORNECEDOR: 0, DEVOLUCAO: 0 };
  for (const row of rows) sums[row.kind] = cents(row.total);
  return sums;
}

/**
 * Whether a movement may be recorded on this emenda (ADPF 854's model): nothing is committed before the
 * Executive approves the plano de trabalho or while the emenda is impeded; a payment goes only to the
 * emenda's own account; the money never exceeds its step before (value ≥ committed ≥ paid ≥ spent).
 */
export async function checkMovement(db: Db, amendment: AmendmentRow, movement: MovementValues, today: string, replacingId?: number): Promise<void> {
  if (amendment.impedimentReason) throw refuse("kind", "Esta emenda tem impedimento técnico: nenhuma movimentação pode ser registrada.");
  if (amendment.planStatus !== "APROVADO") throw refuse("kind", "O plano de trabalho ainda não foi aprovado pelo Executivo: nada pode ser empenhado ou pago antes da aprovação.");
  if (movement.occurredOn > today) throw refuse("occurredOn", "A data não pode estar no futuro.");
  if (amendment.planDecidedOn && movement.occurredOn < amendment.planDecidedOn) {
    throw refuse("occurredOn", `A data não pode ser anterior à aprovação do plano (${amendment.planDecidedOn.split("-").reverse().join("/")}).`);
  }
  if (movement.kind === "PAGAMENTO") {
    const same = movement.bankCode === amendment.bankCode && normalizeAccount(movement.agency) === normalizeAccount(amendment.agency) && normalizeAccount(movement.account) === normalizeAccount(amendment.account);
    if (!same) throw refuse("account", `O pagamento só pode ir para a conta específica da emenda (banco ${amendment.bankCode}, agência ${amendment.agency}, conta ${amendment.account}).`);
  }
  const sums = await sumsOf(db, amendment.id, replacingId);
  sums[movement.kind] += cents(movement.value);
  const value = cents(amendment.value);
  if (sums.EMPENHO > value) throw refuse("value", `O total empenhado (${brl(sums.EMPENHO)}) passaria do valor da emenda (${brl(value)}).`);
  if (sums.PAGAMENTO > sums.EMPENHO) throw refuse("value", `O total pago (${brl(sums.PAGAMENTO)}) passaria do total empenhado (${brl(sums.EMPENHO)}).`);
  if (sums.PAGAMENTO_FORNECEDOR + sums.DEVOLUCAO > sums.PAGAMENTO) {
    throw refuse("value", `Os pagamentos a fornecedores e devoluções (${brl(sums.PAGAMENTO_FORNECEDOR + sums.DEVOLUCAO)}) passariam do que entrou na conta da emenda (${brl(sums.PAGAMENTO)}).`);
  }
}

const normalizeAccount = (value: string | null | undefined) => (value ?? "").replace(/[^0-9Xx]/g, "").toUpperCase().replace(/^0+/, "");

/** Keeps an emenda's totals and stage equal to its movements and facts. */
export async function recomputeAmendment(db: Db, amendmentId: number): Promise<void> {
  const [amendment] = await db.select().from(municipalAmendments).where(eq(municipalAmendments.id, amendmentId));
  if (!amendment) return;
  const sums = await sumsOf(db, amendmentId);
  const money = (c: number) => (c / 100).toFixed(2);
  const stage = stageOf({
    impeded: !!amendment.impedimentReason,
    planStatus: amendment.planStatus,
    committedValue: money(sums.EMPENHO),
    paidValue: money(sums.PAGAMENTO),
    executedOn: amendment.executedOn,
    accountedOn: amendment.accountedOn,
  });
  await db
    .update(municipalAmendments)
    .set({ committedValue: money(sums.EMPENHO), paidValue: money(sums.PAGAMENTO), supplierPaidValue: money(sums.PAGAMENTO_FORNECEDOR), returnedValue: money(sums.DEVOLUCAO), stage })
    .where(eq(municipalAmendments.id, amendmentId));
}

/** What a step does to the emenda, and from where it may be taken. */
export interface StepRule {
  from: (a: AmendmentRow) => string | undefined;
  apply: (a: AmendmentRow, on: string, reason: string | null) => Partial<AmendmentRow>;
  /** The stage the step's event records. */
  stage: MunicipalAmendmentStage;
  needsReason?: boolean;
}

const planIs = (status: PlanStatus, a: AmendmentRow, message: string) => (a.planStatus === status ? undefined : message);

export const STEPS = {
  submit: {
    stage: "PLANO_ENVIADO",
    from: (a) =>
      a.impedimentReason
        ? "Esta emenda tem impedimento técnico: o plano não pode ser enviado."
        : a.planStatus === "EM_ELABORACAO" || a.planStatus === "DEVOLVIDO"
          ? a.planObject && a.goals.length && a.bankCode
            ? undefined
            : "Preencha o plano de trabalho (objeto, metas, itens, cronograma e conta específica) antes de enviá-lo."
          : `O plano já está "${labels.planStatuses[a.planStatus]}".`,
    apply: (_a, on) => ({ planStatus: "ENVIADO", planSubmittedOn: on, planDecidedOn: null, planDecisionReason: null }),
  },
  approve: {
    stage: "APROVADA",
    from: (a) => planIs("ENVIADO", a, "Só um plano enviado ao Executivo pode ser aprovado."),
    apply: (_a, on) => ({ planStatus: "APROVADO", planDecidedOn: on }),
  },
  return: {
    stage: "PLANO_DEVOLVIDO",
    needsReason: true,
    from: (a) => planIs("ENVIADO", a, "Só um plano enviado ao Executivo pode ser devolvido."),
    apply: (_a, on, reason) => ({ planStatus: "DEVOLVIDO", planDecidedOn: on, planDecisionReason: reason }),
  },
  execute: {
    stage: "EXECUTADA",
    from: (a) => (cents(a.paidValue) > 0 && !a.executedOn ? undefined : "Só uma emenda paga e ainda não executada pode ser dada como executada."),
    apply: (_a, on) => ({ executedOn: on }),
  },
  account: {
    stage: "CONTAS_PRESTADAS",
    from: (a) => (a.executedOn && !a.accountedOn ? undefined : "A prestação de contas vem depois da execução."),
    apply: (_a, on) => ({ accountedOn: on }),
  },
} satisfies Record<string, StepRule>;

/** Records a step with its date, person and document, after checking it may be taken now. */
export async function takeStep(db: Db, amendment: AmendmentRow, step: StepRule, input: { occurredOn: string; documentNumber: string; reason: string | null }, person: { id: number; name: string }, now: number) {
  const problem = step.from(amendment);
  if (problem) throw unprocessable(problem);
  if (step.needsReason && !input.reason) throw refuse("reason", "Diga o motivo da devolução: o que precisa ser ajustado.");
  const today = todayInSaoPaulo(now);
  if (input.occurredOn > today) throw refuse("occurredOn", "A data não pode estar no futuro.");
  if (input.occurredOn < amendment.indicatedOn) throw refuse("occurredOn", "A data não pode ser anterior à indicação da emenda.");
  await db.update(municipalAmendments).set(step.apply(amendment, input.occurredOn, input.reason)).where(eq(municipalAmendments.id, amendment.id));
  await db.insert(municipalAmendmentEvents).values({
    companyId: amendment.companyId,
    amendmentId: amendment.id,
    stage: step.stage,
    occurredOn: input.occurredOn,
    userId: person.id,
    personName: person.name,
    documentNumber: input.documentNumber,
    reason: input.reason,
  });
  await recomputeAmendment(db, amendment.id);
}
