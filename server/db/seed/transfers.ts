import type { Db } from "../client";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { fundTransferPlans, impositionTransfers, transactionPayments, voluntaryTransfers } from "../schema";
import type { ImpositionSituation, VoluntaryStatus } from "../../../src/domain/transfers";
import { recomputeTransferTotals } from "../../domain/payments";
import {
  BANKS,
  FUNDS,
  GRANTORS,
  PARLIAMENTARIANS,
  POLICY_AREAS,
  SPECIAL_OBJECTS,
  SPECIAL_PROGRAM,
  SUPPLIERS,
  cnpjWithCheckDigits,
  prng,
  supplierCnpj,
  type Prng,
} from "./transfers-catalog";

/** How much demo data each municipality gets. */
export interface DemoSize {
  imposition: number;
  voluntary: number;
  fund: number;
}
export const DEMO_SIZE: DemoSize = { imposition: 40, voluntary: 32, fund: 18 };

type NewImposition = typeof impositionTransfers.$inferInsert;
type NewVoluntary = typeof voluntaryTransfers.$inferInsert;
type NewFund = typeof fundTransferPlans.$inferInsert;
type NewPayment = typeof transactionPayments.$inferInsert;

const DAY = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDay(Date.parse(iso) + days * DAY);
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const money = (n: number) => n.toFixed(2);
/** Round values like real amendments: to the thousand (or the hundred for small ones). */
const roundValue = (n: number) => (n >= 100_000 ? Math.round(n / 1000) * 1000 : Math.round(n / 100) * 100);

/**
 * A supplier payment's payee: the supplier's one CNPJ. It still draws the number it once drew for a
 * random CNPJ, so every demo row after it stays as it was.
 */
function supplierPayee(name: string, rng: Prng) {
  rng.int(10_000_000, 99_999_999);
  return { payeeName: name, payeeDocument: supplierCnpj(name) };
}

/** Splits `total` into `parts` positive amounts that add up to it exactly (in cents). */
function split(rng: Prng, total: number, parts: number): number[] {
  const cents = Math.round(total * 100);
  const weights = Array.from({ length: parts }, () => 0.5 + rng.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.floor((cents * w) / sum));
  out[out.length - 1] += cents - out.reduce((a, b) => a + b, 0);
  return out.map((c) => c / 100);
}

interface Counters {
  plan: number;
  convenio: number;
  document: number;
}

/** The demo transfers of one municipality, Transferegov-shaped, dated around `today`. */
export function generateCompanyTransfers(rng: Prng, companyId: number, today: string, size: DemoSize, counters: Counters) {
  const currentYear = Number(today.slice(0, 4));
  const impositions: NewImposition[] = [];
  const voluntaries: NewVoluntary[] = [];
  const funds: NewFund[] = [];

  for (let i = 0; i < size.imposition; i++) {
    const year = currentYear - rng.int(0, 3);
    const parliamentarian = rng.pick(PARLIAMENTARIANS);
    const category = rng.pick(["CUSTEIO", "INVESTIMENTO", "INVESTIMENTO", "CUSTEIO E INVESTIMENTO"] as const);
    const total = roundValue(rng.int(80, 4000) * 1000);
    const costing = category === "CUSTEIO" ? total : category === "INVESTIMENTO" ? 0 : roundValue(total * (0.2 + rng.next() * 0.5));
    const acceptedAt = addDays(`${year}-03-01`, rng.int(0, 200));
    const past = acceptedAt <= today;
    const old = year < currentYear - 1;
    const situation: ImpositionSituation = !past
      ? "AGUARDANDO_CIENCIA"
      : rng.pick(old ? (["CONCLUIDO", "CONCLUIDO", "CIENTE", "IMPEDIDO"] as const) : (["CIENTE", "CIENTE", "CIENTE", "AGUARDANDO_CONCLUSAO_PLANO_TRABALHO", "AGUARDANDO_CIENCIA", "IMPEDIDO", "CANCELADO"] as const));
    const executionStart = addDays(acceptedAt, rng.int(20, 90));
    const bank = rng.pick(BANKS);
    counters.plan += rng.int(1, 40);
    impositions.push({
      companyId,
      nrTransfer: `${SPECIAL_PROGRAM.code}${year}-${pad(counters.plan, 6)}`,
      year,
      situation,
      impedimentReason: situation === "IMPEDIDO" ? "Plano de trabalho não cadastrado no prazo (Portaria Conjunta MF/MPO/MGI/SRI-PR nº 1/2024, art. 17-A)." : null,
      amendmentNumber: `${year}${pad(parliamentarian.code, 4)}${pad(rng.int(1, 60), 4)}`,
      parliamentarianName: parliamentarian.name,
      parliamentarianCode: parliamentarian.code,
      programCode: SPECIAL_PROGRAM.code,
      programName: SPECIAL_PROGRAM.name,
      grantorAcronym: SPECIAL_PROGRAM.acronym,
      grantorName: SPECIAL_PROGRAM.grantor,
      expenseCategory: category,
      costingValue: money(costing),
      investmentValue: money(total - costing),
      acceptedAt: situation === "AGUARDANDO_CIENCIA" ? null : acceptedAt,
      objectName: rng.pick(SPECIAL_OBJECTS),
      objectDetail: "Execução direta pelo município, conforme plano de trabalho cadastrado no Transferegov.br.",
      policyAreas: rng.pick(POLICY_AREAS),
      bankCode: bank.code,
      bankName: bank.name,
      agency: `${rng.int(1000, 9999)}-${rng.int(0, 9)}`,
      account: `${rng.int(10000, 99999)}-${rng.int(0, 9)}`,
      executionStart,
      executionEnd: addDays(executionStart, rng.int(9, 30) * 30),
      legislativeNotifiedAt: situation === "AGUARDANDO_CIENCIA" ? null : addDays(acceptedAt, rng.int(3, 29)),
      isPublic: rng.chance(0.95),
      internalNotes: rng.chance(0.2) ? "Acompanhar a liberação junto ao gabinete do parlamentar." : null,
    });
  }

  for (let i = 0; i < size.voluntary; i++) {
    const year = currentYear - rng.int(0, 4);
    const grantor = rng.pick(GRANTORS);
    const program = rng.pick(grantor.programs);
    const transfer = roundValue(rng.int(150, 6000) * 1000);
    const signedAt = addDays(`${year}-04-01`, rng.int(0, 240));
    const validityStart = signedAt;
    const validityEnd = addDays(signedAt, rng.int(12, 48) * 30);
    const started = signedAt <= today;
    const ended = validityEnd < today;
    const status: VoluntaryStatus = !started
      ? "PROPOSTA_APROVADA"
      : ended
        ? rng.pick(["PRESTACAO_CONTAS_APROVADA", "PRESTACAO_CONTAS_EM_ANALISE", "AGUARDANDO_PRESTACAO_CONTAS", "CONCLUIDO", "RESCINDIDO"] as const)
        : rng.pick(["EM_EXECUCAO", "EM_EXECUCAO", "EM_EXECUCAO", "ASSINADO", "INADIMPLENTE", "CANCELADO"] as const);
    const withAmendment = rng.chance(0.7);
    const parliamentarian = rng.pick(PARLIAMENTARIANS);
    const suspensive = status === "ASSINADO" && rng.chance(0.6);
    counters.convenio += rng.int(1, 90);
    voluntaries.push({
      companyId,
      nrTransfer: String(counters.convenio),
      proposalNumber: `${pad(rng.int(1, 99999), 6)}/${year}`,
      year,
      modality: grantor.acronym === "MCID" || grantor.acronym === "MTUR" ? "CONTRATO_DE_REPASSE" : "CONVENIO",
      status,
      object: rng.pick(program.objects),
      programCode: `${grantor.siafi}${year}${pad(rng.int(1, 40), 4)}`,
      programName: program.name,
      grantorAcronym: grantor.acronym,
      grantorName: grantor.name,
      amendmentNumber: withAmendment ? `${year}${pad(parliamentarian.code, 4)}${pad(rng.int(1, 60), 4)}` : null,
      parliamentarianName: withAmendment ? parliamentarian.name : null,
      transferValue: money(transfer),
      counterpartValue: money(roundValue(transfer * (0.01 + rng.next() * 0.09))),
      signedAt,
      publishedAt: addDays(signedAt, rng.int(2, 15)),
      validityStart,
      validityEnd,
      accountabilityDeadline: addDays(validityEnd, 60),
      contractingSituation: suspensive ? "CLAUSULA_SUSPENSIVA" : "NORMAL",
      suspensiveClauseDue: suspensive ? addDays(today, rng.int(-20, 240)) : null,
      processNumber: `${grantor.siafi.slice(0, 5)}.${pad(rng.int(1, 999999), 6)}/${year}-${pad(rng.int(10, 99), 2)}`,
      isPublic: rng.chance(0.95),
      internalNotes: rng.chance(0.2) ? "Pendência de documentação da licitação no Transferegov.br." : null,
    });
  }

  for (let i = 0; i < size.fund; i++) {
    const year = currentYear - rng.int(0, 3);
    const fund = rng.pick(FUNDS);
    const validityStart = addDays(`${year}-02-01`, rng.int(0, 200));
    const validityEnd = addDays(validityStart, rng.int(12, 36) * 30);
    const amendment = rng.chance(0.5) ? roundValue(rng.int(100, 2000) * 1000) : 0;
    const specific = rng.chance(0.6) ? roundValue(rng.int(50, 1500) * 1000) : 0;
    const voluntary = amendment + specific === 0 ? roundValue(rng.int(100, 800) * 1000) : 0;
    const totalTransfer = amendment + specific + voluntary;
    const situation = validityStart > today ? "EM_ELABORACAO" : validityEnd < today ? rng.pick(["CONCLUIDO", "EM_EXECUCAO"] as const) : rng.pick(["AUTORIZADO", "EM_EXECUCAO", "EM_EXECUCAO", "ENVIADO_ANALISE", "EM_COMPLEMENTACAO"] as const);
    const progress = situation === "CONCLUIDO" ? 1 : situation === "EM_EXECUCAO" ? 0.3 + rng.next() * 0.6 : situation === "AUTORIZADO" ? 0.1 : 0;
    const committed = roundValue(totalTransfer * Math.min(1, progress + 0.1 * (progress > 0 ? 1 : 0)));
    counters.plan += rng.int(1, 30);
    funds.push({
      companyId,
      codPlan: `${fund.org}${year}${pad(rng.int(1, 20), 4)}-${pad(counters.plan, 6)}`,
      year,
      situation,
      programCode: `${fund.org}${year}`,
      programName: fund.program,
      grantorAcronym: fund.acronym,
      grantorName: fund.grantor,
      transferringFundName: fund.grantor,
      receivingFundCnpj: cnpjWithCheckDigits(`${pad(rng.int(10_000_000, 99_999_999), 8)}0001`),
      receivingFundName: fund.receiving,
      parliamentarianName: amendment > 0 ? rng.pick(PARLIAMENTARIANS).name : null,
      validityStart,
      validityEnd,
      objectives: `Aplicar os recursos do ${fund.program.toLowerCase()} conforme as metas pactuadas no plano de ação.`,
      amendmentTransferValue: money(amendment),
      specificTransferValue: money(specific),
      voluntaryTransferValue: money(voluntary),
      ownResourcesValue: money(roundValue(totalTransfer * rng.next() * 0.1)),
      committedValue: money(committed),
      paidValue: money(roundValue(totalTransfer * progress)),
      isPublic: rng.chance(0.95),
      internalNotes: null,
    });
  }
  return { impositions, voluntaries, funds };
}

function paymentNumber(year: number, type: "NE" | "OB" | "NS" | "DH", counters: Counters) {
  counters.document += 1;
  return `${year}${type}${pad(counters.document % 1_000_000, 6)}`;
}

/** The money chain of one imposition transfer (empenho, then ordens bancárias, then supplier payments). */
export function impositionPayments(rng: Prng, t: NewImposition & { id: number }, today: string, counters: Counters): NewPayment[] {
  const planned = Number(t.costingValue) + Number(t.investmentValue);
  const base = { companyId: t.companyId, impositionTransferId: t.id };
  if (!t.acceptedAt || t.situation === "AGUARDANDO_CIENCIA") return [];
  const out: NewPayment[] = [];
  const start = t.acceptedAt;
  const dateAfter = (days: number) => {
    const d = addDays(start, days);
    return d > today ? today : d;
  };
  if (t.situation === "IMPEDIDO" || t.situation === "CANCELADO") {
    out.push({ ...base, kind: "COMMITMENT", status: "CANCELADO", documentNumber: paymentNumber(t.year, "NE", counters), paymentDate: dateAfter(rng.int(5, 40)), amount: money(planned), description: "Empenho cancelado: plano de ação impedido." });
    return out;
  }
  out.push({ ...base, kind: "COMMITMENT", status: "EFETIVADO", documentNumber: paymentNumber(t.year, "NE", counters), paymentDate: dateAfter(rng.int(5, 40)), amount: money(planned), payeeName: "FUNDO MUNICIPAL", description: "Empenho da transferência especial." });
  const share = t.situation === "CONCLUIDO" ? 1 : rng.pick([0, 0.5, 1, 1]);
  if (share > 0) {
    const orders = split(rng, planned * share, rng.int(1, 2));
    orders.forEach((amount, k) =>
      out.push({ ...base, kind: "BANK_ORDER", status: k === orders.length - 1 && rng.chance(0.1) ? "PENDENTE" : "EFETIVADO", documentNumber: paymentNumber(t.year, "OB", counters), paymentDate: dateAfter(rng.int(40, 120) + k * 60), amount: money(amount), description: "OB enviada à instituição bancária para pagamento." }),
    );
    const supplierTotal = planned * share * (0.3 + rng.next() * 0.6);
    split(rng, supplierTotal, rng.int(1, 3)).forEach((amount, k) =>
      out.push({ ...base, kind: "SUPPLIER_PAYMENT", status: "EFETIVADO", documentNumber: paymentNumber(t.year, "NS", counters), paymentDate: dateAfter(rng.int(130, 200) + k * 45), amount: money(amount), ...supplierPayee(rng.pick(SUPPLIERS), rng), description: "Medição de obra / entrega de bens." }),
    );
  }
  return out;
}

/** The money chain of one convênio (empenhos, desembolsos, pagamentos a fornecedores, contrapartida). */
export function voluntaryPayments(rng: Prng, t: NewVoluntary & { id: number }, today: string, counters: Counters): NewPayment[] {
  const base = { companyId: t.companyId, voluntaryTransferId: t.id };
  if (!t.signedAt || t.signedAt > today || t.status === "PROPOSTA_APROVADA") return [];
  const transfer = Number(t.transferValue);
  const dateAfter = (days: number) => {
    const d = addDays(t.signedAt!, days);
    return d > today ? today : d;
  };
  const cancelled = t.status === "CANCELADO" || t.status === "ANULADO";
  const out: NewPayment[] = [];
  split(rng, transfer, rng.int(1, 2)).forEach((amount, k) =>
    out.push({ ...base, kind: "COMMITMENT", status: cancelled ? "CANCELADO" : "EFETIVADO", documentNumber: paymentNumber(t.year, "NE", counters), paymentDate: dateAfter(rng.int(1, 20) + k * 30), amount: money(amount), description: "Nota de empenho do concedente." }),
  );
  if (cancelled || t.status === "ASSINADO") return out;
  const done = ["PRESTACAO_CONTAS_APROVADA", "PRESTACAO_CONTAS_EM_ANALISE", "AGUARDANDO_PRESTACAO_CONTAS", "CONCLUIDO"].includes(t.status);
  const share = done ? 1 : t.status === "RESCINDIDO" ? 0.3 : 0.2 + rng.next() * 0.7;
  const disbursements = split(rng, transfer * share, rng.int(1, 4));
  disbursements.forEach((amount, k) =>
    out.push({ ...base, kind: "DISBURSEMENT", status: "EFETIVADO", documentNumber: paymentNumber(t.year, "OB", counters), paymentDate: dateAfter(rng.int(30, 60) + k * 90), amount: money(amount), description: "Desembolso para a conta do convênio." }),
  );
  out.push({ ...base, kind: "COUNTERPART_DEPOSIT", status: "EFETIVADO", documentNumber: paymentNumber(t.year, "DH", counters), paymentDate: dateAfter(rng.int(25, 50)), amount: t.counterpartValue ?? "0.00", payeeName: "CONTA DO CONVÊNIO", description: "Depósito da contrapartida municipal." });
  const supplier = rng.pick(SUPPLIERS);
  split(rng, transfer * share * 0.9, rng.int(2, 6)).forEach((amount, k) =>
    out.push({ ...base, kind: "SUPPLIER_PAYMENT", status: "EFETIVADO", documentNumber: `${t.year}${pad(rng.int(100000, 999999), 6)}`, paymentDate: dateAfter(rng.int(70, 100) + k * 60), amount: money(amount), ...supplierPayee(supplier, rng), description: `Boletim de medição nº ${k + 1}.` }),
  );
  if (rng.chance(0.3)) out.push({ ...base, kind: "YIELD", status: "EFETIVADO", documentNumber: `REND${t.year}${pad(rng.int(1, 999), 3)}`, paymentDate: dateAfter(rng.int(60, 300)), amount: money(rng.int(500, 30000)), description: "Rendimento de aplicação financeira." });
  return out;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Seeds the demo transfers and payments of each company; deterministic for a given `today`. */
export async function seedTransfers(db: Db, companyIds: number[], options: { today?: string; size?: DemoSize; seed?: number } = {}) {
  const today = options.today ?? todayInSaoPaulo();
  const size = options.size ?? DEMO_SIZE;
  const counters: Counters = { plan: 79_000, convenio: 900_000, document: 100 };
  for (const [index, companyId] of companyIds.entries()) {
    const rng = prng((options.seed ?? 2025) + index * 7919);
    // NR_CONVENIO stays inside the SICONV range 700000–999999.
    counters.convenio = 700_000 + index * 9_000;
    const { impositions, voluntaries, funds } = generateCompanyTransfers(rng, companyId, today, size, counters);
    const impoIds = await db.insert(impositionTransfers).values(impositions).returning({ id: impositionTransfers.id });
    const volIds = await db.insert(voluntaryTransfers).values(voluntaries).returning({ id: voluntaryTransfers.id });
    if (funds.length) await db.insert(fundTransferPlans).values(funds);
    const payments: NewPayment[] = [
      ...impositions.flatMap((t, i) => impositionPayments(rng, { ...t, id: impoIds[i].id }, today, counters)),
      ...voluntaries.flatMap((t, i) => voluntaryPayments(rng, { ...t, id: volIds[i].id }, today, counters)),
    ];
    await insertChunked(payments, (chunk) => db.insert(transactionPayments).values(chunk));
  }
  await recomputeTransferTotals(db, "imposition");
  await recomputeTransferTotals(db, "voluntary");
}

