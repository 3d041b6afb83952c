import { AUTH_COMP, formatAuthComp } from "../../src/lib/auth-comp";
import { TRANSFER_SCREENS, listQuery, type ListSorter, type TransferKindCode } from "../../src/domain/assistant";
import { transferLabels } from "../../src/domain/labels/transfers";
import type { CompanyRow } from "../db/schema";
import { KIND_TABLES, kindsOf, listFilters, type Selection } from "./data";
import type { DeadlineKind, Measure } from "./lexicon";
import { joinAnd, titleCase } from "./text";
import type { Answer, AnswerLink } from "./types";

/** How answers name things, and how an answer is written out with its source and links. */

export const KIND_NAMES: Record<TransferKindCode, { one: string; many: string; screen: string; of: "da" | "do" }> = {
  imposition: { one: "transferência especial (emenda PIX)", many: "transferências especiais (emendas PIX)", screen: transferLabels.transferKindGroups.imposition, of: "da" },
  voluntary: { one: "convênio", many: "convênios e contratos de repasse", screen: transferLabels.transferKindGroups.voluntary, of: "do" },
  fund: { one: "plano fundo a fundo", many: "planos fundo a fundo", screen: transferLabels.transferKindGroups.fund, of: "do" },
};

export const MEASURE_NAMES: Record<Measure, { label: string; short: string; verb: string }> = {
  planned: { label: "Previsto", short: "previsto", verb: "previstos" },
  committed: { label: "Empenhado", short: "empenhado", verb: "empenhados" },
  paid: { label: "Recebido (pago)", short: "recebido", verb: "recebidos" },
  toReceive: { label: "A receber", short: "a receber", verb: "a receber" },
};

export const DEADLINE_NAMES: Record<DeadlineKind, string> = {
  validity: "fim da vigência",
  accountability: "prazo da prestação de contas",
  suspensive: "prazo da cláusula suspensiva",
};

/** 'transferências especiais (emendas PIX)' or 'transferências (todos os tipos)'. */
export function kindsPhrase(kinds: TransferKindCode[]): string {
  if (kinds.length === 1) return KIND_NAMES[kinds[0]].many;
  if (kinds.length === 0 || kinds.length === 3) return "transferências (especiais, voluntárias e fundo a fundo)";
  return joinAnd(kinds.map((k) => KIND_NAMES[k].many));
}

/** 'de 2025, do parlamentar Ana Duarte, do concedente MINISTÉRIO DA SAÚDE, em execução'. */
export function selectionPhrase(selection: Selection): string {
  const parts: string[] = [];
  if (selection.modality === "CONTRATO_DE_REPASSE") parts.push("na modalidade contrato de repasse");
  if (selection.years.length) parts.push(`de ${joinAnd(selection.years.map(String))}`);
  if (selection.parliamentarians.length) parts.push(`${selection.parliamentarians.length === 1 ? "do parlamentar" : "dos parlamentares"} ${joinAnd(selection.parliamentarians.map(titleCase))}`);
  if (selection.grantors.length) parts.push(`${selection.grantors.length === 1 ? "do concedente" : "dos concedentes"} ${joinAnd(selection.grantors.map(grantorName))}`);
  if (selection.situations.length) parts.push(joinAnd(selection.situations.map((s) => s.label)));
  return parts.join(", ");
}

export const grantorName = (g: { name: string; acronym: string | null }) => (g.acronym ? `${titleCase(g.name)} (${g.acronym})` : titleCase(g.name));

/** 'transferências especiais (emendas PIX) de 2025, do parlamentar Ana Duarte'. */
export function describeSelection(selection: Selection): string {
  const reachable = kindsOf(selection);
  const what = kindsPhrase(selection.kinds.length || reachable.length < 3 ? reachable : []);
  const rest = selectionPhrase(selection);
  return rest ? `${what} ${rest}` : what;
}

/** Links to the list screens that show a selection (one per kind, at most three). */
export function listLinks(selection: Selection, sorters: (kind: TransferKindCode) => ListSorter[] = () => []): AnswerLink[] {
  return kindsOf(selection).map((kind) => {
    const query = listQuery(listFilters(kind, selection), sorters(kind));
    return { label: `Ver em ${KIND_NAMES[kind].screen}`, path: query ? `${TRANSFER_SCREENS[kind]}?${query}` : TRANSFER_SCREENS[kind] };
  });
}

/** Sort a list screen by a deadline column, soonest first. */
export const byEnd = (kind: TransferKindCode): ListSorter[] => [{ field: KIND_TABLES[kind].fields.end, order: "asc" }];

/** The path with the company's authComp, so the screen opens on the company the answer is about. */
export function withCompany(path: string, company: Pick<CompanyRow, "id" | "cnpj">): string {
  const [base, hash = ""] = path.split("#");
  const separator = base.includes("?") ? "&" : "?";
  return `${base}${separator}${AUTH_COMP}=${formatAuthComp(company.id, company.cnpj)}${hash ? `#${hash}` : ""}`;
}

/** The answer as the widget shows it (Markdown): text, then where the figures came from, then the links. */
export function renderAnswer(answer: Answer, company: Pick<CompanyRow, "id" | "cnpj">): string {
  const parts = [answer.text];
  if (answer.source) parts.push(`_Fonte: ${answer.source}._`);
  if (answer.links?.length) parts.push(answer.links.map((link) => `[${link.label}](${withCompany(link.path, company)})`).join(" · "));
  return parts.join("\n\n");
}
