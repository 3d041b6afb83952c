import { z } from "zod";

/**
 * Path ids (issue 36 item 3): a record's id in a path is a canonical positive integer, digits only,
 * no leading zero, within PostgreSQL's integer (≤ 2147483647). `/0x5`, `/0b101`, `/5e0`, `/+5`, `/05`,
 * `/ 5` and `/abc` name no record: 404, like an id nobody has, never another spelling of record 5.
 */

export const MAX_ID = 2_147_483_647;
const CANONICAL = /^[1-9][0-9]{0,9}$/;

export const isCanonicalId = (raw: string) => CANONICAL.test(raw) && Number(raw) <= MAX_ID;

/** The refusal's marker: the error handler (server/app.ts) answers 404 for a path parameter carrying it. */
export const PATH_NOT_FOUND = "pathNotFound";

/** One path id, as its number; anything but the canonical spelling is a 404 with `message`. */
export const pathId = (message = "Registro não encontrado.") =>
  z
    .string()
    .refine(isCanonicalId, { message, params: { [PATH_NOT_FOUND]: true } })
    .transform(Number)
    .meta({ description: "Identificador: inteiro positivo, só dígitos, sem zeros à esquerda", pattern: CANONICAL.source });

/** `{ id }` path parameters: the one schema the resource engine and declared actions use. */
export const idParams = (message?: string) => z.object({ id: pathId(message) });

/** Whether a validation item came from a path id (so the answer is 404, not 422). */
export function isPathNotFound(item: { params?: unknown }): boolean {
  const inner = (item.params as { params?: Record<string, unknown> } | undefined)?.params;
  return inner?.[PATH_NOT_FOUND] === true;
}
