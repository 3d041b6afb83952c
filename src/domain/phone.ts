import { formatPhone } from "@brazilian-utils/brazilian-utils/format-phone";
import { isValidPhone } from "@brazilian-utils/brazilian-utils/is-valid-phone";
import { parsePhone } from "@brazilian-utils/brazilian-utils/parse-phone";
import { z } from "zod";

/** Non-geographic numbers a municipality publishes (0300, 0500, 0800, 0900: 11 digits). */
const SERVICE_NUMBER = /^0[3589]00\d{7}$/;

/**
 * A Brazilian phone as it is stored and shown: `(12) 3947-8000`, `(12) 99123-4567` or
 * `0800 123 4567`; null when it is not a phone number (a country code +55 is dropped).
 */
export function formatBrazilianPhone(value: string): string | null {
  const digits = parsePhone(value);
  if (SERVICE_NUMBER.test(digits)) return formatPhone(digits, { mask: "service" });
  if (!isValidPhone(digits, { accept: ["mobile", "landline"] })) return null;
  return formatPhone(digits, { mask: "nanp" });
}

const digitsOf = (value: string | undefined | null) => (value ?? "").replace(/\D/g, "");

/**
 * The phone field as a person types it (a form's `normalize`): digits grouped as `(12) 3947-8000`
 * while typing; service numbers (0800…) and +55 numbers are grouped once complete. Deleting a
 * separator leaves the text alone, so the next backspace removes a digit instead of fighting it.
 */
export function formatPhoneAsTyped(value: string | undefined | null, previous?: string | null): string {
  if (!value) return "";
  const digits = digitsOf(value).slice(0, 13);
  if (!digits) return "";
  if (previous && digits === digitsOf(previous) && value.length < previous.length) return value;
  if (digits.startsWith("0") || (digits.startsWith("55") && digits.length > 11)) return formatBrazilianPhone(digits) ?? digits;
  return formatPhone(digits.slice(0, 11), { mask: "nanp" });
}

export const PHONE_INVALID = "Informe um telefone com DDD, ex.: (12) 3947-8000.";

/** An optional phone: empty is null, anything else must be a Brazilian number and is stored formatted. */
export const optionalPhoneSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string({ message: PHONE_INVALID })
    .max(30, PHONE_INVALID)
    .transform((v, ctx) => {
      const formatted = formatBrazilianPhone(v);
      if (formatted === null) {
        ctx.addIssue({ code: "custom", message: PHONE_INVALID });
        return z.NEVER;
      }
      return formatted;
    })
    .nullable()
    .optional(),
);
