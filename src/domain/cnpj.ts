import { formatCnpj as formatWithLibrary } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { z } from "zod";

/**
 * CNPJ, numeric and alphanumeric (IN RFB 2.229/2024, valid from July 2026): twelve characters
 * [0-9A-Z] and two check digits. Stored and sent as 14 uppercase characters, shown formatted.
 */
const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** The 14 characters of a CNPJ typed with or without its mask, uppercased. */
export function normalizeCnpj(value: string): string {
  return value.replace(/[\s./-]/g, "").toUpperCase();
}

export function isCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  return SHAPE.test(cnpj) && isValidCnpj(cnpj, { version: 2 });
}

/** `46.643.466/0001-06`, `12.ABC.345/01DE-35`; anything else is returned as it came. */
export function formatCnpj(value: string | null | undefined): string {
  if (!value) return "";
  const cnpj = normalizeCnpj(value);
  return SHAPE.test(cnpj) ? formatWithLibrary(cnpj, { version: 2 }) : value;
}

export const CNPJ_INVALID_MESSAGE = "CNPJ inválido. Confira os 14 caracteres e os dígitos verificadores.";

/** A CNPJ field: accepts the mask, yields the 14 normalized characters. */
export const cnpjSchema = z
  .string({ message: "Informe o CNPJ." })
  .trim()
  .min(1, "Informe o CNPJ.")
  .transform(normalizeCnpj)
  .refine(isCnpj, CNPJ_INVALID_MESSAGE);
