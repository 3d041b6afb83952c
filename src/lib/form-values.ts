import dayjs, { type Dayjs } from "dayjs";

/**
 * How money and calendar dates travel between antd inputs and the API: money is an exact decimal
 * string (`1234.56`) on the wire and `1.234,56` on screen; dates are ISO days (`2025-03-07`) on the
 * wire and dayjs values in the date picker (shown `07/03/2025`).
 */

/** `1234.5` → `1.234,50` (cents always shown); what the money input shows while the person is not typing. */
export function formatMoneyInput(value: string | number | null | undefined, info?: { userTyping: boolean; input: string }): string {
  if (info?.userTyping) return info.input;
  if (value === null || value === undefined || value === "") return "";
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const negative = text.startsWith("-");
  const [int, decimals] = text.replace("-", "").split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${negative ? "-" : ""}${grouped},${(decimals ?? "").padEnd(2, "0")}`;
}

/**
 * What a person typed in a money input, as a decimal string: `R$ 1.234,56` → `1234.56`. The comma is
 * the decimal separator and dots group thousands; a lone dot followed by one or two digits
 * (`1234.5`, typed on a keyboard used to the other convention) is taken as the decimal point.
 */
export function parseMoneyInput(text: string | null | undefined): string {
  if (!text) return "";
  const negative = /^\s*(R\$\s*)?-/.test(text);
  let body = text.replace(/[^\d.,]/g, "");
  if (!body.includes(",") && /^\d+\.\d{1,2}$/.test(body)) body = body.replace(".", ",");
  const [int = "", ...rest] = body.replace(/\./g, "").split(",");
  const decimals = rest.join("");
  const digits = int.replace(/^0+(?=\d)/, "");
  if (!digits && !decimals) return negative ? "-" : "";
  return `${negative ? "-" : ""}${digits || "0"}${rest.length ? `.${decimals}` : ""}`;
}

/**
 * `2025-03-07` → the picker's value for that calendar day; empty for none or for a day that does not
 * exist (`2026-02-31` is not shown as 3 March: the field's rule says the date is invalid instead).
 */
export function isoToDayjs(iso: string | null | undefined): Dayjs | undefined {
  if (!iso) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return undefined;
  const day = dayjs(iso.slice(0, 10));
  return day.isValid() && day.format("YYYY-MM-DD") === iso.slice(0, 10) ? day : undefined;
}

/**
 * What a person typed in a date field (`31/02/2026`, `3/2/2026`, `31022026`), as the ISO text the field's
 * rule reads (`2026-02-31`), even when that day does not exist; text that is no date at all is given
 * back as typed, and empty text is null. The form then shows the rule's message (the server's) instead
 * of the picker silently dropping the text.
 */
export function typedDay(text: string | null | undefined): string | null {
  const typed = (text ?? "").trim();
  if (!typed) return null;
  const slashed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  const packed = /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  const parts = slashed ?? packed;
  if (!parts) return typed;
  return `${parts[3]}-${parts[2].padStart(2, "0")}-${parts[1].padStart(2, "0")}`;
}

/** The picker's value → `2025-03-07`; null when the date was cleared (so an edit can clear it). */
export function dayjsToIso(value: Dayjs | null | undefined): string | null {
  return value && value.isValid() ? value.format("YYYY-MM-DD") : null;
}
