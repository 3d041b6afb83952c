import { VOLUNTARY_NR } from "../../../src/domain/transfers";
import type { SiconvTable } from "../../../src/domain/sync";
import { GRANTORS } from "../../db/seed/transfers-catalog";
import { RowProblem, documentOf, textOf } from "../values";
import { contractingOf, modalityOf, ptDate, ptMoney, voluntaryStatusOf } from "./values";

/**
 * How each SICONV dump (research notes 1.5) lands: the columns it must have, its staging table
 * (COPY target) and how one record becomes one staging row, or is skipped because it belongs to no
 * registered municipality. Belonging: a proposta through IDENTIF_PROPONENTE (the CNPJ); a convênio
 * and an emenda through ID_PROPOSTA; empenho, desembolso and pagamento through NR_CONVENIO.
 */

export interface Belonging {
  /** Registered companies by CNPJ. */
  companies: Map<string, number>;
  /** ID_PROPOSTA → company, for proposals of registered municipalities (earlier imports and this one). */
  proposals: Map<number, number>;
  /** NR_CONVENIO → company; 0 when two companies claim the same number (then nobody gets its rows). */
  convenios: Map<string, number>;
}

export type StageValue = string | number | null;
export type StageRow = StageValue[];

export interface TableSpec {
  table: SiconvTable;
  /** Headers the file must have (more are fine and are kept in raw). */
  required: string[];
  stage: { name: string; columns: [string, string][] };
  /** The staging row of a record, or null when the record is not for a registered municipality. */
  /** `raw` gives the record as a JSON object text (header → value), for the jsonb column. */
  row(get: (header: string) => string | undefined, raw: () => string, belonging: Belonging): StageRow | null;
}

const grantorBySiafi = new Map(GRANTORS.map((g) => [g.siafi, g]));
const idOf = (value: string | undefined, field: string): number => {
  const text = value?.trim() ?? "";
  if (!/^\d{1,15}$/.test(text)) throw new RowProblem(field, `identificador inválido em ${field}: ${text || "(vazio)"}`);
  return Number(text);
};

const proposta: TableSpec = {
  table: "proposta",
  required: ["ID_PROPOSTA", "IDENTIF_PROPONENTE", "NR_PROPOSTA", "MODALIDADE", "OBJETO_PROPOSTA", "COD_ORGAO_SUP", "DESC_ORGAO_SUP", "DESC_ORGAO", "SIT_PROPOSTA"],
  stage: {
    name: "stage_proposta",
    columns: [
      ["id_proposta", "bigint"], ["company_id", "integer"], ["nr_proposta", "text"], ["proposal_date", "text"], ["modality", "text"], ["status", "text"], ["object", "text"],
      ["grantor_code", "text"], ["grantor_acronym", "text"], ["grantor_name", "text"], ["superior_grantor_name", "text"], ["global_value", "numeric"], ["raw", "jsonb"],
    ],
  },
  row(get, raw, belonging) {
    const companyId = belonging.companies.get(documentOf(get("IDENTIF_PROPONENTE")));
    if (companyId === undefined) return null;
    const id = idOf(get("ID_PROPOSTA"), "ID_PROPOSTA");
    belonging.proposals.set(id, companyId);
    return [
      id, companyId, textOf(get("NR_PROPOSTA"), 12), ptDate(get("DIA_PROPOSTA"), "DIA_PROPOSTA"), modalityOf(get("MODALIDADE")), textOf(get("SIT_PROPOSTA")), textOf(get("OBJETO_PROPOSTA")),
      textOf(get("COD_ORGAO_SUP"), 10), grantorAcronymOf(textOf(get("COD_ORGAO_SUP"))), textOf(get("DESC_ORGAO")), textOf(get("DESC_ORGAO_SUP")), ptMoney(get("VL_GLOBAL_PROP"), "VL_GLOBAL_PROP"), raw(),
    ];
  },
};

const emenda: TableSpec = {
  table: "emenda",
  required: ["ID_PROPOSTA", "NR_EMENDA", "NOME_PARLAMENTAR"],
  stage: { name: "stage_emenda", columns: [["id_proposta", "bigint"], ["nr_emenda", "text"], ["parliamentarian_name", "text"]] },
  row(get, _raw, belonging) {
    const id = idOf(get("ID_PROPOSTA"), "ID_PROPOSTA");
    if (!belonging.proposals.has(id)) return null;
    return [id, textOf(get("NR_EMENDA"), 12), textOf(get("NOME_PARLAMENTAR"))];
  },
};

const convenio: TableSpec = {
  table: "convenio",
  required: ["NR_CONVENIO", "ID_PROPOSTA", "SIT_CONVENIO", "DIA_ASSIN_CONV", "DIA_INIC_VIGENC_CONV", "DIA_FIM_VIGENC_CONV", "VL_REPASSE_CONV", "VL_CONTRAPARTIDA_CONV", "SITUACAO_CONTRATACAO"],
  stage: {
    name: "stage_convenio",
    columns: [
      ["company_id", "integer"], ["nr_convenio", "text"], ["id_proposta", "bigint"], ["year", "integer"], ["status", "text"], ["source_status", "text"],
      ["signed_at", "date"], ["published_at", "date"], ["validity_start", "date"], ["validity_end", "date"], ["accountability_deadline", "date"],
      ["contracting_situation", "text"], ["suspensive_clause_due", "date"], ["transfer_value", "numeric"], ["counterpart_value", "numeric"], ["process_number", "text"], ["raw", "jsonb"],
    ],
  },
  row(get, raw, belonging) {
    const id = idOf(get("ID_PROPOSTA"), "ID_PROPOSTA");
    const companyId = belonging.proposals.get(id);
    if (companyId === undefined) return null;
    const nr = get("NR_CONVENIO")?.trim() ?? "";
    if (!VOLUNTARY_NR.test(nr)) throw new RowProblem("NR_CONVENIO", `número do convênio fora do formato de 6 dígitos: ${nr || "(vazio)"}`);
    const signedAt = ptDate(get("DIA_ASSIN_CONV"), "DIA_ASSIN_CONV");
    const validityStart = ptDate(get("DIA_INIC_VIGENC_CONV"), "DIA_INIC_VIGENC_CONV");
    let validityEnd = ptDate(get("DIA_FIM_VIGENC_CONV"), "DIA_FIM_VIGENC_CONV");
    // An end before the start cannot be stored: the raw row keeps what came.
    if (validityStart && validityEnd && validityEnd < validityStart) validityEnd = null;
    const year = Number(get("ANO")?.trim() || signedAt?.slice(0, 4) || validityStart?.slice(0, 4) || NaN);
    if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new RowProblem("ANO", `ano do convênio ${nr} inválido`);
    const contracting = contractingOf(get("SITUACAO_CONTRATACAO"));
    const previous = belonging.convenios.get(nr);
    belonging.convenios.set(nr, previous === undefined || previous === companyId ? companyId : 0);
    return [
      companyId, nr, id, year, voluntaryStatusOf(get("SIT_CONVENIO")), textOf(get("SIT_CONVENIO")),
      signedAt, ptDate(get("DIA_PUBL_CONV"), "DIA_PUBL_CONV"), validityStart, validityEnd, ptDate(get("DIA_LIMITE_PREST_CONTAS"), "DIA_LIMITE_PREST_CONTAS"),
      contracting, contracting === "CLAUSULA_SUSPENSIVA" ? ptDate(get("DATA_SUSPENSIVA"), "DATA_SUSPENSIVA") : null,
      ptMoney(get("VL_REPASSE_CONV"), "VL_REPASSE_CONV") ?? "0.00", ptMoney(get("VL_CONTRAPARTIDA_CONV"), "VL_CONTRAPARTIDA_CONV") ?? "0.00", textOf(get("NR_PROCESSO"), 40), raw(),
    ];
  },
};

const PAYMENT_COLUMNS: [string, string][] = [
  ["company_id", "integer"], ["nr_convenio", "text"], ["kind", "text"], ["status", "text"], ["document_number", "text"], ["payment_date", "date"], ["amount", "numeric"],
  ["payee_name", "text"], ["payee_document", "text"], ["description", "text"], ["external_id", "text"], ["raw", "jsonb"],
];

/** The company of a movement's convênio, or null (not registered, or claimed by two companies). */
function companyOfConvenio(get: (header: string) => string | undefined, belonging: Belonging): { companyId: number; nr: string } | null {
  const nr = get("NR_CONVENIO")?.trim() ?? "";
  const companyId = belonging.convenios.get(nr);
  return companyId ? { companyId, nr } : null;
}

function requiredDate(value: string | undefined, field: string): string {
  const date = ptDate(value, field);
  if (!date) throw new RowProblem(field, `movimento sem data (${field})`);
  return date;
}

const empenho: TableSpec = {
  table: "empenho",
  required: ["ID_EMPENHO", "NR_CONVENIO", "NR_EMPENHO", "DATA_EMISSAO", "VALOR_EMPENHO"],
  stage: { name: "stage_movement", columns: PAYMENT_COLUMNS },
  row(get, raw, belonging) {
    const owner = companyOfConvenio(get, belonging);
    if (!owner) return null;
    const id = idOf(get("ID_EMPENHO"), "ID_EMPENHO");
    // An annulment note (or a cancelled empenho) commits nothing: listed, not counted.
    const cancelled = /anula|cancel/i.test(`${get("DESC_TIPO_NOTA") ?? ""} ${get("DESC_SITUACAO_EMPENHO") ?? ""}`);
    return [
      owner.companyId, owner.nr, "COMMITMENT", cancelled ? "CANCELADO" : "EFETIVADO", textOf(get("NR_EMPENHO"), 30) ?? `NE ${id}`, requiredDate(get("DATA_EMISSAO"), "DATA_EMISSAO"),
      ptMoney(get("VALOR_EMPENHO"), "VALOR_EMPENHO") ?? "0.00", null, null, textOf(get("DESC_TIPO_NOTA")), `empenho:${id}`, raw(),
    ];
  },
};

const desembolso: TableSpec = {
  table: "desembolso",
  required: ["ID_DESEMBOLSO", "NR_CONVENIO", "DATA_DESEMBOLSO", "VL_DESEMBOLSADO"],
  stage: { name: "stage_movement", columns: PAYMENT_COLUMNS },
  row(get, raw, belonging) {
    const owner = companyOfConvenio(get, belonging);
    if (!owner) return null;
    const id = idOf(get("ID_DESEMBOLSO"), "ID_DESEMBOLSO");
    return [
      owner.companyId, owner.nr, "DISBURSEMENT", "EFETIVADO", textOf(get("NR_SIAFI"), 30) ?? `DESEMBOLSO ${id}`, requiredDate(get("DATA_DESEMBOLSO"), "DATA_DESEMBOLSO"),
      ptMoney(get("VL_DESEMBOLSADO"), "VL_DESEMBOLSADO") ?? "0.00", null, null, textOf(get("OBSERVACAO_DH")), `desembolso:${id}`, raw(),
    ];
  },
};

const pagamento: TableSpec = {
  table: "pagamento",
  required: ["NR_MOV_FIN", "NR_CONVENIO", "DATA_PAG", "VL_PAGO"],
  stage: { name: "stage_movement", columns: PAYMENT_COLUMNS },
  row(get, raw, belonging) {
    const owner = companyOfConvenio(get, belonging);
    if (!owner) return null;
    const id = idOf(get("NR_MOV_FIN"), "NR_MOV_FIN");
    return [
      owner.companyId, owner.nr, "SUPPLIER_PAYMENT", "EFETIVADO", `MOV ${id}`.slice(0, 30), requiredDate(get("DATA_PAG"), "DATA_PAG"),
      ptMoney(get("VL_PAGO"), "VL_PAGO") ?? "0.00", textOf(get("NOME_FORNECEDOR")), textOf(documentOf(get("IDENTIF_FORNECEDOR")), 14), textOf(get("DESC_DL")),
      `pagamento:${owner.nr}:${id}`, raw(),
    ];
  },
};

export const TABLE_SPECS: Record<SiconvTable, TableSpec> = { proposta, emenda, convenio, empenho, desembolso, pagamento };

/** The grantor's acronym from COD_ORGAO_SUP, when it is one the catalogue knows. */
export function grantorAcronymOf(code: string | null): string | null {
  return code ? (grantorBySiafi.get(code)?.acronym ?? null) : null;
}
