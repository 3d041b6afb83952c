import { VOLUNTARY_MODALITIES, type VoluntaryStatus } from "../../../src/domain/transfers";
import { RowProblem, realDay } from "../values";

/**
 * The SICONV dumps' own formats (research notes 1.5): numbers `1.234,56`, dates `dd/mm/yyyy`, and
 * the situation texts mapped onto our codes (the original text is kept beside the code).
 */

/** `1.234.567,89` (or `1234567,89`, or a plain `1234567.89`) as numeric text; empty is null. */
export function ptNumber(value: string | undefined, field: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  let normalized: string;
  if (text.includes(",")) normalized = text.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d+\.\d{1,2}$/.test(text)) normalized = text;
  else normalized = text.replace(/\./g, "");
  if (!/^-?\d{1,13}(\.\d+)?$/.test(normalized)) throw new RowProblem(field, `valor inválido em ${field}: ${text}`);
  return normalized;
}

/** A money value: two decimals, never negative. */
export function ptMoney(value: string | undefined, field: string): string | null {
  const number = ptNumber(value, field);
  if (number === null) return null;
  const n = Number(number);
  if (n < 0) throw new RowProblem(field, `valor negativo em ${field}: ${value}`);
  return n.toFixed(2);
}

/** `dd/mm/yyyy` (a time after it is ignored) as YYYY-MM-DD; empty is null. */
export function ptDate(value: string | undefined, field: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const day = match && (match[0].includes("/") ? realDay(Number(match[3]), Number(match[2]), Number(match[1])) : realDay(Number(match[1]), Number(match[2]), Number(match[3])));
  if (!day) throw new RowProblem(field, `data inválida em ${field}: ${text}`);
  return day;
}

/** Upper case, no accents, words joined by `_`: `Prestação de Contas em Análise` → `PRESTACAO_DE_CONTAS_EM_ANALISE`. */
export const codeOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** SIT_CONVENIO values seen in the dumps (research notes 1.5), by their code. */
const STATUS_OF: [RegExp, VoluntaryStatus][] = [
  [/APROVADA_COM_RESSALVA/, "PRESTACAO_CONTAS_APROVADA_RESSALVAS"],
  [/PRESTACAO_DE_CONTAS_APROVADA/, "PRESTACAO_CONTAS_APROVADA"],
  [/PRESTACAO_DE_CONTAS_REJEITADA/, "PRESTACAO_CONTAS_REJEITADA"],
  [/PRESTACAO_DE_CONTAS_EM_COMPLEMENTACAO/, "PRESTACAO_CONTAS_EM_COMPLEMENTACAO"],
  [/PRESTACAO_DE_CONTAS_CONCLUIDA/, "CONCLUIDO"],
  [/PRESTACAO_DE_CONTAS/, "PRESTACAO_CONTAS_EM_ANALISE"],
  [/AGUARDANDO_PRESTACAO_DE_CONTAS/, "AGUARDANDO_PRESTACAO_CONTAS"],
  [/TOMADA_DE_CONTAS|INADIMPLENTE/, "INADIMPLENTE"],
  [/ANULADO/, "ANULADO"],
  [/RESCINDIDO/, "RESCINDIDO"],
  [/CANCELAD|EXTINT/, "CANCELADO"],
  [/EM_EXECUCAO/, "EM_EXECUCAO"],
  [/ASSINADO/, "ASSINADO"],
  [/CONCLUID|ENCERRAD/, "CONCLUIDO"],
  [/PROPOSTA|PLANO_DE_TRABALHO/, "PROPOSTA_APROVADA"],
];

export function voluntaryStatusOf(text: string | undefined): VoluntaryStatus {
  const code = codeOf(text ?? "");
  // "Aguardando Prestação de Contas" must not read as a rendered account.
  if (code.startsWith("AGUARDANDO_PRESTACAO")) return "AGUARDANDO_PRESTACAO_CONTAS";
  const found = STATUS_OF.find(([pattern]) => pattern.test(code));
  if (!found) throw new RowProblem("SIT_CONVENIO", `situação do convênio desconhecida: ${text || "(vazia)"}`);
  return found[1];
}

export function modalityOf(text: string | null | undefined): (typeof VOLUNTARY_MODALITIES)[number] {
  const code = codeOf(text ?? "");
  return (VOLUNTARY_MODALITIES as readonly string[]).includes(code) ? (code as (typeof VOLUNTARY_MODALITIES)[number]) : "CONVENIO";
}

/** SITUACAO_CONTRATACAO: "Cláusula Suspensiva" becomes CLAUSULA_SUSPENSIVA. */
export function contractingOf(text: string | undefined): "NORMAL" | "CLAUSULA_SUSPENSIVA" | "LIMINAR" {
  const code = codeOf(text ?? "");
  if (code.includes("SUSPENSIVA")) return "CLAUSULA_SUSPENSIVA";
  if (code.includes("LIMINAR")) return "LIMINAR";
  return "NORMAL";
}
