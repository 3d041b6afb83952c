import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fundTransferPlans as f, impositionTransfers as it, transactionPayments as p } from "../../db/schema";
import { recomputeTransferTotals } from "../../domain/payments";
import { refreshObligations } from "../../accountability/obligations";
import { EMPTY_COUNTS, type SyncCounts, type SyncProgress, type SyncRunDetails } from "../../../src/domain/sync";
import { RowProblem } from "../values";
import { addCounts, markMissing, upsertSynced } from "../upsert";
import type { TransferegovClient } from "./client";
import { fetchEspeciais, toImpositionPayments, toImpositionTransfer, type ImpositionValues, type PaymentValues } from "./especiais";
import { fetchFundoAFundo, toFundPlan, type FundPlanValues } from "./fundoafundo";
import { storeAccountTrail } from "./account-trail";
import type { FetchedAccount, FetchedAnalyses } from "./especiais";
import { knownAnalyses, storeWorkPlans } from "./work-plans";

/**
 * The sync of one municipality with Transferegov (issue 18): everything is read first (the API is
 * slow and may fail half-way), then written in one transaction, so a run either lands whole or
 * leaves the data as it was. Upserts are keyed on the natural keys; hand-edited fields stay; rows the
 * source dropped are marked; each touched transfer's totals are recomputed once, at the end.
 */

export interface SyncCompanyResult {
  counts: SyncCounts;
  details: SyncRunDetails;
  /** What each module gave (the freshness record). */
  sources: Record<"especiais" | "fundoafundo", { rowsRead: number; rowsSkipped: number }>;
}

const MAX_PROBLEMS = 20;

/** Source-owned fields of each table: compared and overwritten on a change. */
const IMPOSITION_OWNED: (keyof ImpositionValues & string)[] = [
  "year", "situation", "impedimentReason", "amendmentNumber", "parliamentarianName", "parliamentarianCode", "programCode", "programName",
  "grantorAcronym", "grantorName", "expenseCategory", "costingValue", "investmentValue", "acceptedAt", "objectName", "objectDetail", "policyAreas",
  "bankCode", "bankName", "agency", "account", "executionStart", "executionEnd", "workPlanId", "workPlanStatus", "workPlanStatusAt", "source", "externalId", "raw",
];
const PAYMENT_OWNED: (keyof PaymentValues & string)[] = ["kind", "status", "documentNumber", "paymentDate", "amount", "source", "externalId", "raw"];
const FUND_OWNED: (keyof FundPlanValues & string)[] = [
  "year", "situation", "sourceStatus", "programCode", "programName", "grantorAcronym", "grantorName", "transferringFundName", "receivingFundCnpj",
  "receivingFundName", "validityStart", "validityEnd", "objectives", "amendmentTransferValue", "specificTransferValue", "voluntaryTransferValue",
  "ownResourcesValue", "committedValue", "managementReportStatus", "source", "externalId", "raw",
];

export async function syncCompany(
  db: Db,
  company: { id: number; cnpj: string },
  options: { client: TransferegovClient; now?: () => Date; onProgress?: (progress: SyncProgress) => void },
): Promise<SyncCompanyResult> {
  const problems: string[] = [];
  const failed = { transfers: 0, payments: 0, funds: 0, trail: 0, analyses: 0 };
  const note = (kind: keyof typeof failed) => (problem: RowProblem, what: string) => {
    failed[kind] += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(`${what}: ${problem.message}`);
  };
  const progress = (step: string, done: number, total: number) => options.onProgress?.({ step, done, total });

  // ---- read ----
  const especiais = await fetchEspeciais(options.client, company.cnpj, progress, await knownAnalyses(db, company.id));
  const fundoafundo = await fetchFundoAFundo(options.client, company.cnpj, progress);

  // ---- map (a row that cannot be stored is counted, not fatal) ----
  const transfers: { values: ImpositionValues; payments: PaymentValues[]; account: FetchedAccount; analyses: FetchedAnalyses }[] = [];
  for (const plan of especiais.plans) {
    try {
      const values = toImpositionTransfer(plan);
      transfers.push({ values, payments: toImpositionPayments(plan, note("payments")), account: plan.account, analyses: plan.analyses });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      note("transfers")(error, `plano de ação ${plan.plan.codigo_plano_acao ?? plan.plan.id_plano_acao}`);
    }
  }
  const funds: FundPlanValues[] = [];
  for (const [id, message] of fundoafundo.unreadable) note("funds")(new RowProblem("id_plano_acao", message), `plano fundo a fundo ${id}`);
  for (const plan of fundoafundo.plans) {
    try {
      funds.push(toFundPlan(plan));
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      note("funds")(error, `plano fundo a fundo ${plan.plan.codigo_plano_acao ?? plan.plan.id_plano_acao}`);
    }
  }

  // ---- write, all or nothing ----
  progress("Gravando", 0, 1);
  const now = options.now?.() ?? new Date();
  const entities = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const companyId = company.id;

    const transferResult = await upsertSynced<ImpositionValues, { nrTransfer: string }>(
      tx,
      { table: it, target: [it.companyId, it.nrTransfer], owned: IMPOSITION_OWNED, returning: { nrTransfer: it.nrTransfer } },
      transfers.map(({ values }) => ({ ...values, companyId })),
      now,
    );
    const nrs = transfers.map(({ values }) => values.nrTransfer);
    const ids = new Map<string, number>();
    for (let start = 0; start < nrs.length; start += 1000) {
      const rows = await tx.select({ id: it.id, nrTransfer: it.nrTransfer }).from(it).where(and(eq(it.companyId, companyId), inArray(it.nrTransfer, nrs.slice(start, start + 1000))));
      for (const row of rows) ids.set(row.nrTransfer, row.id);
    }
    const payments = transfers.flatMap(({ values, payments: list }) => list.map((payment) => ({ ...payment, companyId, impositionTransferId: ids.get(values.nrTransfer)! })));
    const paymentResult = await upsertSynced<PaymentValues & { impositionTransferId: number }>(
      tx,
      { table: p, target: [p.companyId, p.source, p.externalId], owned: [...PAYMENT_OWNED, "impositionTransferId"], batch: 1000 },
      payments,
      now,
    );

    // Without a beneficiary the API said nothing about this municipality's plans: nothing is marked.
    let missingTransfers = 0;
    let missingPayments: { id: number; transferId?: unknown }[] = [];
    if (especiais.beneficiaryFound) {
      missingTransfers = (await markMissing(tx, it, companyId, "transferegov_especiais", transfers.map(({ values }) => values.externalId!), now)).length;
      missingPayments = await markMissing(tx, p, companyId, "transferegov_especiais", payments.map((payment) => payment.externalId!), now, { transferId: p.impositionTransferId });
    }
    // Each transfer of the source (and of a payment gone missing) is recomputed once; only totals that differ are written.
    const touched = new Set([...ids.values(), ...missingPayments.map((row) => row.transferId).filter((id): id is number => typeof id === "number")]);
    await recomputeTransferTotals(tx, "imposition", [...touched]);

    // The money trail of each emenda: its account's statement, balance and returns, reconciled.
    const trail = await storeAccountTrail(
      tx,
      companyId,
      transfers.filter(({ values }) => ids.has(values.nrTransfer)).map(({ values, account }) => ({ transferId: ids.get(values.nrTransfer)!, account })),
      now,
      note("trail"),
      especiais.beneficiaryFound,
    );

    // Where each emenda's work plan stands: its analyses, their history and the bodies holding it.
    const workPlans = await storeWorkPlans(
      tx,
      companyId,
      transfers.filter(({ values }) => ids.has(values.nrTransfer)).map(({ values, analyses }) => ({ transferId: ids.get(values.nrTransfer)!, analyses })),
      now,
      note("analyses"),
      especiais.beneficiaryFound,
    );

    const fundResult = await upsertSynced<FundPlanValues>(
      tx,
      { table: f, target: [f.companyId, f.codPlan], owned: FUND_OWNED },
      funds.map((values) => ({ ...values, companyId })),
      now,
    );
    // A plan the source could not answer for is still the source's: it is left as it was, not marked missing.
    const seenFunds = [...funds.map((values) => values.externalId!), ...[...fundoafundo.unreadable.keys()].map(String)];
    const missingFunds = (await markMissing(tx, f, companyId, "transferegov_fundoafundo", seenFunds, now)).length;

    const entry = (result: { created: number; updated: number; unchanged: number }, fails: number, missing: number, skipped = 0) => ({
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      skipped,
      failed: fails,
      missing,
    });
    // The accountability obligations follow the synced transfers in the same transaction (reading them never writes).
    await refreshObligations(tx, companyId);
    return {
      "Transferências especiais": entry(transferResult, failed.transfers, missingTransfers, especiais.skipped),
      "Pagamentos (empenhos e ordens bancárias)": entry(paymentResult, failed.payments, missingPayments.length),
      "Fundo a fundo": entry(fundResult, failed.funds, missingFunds, fundoafundo.skipped),
      "Extrato das contas específicas": entry(trail.entries, failed.trail, 0),
      "Saldos das contas": entry(trail.balances, 0, 0),
      "Devoluções": entry(trail.returns, 0, 0),
      "Análises dos planos de trabalho": entry(workPlans.analyses, failed.analyses, 0),
      "Órgãos com análise pendente": entry(workPlans.pendingBodies, 0, workPlans.released),
    };
  });

  let counts = EMPTY_COUNTS;
  for (const entity of Object.values(entities)) counts = addCounts(counts, { ...entity, updated: entity.updated + entity.missing });
  return {
    counts,
    details: { entities, problems, rowsRead: especiais.plans.length + fundoafundo.plans.length },
    sources: {
      especiais: { rowsRead: especiais.rowsRead, rowsSkipped: especiais.skipped },
      fundoafundo: { rowsRead: fundoafundo.rowsRead, rowsSkipped: fundoafundo.skipped },
    },
  };
}
