import { z } from "zod";

/**
 * The shapes records have on the wire, for the row schemas of src/domain/<area>.ts. A row schema is
 * the contract of what a resource sends: the server serializes every answer through it (a column it
 * does not name never leaves the server), the OpenAPI description shows it, and the SPA types its rows
 * with z.infer of it. Lenient on purpose: it describes stored data, it does not validate input.
 */
export const wire = {
  id: () => z.number().int(),
  int: () => z.number().int(),
  intOrNull: () => z.number().int().nullable(),
  text: () => z.string(),
  textOrNull: () => z.string().nullable(),
  bool: () => z.boolean(),
  /** numeric(15,2) as an exact decimal string, e.g. "1234.50". */
  money: () => z.string(),
  moneyOrNull: () => z.string().nullable(),
  /** A calendar day, YYYY-MM-DD. */
  date: () => z.string(),
  dateOrNull: () => z.string().nullable(),
  /** An instant, ISO 8601 in UTC. */
  timestamp: () => z.string(),
  timestampOrNull: () => z.string().nullable(),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
  oneOfOrNull: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable(),
  /** The optimistic-lock counter every updatable record carries (PATCH may send it back). */
  version: () => z.number().int().positive(),
};

/** The fields every stored record carries on the wire. */
export const recordFields = {
  id: wire.id(),
  version: wire.version(),
  createdAt: wire.timestamp(),
  updatedAt: wire.timestamp(),
};

/** A tenant record also names its company. */
export const tenantRecordFields = { ...recordFields, companyId: wire.id() };
