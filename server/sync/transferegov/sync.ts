import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fundTransferPlans as f, impositionTransfers as it, transactionPayments as p, voluntaryTransfers as vt } from "../../db/schema";
import { recomputeTransferTotals } from "../../domain/payments";
import { refreshObligations } from "../../accountability/obligations";
import { EMPTY_COUNTS, type SyncCounts, type SyncProgress, type SyncRunDetails } from "../../../src/domain/sync";
import { RowProblem } from "../values";
import { addCounts, markMissing, upsertSynced } from "../upsert";
import { TransferegovError, type TransferegovClient } from "./client";
import { fetchEspeciais, toImpositionPayments, toImpositionTransfer, type ImpositionValues, type PaymentValues } from "./especiais";
import { fetchFundoAFundo, toFundPlan, type FundPlanValues } from "./fundoafundo";
import { storeAccountTrail } from "./account-trail";
import type { FetchedAccount, FetchedAnalyses } from "./especiais";
import { knownAnalyses, storeWorkPlans } from "./work-plans";
import { fetchParcerias, toPartnershipPayments, toPartnershipTransfer, type FetchedParcerias, type PartnershipPaymentValues, type PartnershipValues } from "./parcerias";
import { storeFundAnalyses } from "./fund-analyses";
import type { Module } from "./tables";

/**
 * The sync of one municipality with Transferegov (issue 18): everything is read first (the API is
 * slow and may fail half-way), then written in one transaction, so a run either lands whole or
 * leaves the data as it was. Upserts are keyed on the natural keys; hand-edited fields stay; rows the
 * source dropped are marked; each touched transfer's totals are recomputed once, at the end.
 */

export interface SyncCompanyResult {
  counts: SyncCounts;
  details: SyncRunDetails;
  /**
   * What each module gave (the freshness record). A module whose read failed while the others were
   * read (parcerias) says why in `failure`: its rows are left as they were and the rest is saved.
   */
  sources: Record<Module, { rowsRead: number; rowsSkipped: number; failure?: string }>;
}

const MAX_PROBLEMS = 20;

/** Source-owned fields of each table: compared and overwritten on a change. */
const IMPOSITION_OWNED: (keyof ImpositionValues & string)[] = [
  "year", "situation", "impedimentReason", "amendmentNumber", "parliamentarianName", "parliamentarianCode", "programCode", "programName",
  "grantorAcronym", "grantorName", "expenseCategory", "costingValue", "investmentValue", "acceptedAt", "objectName", "objectDetail", "policyAreas",
  "bankCode", "bankName", "agency", "account", "executionStart", "executionEnd", "workPlanId", "workPlanStatus", "workPlanStatusAt", "source", "externalId", "raw",
];
const PAYMENT_OWNED: (keyof PaymentValues & string)[] = ["kind", "status", "documentNumber", "paymentDate", "amount", "source", "externalId", "raw"];
const PARTNERSHIP_OWNED: (keyof PartnershipValues & string)[] = [
  "proposalNumber", "year", "modality", "status", "object", "programCode", "programName", "grantorAcronym", "grantorName", "amendmentNumber", "parliamentarianName",
  "transferValue", "counterpartValue", "signedAt", "publishedAt", "processNumber", "sourceStatus", "source", "externalId", "raw",
];
const PARTNERSHIP_PAYMENT_OWNED: (keyof PartnershipPaymentValues & string)[] = ["kind", "status", "documentNumber", "paymentDate", "amount", "payeeName", "payeeDocument", "description", "source", "externalId", "raw"];
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
  const failed = { transfers: 0, payments: 0, funds: 0, trail: 0, analyses: 0, fundAnalyses: 0, partnerships: 0, partnershipPayments: 0 };
  const note = (kind: keyof typeof failed) => (problem: RowProblem, what: string) => {
    failed[kind] += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(`${what}: ${problem.message}`);
  };
  const progress = (step: string, done: number, total: number) => options.onProgress?.({ step, done, total });

  // ---- read ----
  const especiais = await fetchEspeciais(options.client, company.cnpj, progress, await knownAnalyses(db, company.id));
  const fundoafundo = await fetchFundoAFundo(options.client, company.cnpj, progress);
  // The parcerias module is read on its own: when it fails, what the others gave is still saved and
  // the failure is this source's (its freshness says why); its rows are left as they were.
  let parcerias: FetchedParcerias | null = null;
  let parceriasFailure: string | undefined;
  try {
    parcerias = await fetchParcerias(options.client, company.cnpj, progress);
  } catch (error) {
    if (!(error instanceof TransferegovError)) throw error;
    parceriasFailure = error.message;
    if (problems.length < MAX_PROBLEMS) problems.push(`parcerias: ${error.message}`);
  }

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

  const partnerships: { values: PartnershipValues; payments: PartnershipPaymentValues[] }[] = [];
  for (const fetched of parcerias?.partnerships ?? []) {
    try {
      partnerships.push({ values: toPartnershipTransfer(fetched), payments: toPartnershipPayments(fetched, note("partnershipPayments")) });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      note("partnerships")(error, `parceria ${fetched.partnership.cd_parceria ?? fetched.partnership.id_parceria}`);
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

    const fundIds = new Map<string, number>();
    for (const row of await tx.select({ id: f.id, externalId: f.externalId }).from(f).where(and(eq(f.companyId, companyId), eq(f.source, "transferegov_fundoafundo")))) {
      if (row.externalId) fundIds.set(row.externalId, row.id);
    }
    const fundAnalyses = await storeFundAnalyses(
      tx,
      companyId,
      fundoafundo.plans.filter((plan) => fundIds.has(String(plan.plan.id_plano_acao))).map((plan) => ({ planId: fundIds.get(String(plan.plan.id_plano_acao))!, analyses: plan.analyses, reportAnalyses: plan.reportAnalyses })),
      now,
      note("fundAnalyses"),
      fundoafundo.unreadable.size === 0,
    );

    const partnershipResult = await storePartnerships(tx, companyId, partnerships, now, note("partnerships"), parcerias !== null);

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
      "Análises fundo a fundo": entry(fundAnalyses, failed.fundAnalyses, fundAnalyses.missing),
      "Parcerias (emendas de saúde)": entry(partnershipResult.transfers, failed.partnerships, partnershipResult.missingTransfers, parcerias?.skipped ?? 0),
      "Pagamentos das parcerias": entry(partnershipResult.payments, failed.partnershipPayments, partnershipResult.missingPayments),
    };
  });

  let counts = EMPTY_COUNTS;
  for (const entity of Object.values(entities)) counts = addCounts(counts, { ...entity, updated: entity.updated + entity.missing });
  return {
    counts,
    details: { entities, problems, rowsRead: especiais.plans.length + fundoafundo.plans.length + (parcerias?.partnerships.length ?? 0) },
    sources: {
      especiais: { rowsRead: especiais.rowsRead, rowsSkipped: especiais.skipped },
      fundoafundo: { rowsRead: fundoafundo.rowsRead, rowsSkipped: fundoafundo.skipped },
      parcerias: { rowsRead: parcerias?.rowsRead ?? 0, rowsSkipped: parcerias?.skipped ?? 0, ...(parceriasFailure ? { failure: parceriasFailure } : {}) },
    },
  };
}

type Counted = { created: number; updated: number; unchanged: number };

/**
 * The partnerships as voluntary transfers and their money chain as those transfers' payments. A
 * partnership whose number is already a convênio of the client that did not come from `parcerias`
 * (imported from SICONV or typed by hand) is not written over: it is reported and left out. With
 * `complete` (the module was read), a partnership or payment the source no longer has is marked.
 */
async function storePartnerships(
  tx: Db,
  companyId: number,
  partnerships: { values: PartnershipValues; payments: PartnershipPaymentValues[] }[],
  now: Date,
  onProblem: (problem: RowProblem, what: string) => void,
  complete: boolean,
): Promise<{ transfers: Counted; payments: Counted; missingTransfers: number; missingPayments: number }> {
  const nrs = partnerships.map(({ values }) => values.nrTransfer);
  const taken = new Set<string>();
  for (let start = 0; start < nrs.length; start += 1000) {
    const rows = await tx.select({ nrTransfer: vt.nrTransfer, source: vt.source }).from(vt).where(and(eq(vt.companyId, companyId), inArray(vt.nrTransfer, nrs.slice(start, start + 1000))));
    for (const row of rows) if (row.source !== "transferegov_parcerias") taken.add(row.nrTransfer);
  }
  const kept = partnerships.filter(({ values }) => {
    if (!taken.has(values.nrTransfer)) return true;
    onProblem(new RowProblem("cd_parceria", `o número ${values.nrTransfer} já é de outro convênio deste cliente; a parceria não foi gravada por cima dele`), `parceria ${values.nrTransfer}`);
    return false;
  });
  const transfers = await upsertSynced<PartnershipValues>(tx, { table: vt, target: [vt.companyId, vt.nrTransfer], owned: PARTNERSHIP_OWNED }, kept.map(({ values }) => ({ ...values, companyId })), now);
  const ids = new Map<string, number>();
  const keptNrs = kept.map(({ values }) => values.nrTransfer);
  for (let start = 0; start < keptNrs.length; start += 1000) {
    const rows = await tx.select({ id: vt.id, nrTransfer: vt.nrTransfer }).from(vt).where(and(eq(vt.companyId, companyId), inArray(vt.nrTransfer, keptNrs.slice(start, start + 1000))));
    for (const row of rows) ids.set(row.nrTransfer, row.id);
  }
  const payments = kept.flatMap(({ values, payments: list }) => list.map((payment) => ({ ...payment, companyId, voluntaryTransferId: ids.get(values.nrTransfer)! })));
  const paymentResult = await upsertSynced<PartnershipPaymentValues & { voluntaryTransferId: number }>(
    tx,
    { table: p, target: [p.companyId, p.source, p.externalId], owned: [...PARTNERSHIP_PAYMENT_OWNED, "voluntaryTransferId"], batch: 1000 },
    payments,
    now,
  );
  let missingTransfers = 0;
  let missingPayments: { id: number; transferId?: unknown }[] = [];
  if (complete) {
    missingTransfers = (await markMissing(tx, vt, companyId, "transferegov_parcerias", kept.map(({ values }) => values.externalId!), now)).length;
    missingPayments = await markMissing(tx, p, companyId, "transferegov_parcerias", payments.map((payment) => payment.externalId!), now, { transferId: p.voluntaryTransferId });
  }
  const touched = new Set([...ids.values(), ...missingPayments.map((row) => row.transferId).filter((id): id is number => typeof id === "number")]);
  await recomputeTransferTotals(tx, "voluntary", [...touched]);
  return { transfers, payments: paymentResult, missingTransfers, missingPayments: missingPayments.length };
}
