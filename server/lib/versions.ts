import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { conflict } from "./errors";

/** What a PATCH naming an older `version` than the stored one is told (the SPA shows it with "Recarregar"). */
export const STALE_RECORD = "Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.";

/** 409: the record changed since the client read it. */
export const staleRecord = () => conflict(STALE_RECORD, { version: STALE_RECORD });

/** `set`: every update counts the record's version up. */
export const nextVersion = (column: AnyPgColumn): SQL => sql`${column} + 1`;

/**
 * `where` of a hand-written PATCH's UPDATE: "still at the version the client read", when it sent one.
 * An UPDATE that then touches no row found the record changed: answer `staleRecord()`.
 */
export const atVersion = (column: AnyPgColumn, sent: number | undefined): SQL | undefined => (sent === undefined ? undefined : eq(column, sent));
