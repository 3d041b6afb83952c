import { and, eq } from "drizzle-orm";
import { formatCnpj } from "../../src/domain/cnpj";
import { fillPlaceholders, placeholdersIn, type PlaceholderValues, type RecipientKind, type RequirementTransferKind } from "../../src/domain/requirements";
import type { Db } from "../db/client";
import { companies, impositionTransfers, voluntaryTransfers } from "../db/schema";
import { notFound } from "../lib/errors";

/** What fills a template: the company, and one of its transfers when one is chosen. */

export interface TransferFacts {
  kind: RequirementTransferKind;
  id: number;
  number: string;
  amendmentNumber: string | null;
  parliamentarianName: string | null;
  grantorName: string | null;
  programName: string | null;
  value: string;
  object: string | null;
}

export interface CompanyFacts {
  name: string;
  uf: string | null;
  cnpj: string;
  mayorName: string | null;
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const longDate = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** `2026-11-23` → `23 de novembro de 2026`. */
export const writtenDate = (iso: string) => longDate.format(new Date(`${iso}T00:00:00Z`));

/** The company's transfer of that kind, or a 404 (another company's transfer does not exist for this one). */
export async function transferFacts(db: Db, companyId: number, kind: RequirementTransferKind, id: number): Promise<TransferFacts> {
  if (kind === "IMPOSITION") {
    const [t] = await db
      .select()
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.id, id), eq(impositionTransfers.companyId, companyId)));
    if (!t) throw notFound("Transferência não encontrada nesta prefeitura.");
    return {
      kind, id, number: t.nrTransfer, amendmentNumber: t.amendmentNumber, parliamentarianName: t.parliamentarianName, grantorName: t.grantorName,
      programName: t.programName, value: t.plannedValue, object: t.objectName ?? t.objectDetail,
    };
  }
  const [t] = await db
    .select()
    .from(voluntaryTransfers)
    .where(and(eq(voluntaryTransfers.id, id), eq(voluntaryTransfers.companyId, companyId)));
  if (!t) throw notFound("Transferência não encontrada nesta prefeitura.");
  return {
    kind, id, number: t.nrTransfer, amendmentNumber: t.amendmentNumber, parliamentarianName: t.parliamentarianName, grantorName: t.grantorName,
    programName: t.programName, value: t.globalValue, object: t.object,
  };
}

export async function companyFacts(db: Db, companyId: number): Promise<CompanyFacts> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound("Prefeitura não encontrada.");
  return { name: c.name, uf: c.uf, cnpj: c.cnpj, mayorName: c.mayorName };
}

export function placeholderValues(company: CompanyFacts, transfer: TransferFacts | null, today: string): PlaceholderValues {
  const values: PlaceholderValues = {
    "municipio.nome": company.name,
    "municipio.cnpj": formatCnpj(company.cnpj),
    data: writtenDate(today),
  };
  if (company.uf) values["municipio.uf"] = company.uf;
  if (company.mayorName) values["prefeito.nome"] = company.mayorName;
  if (transfer) {
    values["transferencia.numero"] = transfer.number;
    values.valor = brl.format(Number(transfer.value));
    if (transfer.amendmentNumber) values["emenda.numero"] = transfer.amendmentNumber;
    if (transfer.parliamentarianName) values["parlamentar.nome"] = transfer.parliamentarianName;
    if (transfer.grantorName) values["concedente.nome"] = transfer.grantorName;
    if (transfer.programName) values["programa.nome"] = transfer.programName;
    if (transfer.object) values.objeto = transfer.object;
  }
  return values;
}

/** Who the document goes to, by the template's recipient kind and the data at hand. */
export function recipientNameFor(kind: RecipientKind, company: CompanyFacts, transfer: TransferFacts | null): string {
  switch (kind) {
    case "PARLAMENTAR":
      return transfer?.parliamentarianName ? `Excelentíssimo(a) Senhor(a) ${transfer.parliamentarianName}` : "Excelentíssimo(a) Senhor(a) Parlamentar";
    case "MINISTERIO":
      return transfer?.grantorName ?? "Ministério concedente";
    case "CAMARA":
      return `Câmara Municipal de ${company.name}`;
    case "TRIBUNAL_CONTAS":
      return company.uf ? `Tribunal de Contas do Estado – ${company.uf}` : "Tribunal de Contas do Estado";
  }
}

export function fillText(text: string, values: PlaceholderValues): { text: string; unfilled: string[] } {
  const filled = fillPlaceholders(text, values);
  return { text: filled, unfilled: placeholdersIn(filled) };
}
