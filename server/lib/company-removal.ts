import type { FastifyInstance } from "fastify";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { companies, regularityItems, users, type CompanyRow } from "../db/schema";
import type { Db } from "../db/client";
import { forgetUploads } from "../storage/ledger";

interface TenantColumn {
  schema: string;
  table: string;
  column: string;
}

/**
 * Every column that ties rows to a company and goes with it (ON DELETE CASCADE), read from the
 * catalog, so each area's tenant tables count without this file knowing them.
 */
async function cascadingTenantColumns(db: Db): Promise<TenantColumn[]> {
  const result = await db.execute(sql`
    select n.nspname as "schema", t.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${sql.raw(`'public.companies'::regclass`)} and c.confdeltype = 'c'
    order by 1, 2, 3`);
  // Both drivers (PGlite, node-postgres) answer execute() with { rows }.
  return (result as unknown as { rows: TenantColumn[] }).rows;
}

/** How many rows of other areas belong to the company (users are counted apart). */
export async function countCompanyData(db: Db, companyId: number): Promise<number> {
  let total = 0;
  for (const { schema, table, column } of await cascadingTenantColumns(db)) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)} where ${sql.identifier(column)} = ${companyId}`,
    );
    total += Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }
  return total;
}

const IDENTITY_BATCH = 1000;

/**
 * Removes a company with everything of it in one transaction: its users (their identities are
 * deleted too; a refusal there rolls everything back) and, by cascade, every tenant row. Access
 * logs stay, unlinked, as history. Stored files go after the commit.
 */
export async function removeCompany(app: FastifyInstance, company: CompanyRow): Promise<{ users: number }> {
  const evidencePaths: string[] = [];
  const removedUsers = await app.db.transaction(async (tx) => {
    const gone = await tx.delete(users).where(eq(users.companyId, company.id)).returning({ uid: users.firebaseUid, avatarPath: users.avatarPath });
    const evidence = await tx.select({ path: regularityItems.evidencePath }).from(regularityItems).where(and(eq(regularityItems.companyId, company.id), isNotNull(regularityItems.evidencePath)));
    evidencePaths.push(...evidence.map((e) => e.path!));
    await tx.delete(companies).where(eq(companies.id, company.id));
    await forgetUploads(tx, [company.logoPath, ...gone.map((u) => u.avatarPath), ...evidencePaths].filter((p): p is string => Boolean(p)));
    const uids = gone.map((u) => u.uid).filter((uid): uid is string => Boolean(uid));
    for (let i = 0; i < uids.length; i += IDENTITY_BATCH) {
      const result = await app.identity.auth.deleteUsers(uids.slice(i, i + IDENTITY_BATCH));
      // deleteUsers counts an identity already gone as deleted; anything else is a real failure.
      if (result.failureCount > 0) throw new Error(`o provedor de identidade recusou ${result.failureCount} exclusões: ${result.errors[0]?.error.message}`);
    }
    return gone;
  });
  const files = [company.logoPath, ...removedUsers.map((u) => u.avatarPath), ...evidencePaths].filter((p): p is string => Boolean(p));
  await Promise.all(files.map((file) => app.storage.files.remove(file).catch((error) => app.log.warn(error))));
  return { users: removedUsers.length };
}
