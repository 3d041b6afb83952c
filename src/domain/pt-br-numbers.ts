/**
 * pt-BR numbers, money and Brasília times without building Intl formatters. Building an
 * `Intl.NumberFormat` or `Intl.DateTimeFormat` loads the locale's data: on a slow phone the public
 * site's seven formatters, built at load, cost one task of about 130 ms (4× CPU slowdown), most of a
 * page's blocking time. The text here is Intl's own: digits rounded half away from zero from the
 * number's shortest decimal form, `.` between thousands, `,` before the decimals, `R$` and a no-break
 * space (tests/unit/transparency/format.test.ts compares them with Intl over random values). The rare
 * value this fast path leaves aside (exponent forms, NaN, instants before 2019) goes to an Intl
 * formatter built on first use.
 */

/** An Intl formatter built on first use. */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/**
 * `value` × 10^`shift` (a percentage is shifted by 2, on the digits, as Intl does) with between `min`
 * and `max` decimals, or null where Intl must answer (exponent forms, NaN, ∞).
 */
export function ptBrDecimal(value: number, min: number, max: number, shift = 0): { negative: boolean; digits: string } | null {
  if (!Number.isFinite(value)) return null;
  const shortest = Math.abs(value).toString();
  if (shortest.includes("e")) return null;
  let [whole, fraction = ""] = shortest.split(".");
  if (shift) {
    fraction = fraction.padEnd(shift, "0");
    whole = (whole + fraction.slice(0, shift)).replace(/^0+(?=\d)/, "");
    fraction = fraction.slice(shift);
  }
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

const intlNumbers = new Map<string, Intl.NumberFormat>();

/** The Intl formatter for the values the fast path leaves aside, one per kind, built on first use. */
function intlNumber(style: "decimal" | "currency" | "percent", min: number, max: number): Intl.NumberFormat {
  const key = `${style}-${min}-${max}`;
  let format = intlNumbers.get(key);
  if (!format) {
    format = new Intl.NumberFormat("pt-BR", { style, currency: "BRL", minimumFractionDigits: min, maximumFractionDigits: max });
    intlNumbers.set(key, format);
  }
  return format;
}

/** `value` with `min`–`max` decimals the pt-BR way (`1.234,5`). */
export function formatDecimal(value: number, min: number, max: number): string {
  const parts = ptBrDecimal(value, min, max);
  if (!parts) return intlNumber("decimal", min, max).format(value);
  return parts.negative ? `-${parts.digits}` : parts.digits;
}

/** A count with pt-BR thousands (`1.234`); a fraction keeps up to three decimals, as Intl's default. */
export const formatCount = (value: number) => formatDecimal(value, 0, 3);

/** A share (0.436) as a percentage with up to `max` decimals, as Intl's percent style writes it: `43,6%`. */
export function formatShare(value: number, max: number): string {
  const parts = ptBrDecimal(value, 0, max, 2);
  if (!parts) return intlNumber("percent", 0, max).format(value);
  return `${parts.negative ? "-" : ""}${parts.digits}%`;
}

/** Reais as Intl writes them: `R$ 1.234,56` with a no-break space, `-R$ 5,00`; `max` decimals for unit prices. */
export function formatBrl(value: number, min = 2, max = 2): string {
  const parts = ptBrDecimal(value, min, max);
  if (!parts) return intlNumber("currency", min, max).format(value);
  return `${parts.negative ? "-" : ""}R$\u00a0${parts.digits}`;
}

/** Brazil has kept UTC−3 all year since daylight saving time ended (2019-02-17, 02:00 UTC). */
const LAST_DST_END = Date.UTC(2019, 1, 17, 2);
const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

const two = (n: number) => String(n).padStart(2, "0");

/** An instant's day (`dd/mm/aaaa`, and `aaaa-mm-dd`) and time (`HH:mm`) in Brasília, or null before 2019 (Intl knows the old rules). */
export function brasiliaParts(instant: Date | number): { day: string; isoDay: string; time: string } | null {
  const time = typeof instant === "number" ? instant : instant.getTime();
  if (Number.isNaN(time) || time < LAST_DST_END) return null;
  const local = new Date(time - BRASILIA_OFFSET_MS);
  const [year, month, date] = [String(local.getUTCFullYear()), two(local.getUTCMonth() + 1), two(local.getUTCDate())];
  return { day: `${date}/${month}/${year}`, isoDay: `${year}-${month}-${date}`, time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}` };
}
