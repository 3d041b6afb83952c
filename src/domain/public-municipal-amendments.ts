import { z } from "zod";
import { BENEFICIARY_KINDS, MOVEMENT_KINDS, MUNICIPAL_AMENDMENT_KINDS, MUNICIPAL_AMENDMENT_STAGES, PLAN_STATUSES } from "./municipal-amendments";

/** What the public site shows of a municipal emenda (issue 37): the public columns, by name. */

export const publicMunicipalAmendmentSchema = z.object({
  identifier: z.string(),
  year: z.number().int(),
  authorName: z.string(),
  authorParty: z.string(),
  kind: z.enum(MUNICIPAL_AMENDMENT_KINDS),
  functionCode: z.string(),
  subfunctionCode: z.string(),
  programCode: z.string(),
  actionCode: z.string(),
  expenseNature: z.string(),
  value: z.string(),
  object: z.string(),
  beneficiaryKind: z.enum(BENEFICIARY_KINDS),
  beneficiaryName: z.string(),
  beneficiaryCnpj: z.string().nullable(),
  finalBeneficiaryName: z.string().nullable(),
  finalBeneficiaryDocument: z.string().nullable(),
  indicatedOn: z.string(),
  impedimentReason: z.string().nullable(),
  stage: z.enum(MUNICIPAL_AMENDMENT_STAGES),
  planStatus: z.enum(PLAN_STATUSES),
  committedValue: z.string(),
  paidValue: z.string(),
  supplierPaidValue: z.string(),
  returnedValue: z.string(),
  bankCode: z.string().nullable(),
  agency: z.string().nullable(),
  account: z.string().nullable(),
  updatedAt: z.string(),
});
export type PublicMunicipalAmendment = z.infer<typeof publicMunicipalAmendmentSchema>;

export const publicMunicipalAmendmentDetailSchema = publicMunicipalAmendmentSchema.extend({
  slug: z.string(),
  planObject: z.string().nullable(),
  goals: z.array(z.object({ description: z.string(), quantity: z.number(), unit: z.string(), deadline: z.string() })),
  budgetItems: z.array(z.object({ description: z.string(), value: z.string() })),
  schedule: z.array(z.object({ month: z.string(), value: z.string() })),
  planSubmittedOn: z.string().nullable(),
  planDecidedOn: z.string().nullable(),
  planDecisionReason: z.string().nullable(),
  executedOn: z.string().nullable(),
  accountedOn: z.string().nullable(),
  steps: z.array(z.object({ stage: z.enum(MUNICIPAL_AMENDMENT_STAGES), occurredOn: z.string(), personName: z.string(), documentNumber: z.string().nullable(), reason: z.string().nullable() })),
  movements: z.array(
    z.object({
      kind: z.enum(MOVEMENT_KINDS),
      occurredOn: z.string(),
      value: z.string(),
      documentNumber: z.string(),
      supplierName: z.string().nullable(),
      supplierDocument: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});
export type PublicMunicipalAmendmentDetail = z.infer<typeof publicMunicipalAmendmentDetailSchema>;

export const publicCouncillorTotalsSchema = z.object({
  updatedAt: z.string().nullable(),
  totals: z.array(z.object({ authorName: z.string(), authorParty: z.string(), year: z.number().int(), stage: z.enum(MUNICIPAL_AMENDMENT_STAGES), count: z.number().int(), value: z.string(), paidValue: z.string() })),
});
export type PublicCouncillorTotals = z.infer<typeof publicCouncillorTotalsSchema>;

/** Every field of the exports, as the data dictionary publishes it (LAI art. 8 §3: open, described formats). */
export const MUNICIPAL_AMENDMENT_DICTIONARY = [
  { campo: "identificador", descricao: "Identificador único e estável da emenda: ano do orçamento e sequência (EM 2026/0007).", tipo: "texto" },
  { campo: "ano", descricao: "Ano do orçamento municipal (LOA) em que a emenda foi indicada.", tipo: "inteiro" },
  { campo: "autor", descricao: "Vereador autor da emenda (ou o primeiro autor, nas de bancada e de comissão).", tipo: "texto" },
  { campo: "partido", descricao: "Partido do autor na data da indicação.", tipo: "texto" },
  { campo: "tipo", descricao: "Individual, de bancada ou de comissão.", tipo: "texto" },
  { campo: "funcao", descricao: "Função orçamentária (Portaria 42/1999), dois dígitos.", tipo: "texto" },
  { campo: "subfuncao", descricao: "Subfunção orçamentária, três dígitos.", tipo: "texto" },
  { campo: "programa", descricao: "Programa do PPA, quatro dígitos.", tipo: "texto" },
  { campo: "acao", descricao: "Ação orçamentária (projeto ou atividade), quatro dígitos.", tipo: "texto" },
  { campo: "natureza_despesa", descricao: "Natureza da despesa (categoria.grupo.modalidade.elemento).", tipo: "texto" },
  { campo: "objeto", descricao: "O que a emenda financia.", tipo: "texto" },
  { campo: "valor", descricao: "Valor indicado, em reais.", tipo: "decimal (2 casas)" },
  { campo: "tipo_beneficiario", descricao: "Órgão municipal ou entidade do terceiro setor.", tipo: "texto" },
  { campo: "beneficiario", descricao: "Quem recebe o recurso (o proponente).", tipo: "texto" },
  { campo: "cnpj_beneficiario", descricao: "CNPJ do beneficiário (obrigatório para entidades).", tipo: "texto (14 caracteres)" },
  { campo: "beneficiario_final", descricao: "Quem recebe o recurso ao final, quando ele passa por uma entidade.", tipo: "texto" },
  { campo: "documento_beneficiario_final", descricao: "CPF ou CNPJ do beneficiário final.", tipo: "texto" },
  { campo: "data_indicacao", descricao: "Data em que a emenda foi indicada.", tipo: "data (DD/MM/AAAA)" },
  { campo: "etapa", descricao: "Etapa atual: indicada, plano enviado, devolvido, aprovada, empenhada, paga, executada, contas prestadas ou impedimento técnico.", tipo: "texto" },
  { campo: "situacao_plano_trabalho", descricao: "Situação do plano de trabalho perante o Executivo.", tipo: "texto" },
  { campo: "impedimento_tecnico", descricao: "O motivo legal do impedimento técnico, quando houver.", tipo: "texto" },
  { campo: "valor_empenhado", descricao: "Soma das notas de empenho.", tipo: "decimal (2 casas)" },
  { campo: "valor_pago", descricao: "Soma dos pagamentos à conta específica da emenda.", tipo: "decimal (2 casas)" },
  { campo: "valor_pago_fornecedores", descricao: "Soma dos pagamentos do beneficiário aos seus fornecedores.", tipo: "decimal (2 casas)" },
  { campo: "valor_devolvido", descricao: "Soma das devoluções de saldo.", tipo: "decimal (2 casas)" },
  { campo: "banco", descricao: "Banco da conta específica da emenda.", tipo: "texto" },
  { campo: "agencia", descricao: "Agência da conta específica.", tipo: "texto" },
  { campo: "conta", descricao: "Número da conta específica.", tipo: "texto" },
] as const;

