import { brasiliaParts, lazily } from "./pt-br-numbers";

/** The years a date on the wire may carry: outside them a date is a typo, not a record. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is a real calendar day written YYYY-MM-DD within MIN_YEAR..MAX_YEAR. Date.parse
 * alone is not enough: it takes `2025-02-30` (as 2 March) and `0000-01-01`, which PostgreSQL refuses.
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether `value` is a timestamp (ISO 8601 or a calendar date) within MIN_YEAR..MAX_YEAR. */
export function isTimestamp(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}(:?\d{2})?)?)?$/.test(value)) return false;
  if (!isCalendarDate(value.slice(0, 10))) return false;
  return !Number.isNaN(Date.parse(value));
}

// Built once and only for an instant before 2019: building an Intl.DateTimeFormat costs far more than
// formatting with it (about 3% of the radar's CPU when every call built its own).
const saoPauloDay = lazily(() => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }));

/** The calendar day (YYYY-MM-DD) in São Paulo, the product's time zone, of an instant; now by default. */
export function todayInSaoPaulo(now: Date | number = Date.now()): string {
  return brasiliaParts(now)?.isoDay ?? saoPauloDay().format(now);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
