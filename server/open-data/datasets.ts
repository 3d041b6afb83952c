import { PassThrough, type Readable } from "node:stream";
import type { PublicFiscalIndicator, PublicImpositionTransfer, PublicVoluntaryTransfer } from "../../src/domain/transparency";
import { FISCAL_INDICATOR_DEFINITIONS, fiscalStatus } from "../../src/domain/fiscal-indicators";
import { transparency as labels } from "../../src/domain/labels/transparency";
import type { ExportColumn, PageReader } from "../lib/export";

/**
 * The public datasets' fields: one list per dataset gives the CSV/XLSX header, the JSON key and the
 * data dictionary entry of each field, so the three formats share their pt-BR names by construction
 * and the published dictionary never drifts from what the files carry. The fields cover what the
 * PNTP 2025 criteria ask of transfers received (5.1: repassador, número/ano, objeto, valor total,
 * valores repassados, vigência) and of emendas (17.1: origem, forma de repasse, tipo, número,
 * autoria, valor previsto e realizado; 17.2: the page with each emenda Pix's execution).
 */
export interface DatasetColumn<Row> extends ExportColumn<Row> {
  /** What the field means, for the data dictionary (pt-BR). */
  description: string;
  /** The dictionary's type when the export type says too little (a percentage is no amount in reais). */
  typeName?: string;
}

/** One entry of a published data dictionary. */
export interface DictionaryEntry {
  campo: string;
  descricao: string;
  tipo: string;
}

const TYPE_NAMES: Record<ExportColumn<unknown>["type"], string> = {
  text: "texto",
  integer: "inteiro",
  money: "decimal (2 casas, reais)",
  date: "data (AAAA-MM-DD no JSON, DD/MM/AAAA no CSV)",
};

export function dictionaryOf<Row>(columns: DatasetColumn<Row>[]): DictionaryEntry[] {
  return columns.map((c) => ({ campo: c.header, descricao: c.description, tipo: c.typeName ?? TYPE_NAMES[c.type] }));
}

/** One row for the JSON export: the CSV's field names, typed values (numbers as numbers, dates as ISO days). */
export function jsonRow<Row>(columns: ExportColumn<Row>[], row: Row): Record<string, string | number | null> {
  return Object.fromEntries(
    columns.map((c) => {
      const value = c.value(row);
      if (value === null || value === undefined || value === "") return [c.header, null];
      if (c.type === "money" || c.type === "integer") return [c.header, Number(value)];
      if (c.type === "date") return [c.header, String(value).slice(0, 10)];
      return [c.header, String(value)];
    }),
  );
}

/** The JSON export, written page by page: `{ municipio, geradoEm, dicionario, <key>: [rows] }`. */
export function datasetJsonStream<Row>(header: { municipio: string; geradoEm: string }, key: string, columns: DatasetColumn<Row>[], read: PageReader<Row>): Readable {
  const out = new PassThrough();
  const BATCH = 2000;
  (async () => {
    out.write(`${JSON.stringify({ ...header, dicionario: dictionaryOf(columns) }).slice(0, -1)},${JSON.stringify(key)}:[`);
    let first = true;
    for (let offset = 0; ; offset += BATCH) {
      const rows = await read(offset, BATCH);
      for (const row of rows) {
        if (!out.write(`${first ? "" : ","}${JSON.stringify(jsonRow(columns, row))}`)) await new Promise((r) => out.once("drain", r));
        first = false;
      }
      if (rows.length < BATCH) break;
    }
    out.end("]}");
  })().catch((error) => out.destroy(error as Error));
  return out;
}

/** Every emenda and convênio here is a federal transfer: the portal publishes what the Union sends. */
const FEDERAL = "Federal";

export function impositionColumns(slug: string): DatasetColumn<PublicImpositionTransfer>[] {
  return [
    { header: "codigo_plano_acao", type: "text", value: (r) => r.nrTransfer, description: "Código do plano de ação no Transferegov.br (identifica a transferência especial)." },
    { header: "ano", type: "integer", value: (r) => r.year, description: "Ano (exercício) da emenda." },
    { header: "numero_emenda", type: "text", value: (r) => r.amendmentNumber, description: "Número da emenda parlamentar no orçamento da União." },
    { header: "parlamentar", type: "text", value: (r) => r.parliamentarianName, description: "Autoria: o parlamentar autor da emenda." },
    { header: "situacao", type: "text", value: (r) => labels.impositionSituations[r.situation], description: "Situação do plano de ação." },
    { header: "objeto", type: "text", value: (r) => r.objectName, description: "Objeto: o que a transferência financia." },
    { header: "area", type: "text", value: (r) => r.policyAreas, description: "Área de política pública." },
    { header: "programa", type: "text", value: (r) => r.programName, description: "Programa do orçamento da União." },
    { header: "concedente", type: "text", value: (r) => r.grantorName, description: "Repassador: o órgão federal que transfere o recurso." },
    { header: "categoria", type: "text", value: (r) => labels.expenseCategories[r.expenseCategory], description: "Categoria da despesa (custeio, investimento ou ambos)." },
    { header: "valor_custeio", type: "money", value: (r) => r.costingValue, description: "Parte do valor destinada a custeio." },
    { header: "valor_investimento", type: "money", value: (r) => r.investmentValue, description: "Parte do valor destinada a investimento." },
    { header: "valor_previsto", type: "money", value: (r) => r.plannedValue, description: "Valor previsto (valor total da emenda)." },
    { header: "valor_empenhado", type: "money", value: (r) => r.committedValue, description: "Valor empenhado pela União." },
    { header: "valor_recebido", type: "money", value: (r) => r.paidValue, description: "Valor realizado: o que a União já repassou ao município." },
    { header: "data_aceite", type: "date", value: (r) => r.acceptedAt, description: "Data em que o município aceitou a emenda." },
    { header: "inicio_execucao", type: "date", value: (r) => r.executionStart, description: "Vigência: início da execução." },
    { header: "fim_execucao", type: "date", value: (r) => r.executionEnd, description: "Vigência: fim da execução." },
    { header: "comunicacao_camara", type: "date", value: (r) => r.legislativeNotifiedAt, description: "Data da comunicação à Câmara Municipal (LC 210/2024, art. 8º)." },
    { header: "origem", type: "text", value: () => FEDERAL, description: "Origem do recurso (esfera de governo que transfere)." },
    { header: "forma_repasse", type: "text", value: () => "Transferência especial (emenda Pix)", description: "Forma de repasse (CF art. 166-A, I)." },
    { header: "tipo_emenda", type: "text", value: () => "Individual", description: "Tipo da emenda (individual, de bancada ou de comissão)." },
    {
      header: "pagina_execucao",
      type: "text",
      value: (r) => `/transparency/${slug}/transactions-imposition/info/${r.nrTransfer}`,
      description: "Endereço da página da transferência no portal: a execução orçamentária e financeira, com os valores repassados e as datas.",
    },
  ];
}

export function voluntaryColumns(slug: string): DatasetColumn<PublicVoluntaryTransfer>[] {
  return [
    { header: "numero_convenio", type: "text", value: (r) => r.nrTransfer, description: "Número do convênio (ou contrato de repasse) no Transferegov.br." },
    { header: "numero_proposta", type: "text", value: (r) => r.proposalNumber, description: "Número da proposta que originou o convênio." },
    { header: "ano", type: "integer", value: (r) => r.year, description: "Ano do convênio." },
    { header: "modalidade", type: "text", value: (r) => labels.modalities[r.modality], description: "Forma de repasse: convênio, contrato de repasse ou termo." },
    { header: "situacao", type: "text", value: (r) => labels.voluntaryStatuses[r.status], description: "Situação do convênio." },
    { header: "objeto", type: "text", value: (r) => r.object, description: "Objeto do convênio." },
    { header: "programa", type: "text", value: (r) => r.programName, description: "Programa do orçamento da União." },
    { header: "concedente", type: "text", value: (r) => r.grantorName, description: "Repassador: o órgão federal concedente." },
    { header: "parlamentar", type: "text", value: (r) => r.parliamentarianName, description: "Autoria, quando o convênio vem de uma emenda parlamentar." },
    { header: "numero_emenda", type: "text", value: (r) => r.amendmentNumber, description: "Número da emenda parlamentar, quando houver." },
    { header: "valor_repasse", type: "money", value: (r) => r.transferValue, description: "Valor previsto do repasse da União." },
    { header: "valor_contrapartida", type: "money", value: (r) => r.counterpartValue, description: "Contrapartida do município." },
    { header: "valor_global", type: "money", value: (r) => r.globalValue, description: "Valor total (repasse mais contrapartida)." },
    { header: "valor_empenhado", type: "money", value: (r) => r.committedValue, description: "Valor empenhado pela União." },
    { header: "valor_desembolsado", type: "money", value: (r) => r.paidValue, description: "Valor realizado: o que a União já repassou (desembolsos)." },
    { header: "data_assinatura", type: "date", value: (r) => r.signedAt, description: "Data de assinatura do instrumento." },
    { header: "inicio_vigencia", type: "date", value: (r) => r.validityStart, description: "Vigência: início." },
    { header: "fim_vigencia", type: "date", value: (r) => r.validityEnd, description: "Vigência: fim." },
    { header: "prazo_prestacao_contas", type: "date", value: (r) => r.accountabilityDeadline, description: "Prazo da prestação de contas." },
    { header: "situacao_contratual", type: "text", value: (r) => labels.contractingSituations[r.contractingSituation], description: "Situação da contratação do objeto." },
    { header: "processo", type: "text", value: (r) => r.processNumber, description: "Número do processo administrativo." },
    { header: "origem", type: "text", value: () => FEDERAL, description: "Origem do recurso (esfera de governo que transfere)." },
    {
      header: "pagina_detalhe",
      type: "text",
      value: (r) => `/transparency/${slug}/transactions-voluntary/info/${r.nrTransfer}`,
      description: "Endereço da página do convênio no portal, com os valores repassados e as datas.",
    },
  ];
}

const UNITS = { money: "R$", percent: "%" } as const;
const LIMIT_KINDS = { max: "máximo", min: "mínimo" } as const;

/** The fiscal indicators (RREO/RGF) as the public site's "Indicadores fiscais" page shows them, one row per indicator and year. */
export function fiscalIndicatorColumns(): DatasetColumn<PublicFiscalIndicator>[] {
  const definition = (r: PublicFiscalIndicator) => FISCAL_INDICATOR_DEFINITIONS[r.indicator];
  return [
    { header: "ano", type: "integer", value: (r) => r.year, description: "Exercício a que o valor se refere." },
    { header: "codigo_indicador", type: "text", value: (r) => r.indicator, description: "Código do indicador: RCL, PERSONNEL_PCT_RCL, DEBT_PCT_RCL, EDUCATION_PCT ou HEALTH_PCT." },
    { header: "indicador", type: "text", value: (r) => labels.fiscal.names[r.indicator], description: "Nome do indicador fiscal." },
    { header: "unidade", type: "text", value: (r) => UNITS[definition(r).unit], description: "Unidade do valor e do limite: R$ (reais) ou % (percentual da RCL ou da receita de impostos)." },
    {
      header: "valor",
      type: "money",
      typeName: "decimal (2 casas; reais ou percentual, conforme a unidade)",
      value: (r) => r.value,
      description: "Valor publicado no relatório fiscal do exercício.",
    },
    {
      header: "limite_legal",
      type: "money",
      typeName: "decimal (2 casas; reais ou percentual, conforme a unidade)",
      value: (r) => r.limitValue,
      description: "Limite legal em vigor no exercício (vazio quando o indicador não tem limite: a RCL é a base de cálculo dos demais).",
    },
    { header: "tipo_limite", type: "text", value: (r) => { const kind = definition(r).limitKind; return kind ? LIMIT_KINDS[kind] : null; }, description: "Se o limite é um teto (máximo) ou um piso (mínimo)." },
    {
      header: "situacao",
      type: "text",
      value: (r) => { const status = fiscalStatus(r.indicator, Number(r.value), r.limitValue === null ? null : Number(r.limitValue)); return status === "none" ? null : labels.fiscal.status[status]; },
      description: "Situação do valor diante do limite (dentro do limite, acima do limite de alerta, prudencial ou máximo, abaixo do mínimo).",
    },
    { header: "fonte", type: "text", value: (r) => definition(r).source, description: "Relatório fiscal (SICONFI) em que o valor é publicado." },
  ];
}
