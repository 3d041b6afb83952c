/** An error the client is meant to read: status, a pt-BR message and optional field messages. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = "Sessão expirada ou inválida. Entre novamente.") => new HttpError(401, message);
export const forbidden = (message = "Você não tem permissão para esta ação.") => new HttpError(403, message);
export const notFound = (message = "Registro não encontrado.") => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string>) => new HttpError(422, message, errors);

/** Messages for the database's unique and foreign-key constraints, by constraint name. */
const constraintMessages: Record<string, { message: string; field?: string }> = {};

export function registerConstraintMessage(constraint: string, message: string, field?: string) {
  constraintMessages[constraint] = { message, field };
}

interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
  cause?: unknown;
}

function findPgError(error: unknown): PgLikeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const e = current as PgLikeError;
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return undefined;
}

/** PostgreSQL's "the connection is gone" classes: 08 (connection exception) and 57P01–57P03 (shut down, restarting). */
const CONNECTION_LOST_CODES = /^(08...|57P0[123])$/;
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH"]);
/** What node-postgres says when a connection dies under a query or a client is used after that. */
const CONNECTION_LOST_MESSAGES = /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

/** Whether an error means the database could not be reached (as opposed to refusing a statement). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string" && (CONNECTION_LOST_CODES.test(e.code) || NETWORK_CODES.has(e.code))) return true;
    if (typeof e.message === "string" && CONNECTION_LOST_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = "O banco de dados está indisponível no momento. Tente novamente em instantes.";
export const CONCURRENT_WRITE = "Outra gravação feita ao mesmo tempo impediu esta, e nada foi salvo. Tente novamente.";

/**
 * PostgreSQL rolled the transaction back whole because another write at the same moment crossed it:
 * a deadlock (40P01) or a serialization failure (40001). Done again a moment later, it succeeds.
 */
export function isConcurrentWriteFailure(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === "40P01" || code === "40001";
}

/** Turns a PostgreSQL constraint violation into a 409 with a pt-BR message; undefined otherwise. */
export function fromDatabaseError(error: unknown): HttpError | undefined {
  if (isDatabaseUnavailable(error)) return new HttpError(503, DATABASE_UNAVAILABLE);
  const pg = findPgError(error);
  if (!pg) return undefined;
  const known = pg.constraint ? constraintMessages[pg.constraint] : undefined;
  if (pg.code === "23505") {
    const message = known?.message ?? "Já existe um registro com estes dados.";
    return conflict(message, known?.field ? { [known.field]: message } : undefined);
  }
  // 23503: a foreign key (NO ACTION) refused the write; 23001: an ON DELETE RESTRICT one did.
  if (pg.code === "23503" || pg.code === "23001") {
    return conflict(known?.message ?? "Este registro está ligado a outros dados e não pode ser alterado assim.");
  }
  if (pg.code === "23514" || pg.code === "22P02" || pg.code === "22003" || pg.code === "22008" || pg.code === "22007" || pg.code === "22021" || pg.code === "22P05") {
    return unprocessable(known?.message ?? "Valor fora do permitido.");
  }
  // statement_timeout: the query was cancelled by the database; the client may narrow it or retry.
  if (pg.code === "57014") return new HttpError(503, "A consulta demorou demais e foi cancelada. Refine os filtros ou tente de novo em instantes.");
  // A deadlock or a serialization failure: another write at the same moment (e.g. two proposals crossing
  // the same report rollup rows in opposite order) made PostgreSQL roll this one back, whole.
  if (isConcurrentWriteFailure(pg)) return new HttpError(503, CONCURRENT_WRITE);
  return undefined;
}
