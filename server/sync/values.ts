/**
 * Source values into column values: the sources send numbers, pt-BR texts and dates in a few
 * shapes; a value that does not fit its column is an error of that row, never of the whole run.
 */

/** A row of a source could not be stored; `field` says which value and `message` why (pt-BR). */
export class RowProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "RowProblem";
  }
}

const MAX_MONEY = 9_999_999_999_999.99;

/** A JSON number (or numeric text) as numeric(15,2) text; null stays null. */
export function moneyOf(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) throw new RowProblem(field, `valor inválido em ${field}: ${String(value)}`);
  if (n < 0 || n > MAX_MONEY) throw new RowProblem(field, `valor fora do permitido em ${field}: ${String(value)}`);
  return n.toFixed(2);
}

/** Like moneyOf, zero when absent. */
export const moneyOr0 = (value: unknown, field: string) => moneyOf(value, field) ?? "0.00";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar day that exists, as YYYY-MM-DD. */
export function realDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** An API date or date-time (`2025-03-14`, `2025-03-14T10:22:00`) as the day; null when absent. */
export function dayOf(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === "") return null;
  const match = ISO_DAY.exec(String(value));
  const day = match && realDay(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!day) throw new RowProblem(field, `data inválida em ${field}: ${String(value)}`);
  return day;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An API date-time as an instant. The source writes Brasília's wall-clock time without an offset
 * (`2025-03-14T10:22:00`): it is read at -03:00 (no daylight saving since 2019); an explicit offset
 * is kept; a bare day is that day's midnight in Brasília. Null when absent.
 */
export function instantOf(value: unknown, field: string): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const match = ISO_INSTANT.exec(String(value).trim());
  const day = match && realDay(Number(match[1]), Number(match[2]), Number(match[3]));
  const [hour, minute, second] = [match?.[4], match?.[5], match?.[6]].map((part) => Number(part ?? 0));
  if (!match || !day || hour > 23 || minute > 59 || second > 59) throw new RowProblem(field, `data e hora inválidas em ${field}: ${String(value)}`);
  const offset = match[7] ? (match[7] === "Z" ? "Z" : match[7].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2")) : "-03:00";
  return new Date(`${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:${String(second).padStart(2, "0")}${offset}`);
}

/** Text trimmed to a column's length; empty means null. */
export function textOf(value: unknown, max?: number): string | null {
  if (value === null || value === undefined) return null;
  // PostgreSQL text cannot hold a NUL character.
  const text = String(value).replaceAll("\u0000", "").trim();
  if (!text) return null;
  return max ? text.slice(0, max) : text;
}

/** Only the characters of a document number (CNPJ: 14, letters uppercased). */
export const documentOf = (value: unknown) => String(value ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();

/** An integer that fits a smallint, else null. */
export function smallintOf(value: unknown): number | null {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isInteger(n) && n >= -32768 && n <= 32767 ? n : null;
}

const pad = (value: unknown, width: number) => String(value ?? "").padStart(width, "0");
export { pad };
