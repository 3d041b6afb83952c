import { and, asc, eq } from "drizzle-orm";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import type { Db } from "../client";
import { companies, fundPlanAnalyses, fundTransferPlans, transactionPayments, voluntaryTransfers } from "../schema";
import { recomputeTransferTotals } from "../../domain/payments";

/**
 * The demo's health emenda from Transferegov's parcerias module (issue 32), as the sync leaves it: a
 * partnership of a "FAF SAUDE" program stored as a voluntary transfer of modality fundo a fundo
 * saúde, funded by one emenda, with its empenho and the ordem bancária that paid it; and the analyses
 * of the municipality's first fundo a fundo plan (merit approved, technical approved with a caveat,
 * the management report approved by the council). Belo Horizonte (the third demo municipality), not
 * São José dos Campos nor Campinas: the tests sync those two from recorded pages, and a full sync
 * marks rows the source no longer has (see ./account-trail.ts).
 */

const SOURCE = "transferegov_parcerias" as const;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedParcerias(db: Db, companyIds: number[], today = todayInSaoPaulo()) {
  const companyId = companyIds[2] ?? companyIds[0];
  if (companyId === undefined) return;
  const [company] = await db.select({ name: companies.name, cnpj: companies.cnpj }).from(companies).where(eq(companies.id, companyId));
  if (!company) return;
  const year = Number(today.slice(0, 4));
  const signedAt = `${year}-03-18`;
  const value = "780000.00";
  const paid = "468000.00";
  const fundName = `FUNDO MUNICIPAL DE SAÚDE DE ${company.name.toUpperCase()}`;
  const [transfer] = await db
    .insert(voluntaryTransfers)
    .values({
      companyId,
      // NR_CONVENIO-shaped (6 digits), outside the demo convênios' 700000–999999 blocks of 9,000.
      nrTransfer: "995207",
      year,
      modality: "FUNDO_A_FUNDO_SAUDE",
      status: signedAt <= today ? "EM_EXECUCAO" : "ASSINADO",
      object: "Incremento temporário ao custeio dos serviços de atenção especializada à saúde (média e alta complexidade) do hospital municipal.",
      programCode: "3600020260012",
      programName: "INCREMENTO TEMPORÁRIO AO CUSTEIO DOS SERVIÇOS DE ATENÇÃO ESPECIALIZADA À SAÚDE",
      grantorAcronym: "FNS",
      grantorName: "FUNDO NACIONAL DE SAÚDE",
      amendmentNumber: `${year}28170007`,
      parliamentarianName: "ROGÉRIO CORREIA",
      transferValue: value,
      counterpartValue: "0.00",
      signedAt,
      publishedAt: addDays(signedAt, 3),
      processNumber: `25000.118734/${year}-41`,
      sourceStatus: "Aprovada · Autorizada",
      source: SOURCE,
      externalId: "8129731",
      syncedAt: new Date(),
      raw: { parceria: { id_parceria: 8129731, cd_parceria: 995207, in_situacao_parceria: "Aprovada" }, programa: { cd_tipo_instrumento: "FAF SAUDE" } },
    })
    .returning({ id: voluntaryTransfers.id });
  const common = { companyId, voluntaryTransferId: transfer.id, source: SOURCE, syncedAt: new Date() };
  await db.insert(transactionPayments).values([
    { ...common, kind: "COMMITMENT", status: "EFETIVADO", documentNumber: `${year}NE807311`, paymentDate: addDays(signedAt, 7), amount: value, payeeName: fundName, payeeDocument: company.cnpj, description: `Emenda ${year}28170007 - custeio MAC`, externalId: "empenho:5129731" },
    { ...common, kind: "BANK_ORDER", status: "EFETIVADO", documentNumber: `${year}OB530811`, paymentDate: addDays(signedAt, 12), amount: paid, payeeName: fundName, payeeDocument: company.cnpj, description: "Paga", externalId: "op:5309731" },
    { ...common, kind: "BANK_ORDER", status: "PENDENTE", documentNumber: `${year}OP530812`, paymentDate: addDays(signedAt, 40), amount: "312000.00", payeeName: fundName, payeeDocument: company.cnpj, description: "Aguardando pagamento", externalId: "op:5309732" },
  ]);
  await recomputeTransferTotals(db, "voluntary", [transfer.id]);

  const [plan] = await db.select({ id: fundTransferPlans.id, year: fundTransferPlans.year }).from(fundTransferPlans).where(and(eq(fundTransferPlans.companyId, companyId))).orderBy(asc(fundTransferPlans.id)).limit(1);
  if (!plan) return;
  const notAfterToday = (day: string) => (day > today ? today : day);
  const analysis = { companyId, planId: plan.id, source: "transferegov_fundoafundo" as const, syncedAt: new Date() };
  await db.insert(fundPlanAnalyses).values([
    { ...analysis, subject: "PLANO_ACAO", analysisType: "MERITO", result: "APROVADO", analyzedOn: notAfterToday(`${plan.year}-03-12`), opinion: "Plano compatível com as diretrizes do programa e com o plano municipal de saúde.", origin: "CONCEDENTE", externalId: "plano:demo-1" },
    { ...analysis, subject: "PLANO_ACAO", analysisType: "TECNICA", result: "COM_RESSALVA", analyzedOn: notAfterToday(`${plan.year}-04-02`), opinion: "Aprovado com ressalva: ajustar o cronograma físico da meta 1.", origin: "CONCEDENTE", externalId: "plano:demo-2" },
    { ...analysis, subject: "RELATORIO_GESTAO", analysisType: "TECNICA", result: "APROVADO", analyzedOn: notAfterToday(`${plan.year + 1}-02-15`), opinion: "Relatório de gestão parcial aprovado pelo conselho municipal.", origin: "CONSELHO", externalId: "relatorio:demo-1" },
  ]);
}
