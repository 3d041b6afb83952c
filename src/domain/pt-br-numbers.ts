/**
 * pt-BR decimal text without Intl. Building an `Intl.NumberFormat` or `Intl.DateTimeFormat` loads the
 * locale's data: on a slow phone the public site's seven formatters cost one task of about 130 ms
 * (4× CPU slowdown), most of the pages' blocking time. The digits here are Intl's own: rounded half away
 * from zero from the number's shortest decimal form, `.` between thousands and `,` before the
 * decimals (tests/unit/transparency/format.test.ts compares them with Intl over random values). The
 * rare value this fast path leaves aside (exponent forms, NaN, before 2019) goes to an Intl formatter
 * built on first use.
 */

/** `value` with between `min` and `max` decimals, or null where Intl must answer (exponent forms, NaN, ∞). */
export function ptBrDecimal(value: number, min: number, max: number): { negative: boolean; digits: string } | null {
  if (!Number.isFinite(value)) return null;
  const shortest = Math.abs(value).toString();
  if (shortest.includes("e")) return null;
  let [whole, fraction = ""] = shortest.split(".");
  if (fraction.length > max) {
    const roundsUp = fraction.charCodeAt(max) >= 53; // "5"…"9": half away from zero
    fraction = fraction.slice(0, max);
    if (roundsUp) {
      const bumped = (BigInt(whole + fraction) + 1n).toString().padStart(whole.length + max, "0");
      whole = bumped.slice(0, bumped.length - max);
      fraction = bumped.slice(bumped.length - max);
    }
  }
  fraction = fraction.replace(/0+$/, "").padEnd(min, "0");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return { negative: value < 0 || Object.is(value, -0), digits: fraction ? `${grouped},${fraction}` : grouped };
}

/** Brazil has kept UTC−3 all year since daylight saving time ended (2019-02-17, 02:00 UTC). */
const LAST_DST_END = Date.UTC(2019, 1, 17, 2);
const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

const two = (n: number) => String(n).padStart(2, "0");

/** An instant as `dd/mm/aaaa às HH:mm` in Brasília time, or null before 2019 (Intl knows the old rules). */
export function brasiliaDateTime(instant: Date): string | null {
  const time = instant.getTime();
  if (Number.isNaN(time) || time < LAST_DST_END) return null;
  const local = new Date(time - BRASILIA_OFFSET_MS);
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} às ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

const intlDecimals = new Map<string, Intl.NumberFormat>();

/** `value` with `min`–`max` decimals the pt-BR way (`1.234,5`). */
export function formatDecimal(value: number, min: number, max: number): string {
  const parts = ptBrDecimal(value, min, max);
  if (parts) return parts.negative ? `-${parts.digits}` : parts.digits;
  const key = `${min}-${max}`;
  let format = intlDecimals.get(key);
  if (!format) intlDecimals.set(key, (format = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: min, maximumFractionDigits: max })));
  return format.format(value);
}

/** A count with pt-BR thousands (`1.234`); a fraction keeps up to three decimals, as Intl's default. */
export const formatCount = (value: number) => formatDecimal(value, 0, 3);
