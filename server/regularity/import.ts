import { and, eq, isNotNull, sql } from "drizzle-orm";
import { CAUC_LEGAL_BASIS, caucItem, countByStatus, groupOfCode, type CaucImportResult, type RegularityStatus } from "../../src/domain/regularity";
import type { Db } from "../db/client";
import { companies, regularityItems, regularitySnapshots } from "../db/schema";
import { ibgeKey, type CaucFile } from "./cauc-csv";

/** Stores today's counts per status of a company's items (one snapshot per company and day; the last write of the day wins). */
export async function takeSnapshot(tx: Db, companyId: number, day: string): Promise<void> {
  const items = await tx.select({ status: regularityItems.status }).from(regularityItems).where(eq(regularityItems.companyId, companyId));
  const counts = countByStatus(items as { status: RegularityStatus }[]);
  const values = {
    regular: counts.REGULAR,
    aComprovar: counts.A_COMPROVAR,
    irregular: counts.IRREGULAR,
    desabilitado: counts.DESABILITADO,
    semInformacao: counts.SEM_INFORMACAO,
  };
  await tx
    .insert(regularitySnapshots)
    .values({ companyId, takenOn: day, ...values })
    .onConflictDoUpdate({ target: [regularitySnapshots.companyId, regularitySnapshots.takenOn], set: values });
}

/**
 * Applies the national file to every registered municipality found in it by IBGE code, in one
 * transaction. Idempotent: a cell that says what is stored changes nothing (no version counted up),
 * and a value recorded by hand on a later day than the file's search date is kept. Takes a snapshot
 * per company at the file's date.
 */
export async function applyCaucFile(db: Db, file: CaucFile): Promise<CaucImportResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const registered = await tx.select({ id: companies.id, name: companies.name, ibgeCode: companies.ibgeCode }).from(companies).where(isNotNull(companies.ibgeCode));
    const byIbge = new Map(file.rows.map((row) => [ibgeKey(row.ibgeCode), row]));
    const applied: CaucImportResult["applied"] = [];
    const missing: CaucImportResult["missing"] = [];
    for (const company of registered) {
      const row = byIbge.get(ibgeKey(company.ibgeCode!));
      if (!row) {
        missing.push({ companyId: company.id, name: company.name });
        continue;
      }
      let changed = 0;
      for (const [code, cell] of row.items) {
        const known = caucItem(code);
        const values = {
          status: cell.status,
          validUntil: cell.validUntil,
          rawValue: cell.raw,
          checkedOn: file.checkedOn,
          updatedBy: "IMPORTACAO" as const,
        };
        const result = await tx
          .insert(regularityItems)
          .values({
            companyId: company.id,
            kind: "CAUC",
            code,
            group: known?.group ?? groupOfCode(code) ?? null,
            label: (known?.label ?? file.columns.get(code) ?? code).slice(0, 300),
            source: known?.source ?? "CAUC",
            legalBasis: CAUC_LEGAL_BASIS,
            ...values,
          })
          .onConflictDoUpdate({
            target: [regularityItems.companyId, regularityItems.code],
            set: { ...values, version: sql`${regularityItems.version} + 1`, updatedAt: sql`now()` },
            // Only when the file says something new, and is not older than what is stored.
            setWhere: and(
              sql`${regularityItems.checkedOn} <= ${file.checkedOn}`,
              sql`(${regularityItems.status}, ${regularityItems.validUntil}, ${regularityItems.rawValue}) is distinct from (${cell.status}::regularity_status, ${cell.validUntil}::date, ${cell.raw}::varchar)`,
            ),
          })
          .returning({ id: regularityItems.id });
        changed += result.length;
      }
      await takeSnapshot(tx, company.id, file.checkedOn);
      applied.push({ companyId: company.id, name: company.name, ibgeCode: company.ibgeCode!, items: changed });
    }
    return { checkedOn: file.checkedOn, rows: file.rows.length, applied, missing };
  });
}
