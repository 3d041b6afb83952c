import { reportLabels as L } from "../../src/domain/labels/reports";
import { labelOf, transferLabels } from "../../src/domain/labels/transfers";
import { executionShare, TIMED_PROPOSAL_STATUSES, type FundraisingAnswer, type MunicipalAmendmentsAnswer, type PaymentsAnswer, type ProposalAnswer, type ReportName, type TransactionsAnswer } from "../../src/domain/reports";
import { municipalAmendmentLabels } from "../../src/domain/labels/municipal-amendments";
import type { ReportSection } from "./documents";

/** Each report's answer as the sections of its document (tables with totals), in pt-BR. */

const C = L.columns;
const S = L.sections;
const kindGroup = labelOf(L.kinds);
const kindName = labelOf(L.kindOne);
const paymentKind = labelOf(transferLabels.paymentKinds);
const proposalStatus = labelOf(L.proposalStatuses);
const situationName = (kind: string, code: string) =>
  labelOf(kind === "imposition" ? transferLabels.impositionSituations : kind === "voluntary" ? transferLabels.voluntaryStatuses : transferLabels.fundSituations)(code) ?? code;
const sumOf = <T>(rows: T[], value: (row: T) => string | number) => rows.reduce((acc, r) => acc + Math.round(Number(value(r)) * 100), 0) / 100;
const countOf = <T>(rows: T[], value: (row: T) => number) => rows.reduce((acc, r) => acc + value(r), 0);

function fundraising(a: FundraisingAnswer): ReportSection[] {
  const f = a.funnel;
  return [
    {
      title: S.byYear,
      sheet: "Por ano",
      columns: [
        { header: C.year, type: "text" },
        { header: C.imposition, type: "money" },
        { header: C.voluntary, type: "money" },
        { header: C.fund, type: "money" },
        { header: C.total, type: "money" },
        { header: C.count, type: "integer" },
      ],
      rows: a.byYear.map((r) => [String(r.year), r.imposition, r.voluntary, r.fund, r.total, r.count]),
      total: [L.totalRow, sumOf(a.byYear, (r) => r.imposition), sumOf(a.byYear, (r) => r.voluntary), sumOf(a.byYear, (r) => r.fund), a.total.value, a.total.count],
    },
    {
      title: S.byGrantor,
      sheet: "Por concedente",
      columns: [
        { header: C.grantor, type: "text" },
        { header: C.grantorName, type: "text" },
        { header: C.count, type: "integer" },
        { header: C.value, type: "money" },
      ],
      rows: a.byGrantor.map((r) => [r.grantor || L.noGrantor, r.name, r.count, r.value]),
      total: [L.totalRow, "", countOf(a.byGrantor, (r) => r.count), sumOf(a.byGrantor, (r) => r.value)],
    },
    {
      title: S.byParliamentarian,
      sheet: "Por parlamentar",
      columns: [
        { header: C.parliamentarian, type: "text" },
        { header: C.count, type: "integer" },
        { header: C.value, type: "money" },
      ],
      rows: a.byParliamentarian.map((r) => [r.name, r.count, r.value]),
      total: [L.totalRow, countOf(a.byParliamentarian, (r) => r.count), sumOf(a.byParliamentarian, (r) => r.value)],
    },
    {
      title: S.funnel,
      sheet: "Funil",
      columns: [
        { header: C.stage, type: "text" },
        { header: C.count, type: "integer" },
        { header: C.transferValue, type: "money" },
        { header: C.rate, type: "percent" },
      ],
      rows: [
        [L.funnelStages.sent, f.sent.count, f.sent.value, null],
        [L.funnelStages.approved, f.approved.count, f.approved.value, f.approvalRate],
        [L.funnelStages.signed, f.signed.count, f.signed.value, f.signatureRate],
      ],
    },
  ];
}

function payments(a: PaymentsAnswer): ReportSection[] {
  return [
    {
      title: S.byMonth,
      sheet: "Por mês",
      columns: [
        { header: C.month, type: "text" },
        { header: C.paymentKind, type: "text" },
        { header: C.count, type: "integer" },
        { header: C.value, type: "money" },
      ],
      rows: a.byMonth.map((r) => [`${r.month.slice(5, 7)}/${r.month.slice(0, 4)}`, paymentKind(r.kind), r.count, r.value]),
      total: [L.totalRow, "", a.total.count, a.total.value],
    },
    {
      title: S.byKind,
      sheet: "Por tipo",
      columns: [
        { header: C.paymentKind, type: "text" },
        { header: C.count, type: "integer" },
        { header: C.value, type: "money" },
      ],
      rows: a.byKind.map((r) => [paymentKind(r.kind), r.count, r.value]),
      total: [L.totalRow, a.total.count, a.total.value],
    },
    {
      title: S.topPayees,
      sheet: "Favorecidos",
      columns: [
        { header: C.payee, type: "text" },
        { header: C.document, type: "text" },
        { header: C.count, type: "integer" },
        { header: C.value, type: "money" },
      ],
      rows: a.topPayees.map((r) => [r.payee, r.document, r.count, r.value]),
      total: [L.totalRow, "", countOf(a.topPayees, (r) => r.count), sumOf(a.topPayees, (r) => r.value)],
    },
  ];
}

function proposal(a: ProposalAnswer): ReportSection[] {
  const group = (rows: { count: number; transferValue: string; globalValue: string }[]) => [L.totalRow, countOf(rows, (r) => r.count), sumOf(rows, (r) => r.transferValue), sumOf(rows, (r) => r.globalValue)];
  const valueColumns = [
    { header: C.count, type: "integer" as const },
    { header: C.transferValue, type: "money" as const },
    { header: C.globalValue, type: "money" as const },
  ];
  return [
    {
      title: S.byStatus,
      sheet: "Por situação",
      columns: [{ header: C.status, type: "text" }, ...valueColumns],
      rows: a.byStatus.map((r) => [proposalStatus(r.status), r.count, r.transferValue, r.globalValue]),
      total: group(a.byStatus),
    },
    {
      title: S.byProgram,
      sheet: "Por programa",
      columns: [{ header: C.program, type: "text" }, ...valueColumns],
      rows: a.byProgram.map((r) => [r.code ? `${r.code} – ${r.name}` : L.noProgram, r.count, r.transferValue, r.globalValue]),
      total: group(a.byProgram),
    },
    {
      title: S.byProposalGrantor,
      sheet: "Por concedente",
      columns: [{ header: C.grantor, type: "text" }, ...valueColumns],
      rows: a.byGrantor.map((r) => [r.acronym ? `${r.acronym} – ${r.name}` : L.noGrantor, r.count, r.transferValue, r.globalValue]),
      total: group(a.byGrantor),
    },
    {
      title: S.timeInStatus,
      sheet: "Tempo por situação",
      columns: [
        { header: C.status, type: "text" },
        { header: C.proposals, type: "integer" },
        { header: C.totalDays, type: "days" },
        { header: C.averageDays, type: "days" },
      ],
      rows: a.timeInStatus.map((r) => [proposalStatus(r.status), r.proposals, r.totalDays, r.averageDays]),
    },
    {
      title: S.proposals,
      sheet: "Propostas",
      columns: [
        { header: C.nrProposal, type: "text" },
        { header: C.status, type: "text" },
        { header: C.transferValue, type: "money" },
        ...TIMED_PROPOSAL_STATUSES.map((s) => ({ header: proposalStatus(s) ?? s, type: "days" as const })),
      ],
      rows: a.proposals.map((p) => [p.nrProposal, proposalStatus(p.status), p.transferValue, ...TIMED_PROPOSAL_STATUSES.map((s) => p.days[s] ?? null)]),
      total: [L.totalRow, "", sumOf(a.proposals, (p) => p.transferValue), ...TIMED_PROPOSAL_STATUSES.map(() => null)],
    },
  ];
}

function transactions(a: TransactionsAnswer): ReportSection[] {
  const values = [
    { header: C.count, type: "integer" as const },
    { header: C.planned, type: "money" as const },
    { header: C.committed, type: "money" as const },
    { header: C.paid, type: "money" as const },
    { header: C.execution, type: "percent" as const },
  ];
  const triple = (r: { count: number; plannedValue: string; committedValue: string; paidValue: string }) => [r.count, r.plannedValue, r.committedValue, r.paidValue, executionShare(r.paidValue, r.plannedValue)];
  return [
    {
      title: S.byTransferKind,
      sheet: "Por tipo",
      columns: [{ header: C.kind, type: "text" }, ...values],
      rows: a.byKind.map((r) => [kindGroup(r.kind), ...triple(r)]),
      total: [L.totalRow, ...triple(a.total)],
    },
    {
      title: S.groups,
      sheet: "Por tipo, ano e situação",
      columns: [{ header: C.kind, type: "text" }, { header: C.year, type: "text" }, { header: C.situation, type: "text" }, ...values],
      rows: a.groups.map((r) => [kindGroup(r.kind), String(r.year), situationName(r.kind, r.situation), ...triple(r)]),
      total: [L.totalRow, "", "", ...triple(a.total)],
    },
    {
      title: `${S.endingSoon} (${a.days} dias)`,
      sheet: "Vigência terminando",
      columns: [
        { header: C.kind, type: "text" },
        { header: C.transfer, type: "text" },
        { header: C.company, type: "text" },
        { header: C.situation, type: "text" },
        { header: C.endsAt, type: "date" },
        { header: C.planned, type: "money" },
        { header: C.paid, type: "money" },
        { header: C.execution, type: "percent" },
      ],
      rows: a.endingSoon.map((r) => [kindName(r.kind), r.key, r.companyName, situationName(r.kind, r.situation), r.endsAt, r.plannedValue, r.paidValue, r.execution]),
    },
  ];
}

function municipalAmendments(a: MunicipalAmendmentsAnswer): ReportSection[] {
  const values = [
    { header: C.count, type: "integer" as const },
    { header: C.indicated, type: "money" as const },
    { header: C.committed, type: "money" as const },
    { header: C.paidToAccount, type: "money" as const },
    { header: C.supplierPaid, type: "money" as const },
  ];
  type Values = MunicipalAmendmentsAnswer["total"];
  const cells = (r: Values) => [r.count, r.value, r.committedValue, r.paidValue, r.supplierPaidValue];
  const total = (first: string[]) => [...first, ...cells(a.total)];
  return [
    { title: S.municipalByYear, sheet: "Por ano", columns: [{ header: C.year, type: "text" }, ...values], rows: a.byYear.map((r) => [String(r.year), ...cells(r)]), total: total([L.totalRow]) },
    {
      title: S.municipalByStage,
      sheet: "Por etapa",
      columns: [{ header: C.stage, type: "text" }, ...values],
      rows: a.byStage.map((r) => [municipalAmendmentLabels.stages[r.stage], ...cells(r)]),
      total: total([L.totalRow]),
    },
    {
      title: S.municipalByCouncillor,
      sheet: "Por vereador",
      columns: [{ header: C.councillor, type: "text" }, { header: C.party, type: "text" }, ...values],
      rows: a.byCouncillor.map((r) => [r.authorName, r.authorParty, ...cells(r)]),
      total: total([L.totalRow, ""]),
    },
  ];
}

export const SECTIONS: { [N in ReportName]: (answer: never) => ReportSection[] } = { fundraising, payments, proposal, transactions, "municipal-amendments": municipalAmendments };
