import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { z } from "zod";
import { CNPJ_INVALID_MESSAGE, isCnpj, normalizeCnpj } from "./cnpj";
import { isCalendarDate, todayInSaoPaulo } from "./dates";
import { formatBrl } from "./pt-br-numbers";

/**
 * The field vocabulary (issue 31): one zod builder per kind of value a person types (money, CNPJ/CPF,
 * calendar date, percent, optional link, enumeration), shared by the forms and the server so both say
 * the same pt-BR message. Each builder takes the field's `label` and every message names it once:
 * money takes the label as it starts a sentence ("Valor de repasse"); the others take it as it reads
 * after "Informe" ("a data de envio", "o CNPJ do favorecido") and capitalize it where a message starts.
 */

const capitalized = (label: string) => `${label[0].toUpperCase()}${label.slice(1)}`;

// ---------- the registry ----------

type DocumentKind = "cnpj" | "cpf" | "either";

/**
 * What kind of value a vocabulary schema holds, with the limits it was built with. Every builder below
 * records its schema here, so a schema can be read back by kind: the contract test derives, for every
 * declared body, the impossible values of each field's kind and expects the field's own pt-BR refusal.
 */
export type VocabularyKind =
  | { kind: "money"; label: string; max: number; positive: boolean; decimals: number }
  | { kind: "date"; label: string; from: string; to: string; executed: boolean }
  | { kind: "document"; label: string; document: DocumentKind }
  | { kind: "percent"; label: string }
  | { kind: "link"; label: string }
  | { kind: "enum"; label: string; values: readonly string[] };

export const vocabulary = z.registry<VocabularyKind>();

/** Records `schema` in the vocabulary registry and gives it back (same instance). */
const tagged = <S extends z.ZodType>(schema: S, kind: VocabularyKind): S => {
  vocabulary.add(schema, kind);
  return schema;
};

type WrapperDef = { type: string; innerType?: z.ZodType; in?: z.ZodType };

/**
 * The vocabulary kind of a field's schema, looking through the wrappers an area may add
 * (`.optional()`, `.nullable()`, `.default()`, a `.partial()` of the object): undefined when the
 * field is not built from the vocabulary.
 */
export function vocabularyKindOf(schema: z.ZodType): VocabularyKind | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const found = vocabulary.get(current);
    if (found) return found;
    const def: WrapperDef = (current as unknown as { _zod: { def: WrapperDef } })._zod.def;
    if (def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "prefault" || def.type === "catch" || def.type === "readonly") current = def.innerType;
    else if (def.type === "pipe") current = def.in;
    else return undefined;
  }
  return undefined;
}

// ---------- money ----------

/** The ceiling of a money field when none is given: what its numeric(15,2) column holds (13 integer digits). */
export const MONEY_CEILING = 9_999_999_999_999.99;

/** R$ 1.234,56 with a plain space, as messages show an amount. */
export const formatReais = (value: number | string) => formatBrl(Number(value)).replace(/\u00a0/g, " ");

interface MoneyOptions {
  /** The largest amount the field may hold (its column's); MONEY_CEILING by default. */
  max?: number;
  /** Whether zero is refused ("precisa ser maior que zero"). */
  positive?: boolean;
  /** Decimal places: 2 (cents) by default; a unit price in a price research has 4. */
  decimals?: 2 | 4;
}

/** Digits with one decimal separator, a point (the API's) or a comma (as a person types in pt-BR); no thousands separators. */
const DECIMAL = /^-?\d+([.,]\d+)?$/;

/**
 * Money: a number (form) or a decimal string with a point (API, "1234.56"); it leaves as a string with
 * two decimals. Each wrong value gets its own message: a shape that is not a number, a negative, more
 * than two decimals, above the ceiling; only the shape message shows an example.
 */
export const money = (label: string, options: MoneyOptions = {}) => {
  const max = options.max ?? MONEY_CEILING;
  const decimals = options.decimals ?? 2;
  const schema = z
    .union([z.number(), z.string().trim().regex(DECIMAL, `${label}: informe um valor em reais, por exemplo 1234.56.`)], {
      message: `${label}: informe um valor em reais.`,
    })
    .transform((v) => Number(typeof v === "string" ? v.replace(",", ".") : v))
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (!Number.isFinite(v)) return fail(`${label}: informe um valor em reais.`);
      if (v < 0) return fail(`${label} não pode ser negativo.`);
      if (v > max) return fail(`${label} é grande demais: no máximo ${formatReais(max)}.`);
      // Compared through toFixed: multiplying by 100 loses the cents of amounts near the ceiling.
      if (Number(v.toFixed(decimals)) !== v) return fail(decimals === 2 ? `${label}: use no máximo 2 casas decimais (centavos).` : `${label}: use até ${decimals} casas decimais.`);
      if (options.positive && v === 0) return fail(`${label} precisa ser maior que zero.`);
    })
    .transform((v) => v.toFixed(decimals));
  return tagged(schema, { kind: "money", label, max, positive: options.positive ?? false, decimals });
};

// ---------- documents ----------

/** The 11 digits of a CPF typed with or without its mask. */
export const normalizeCpf = (value: string) => value.replace(/[\s.-]/g, "");
export const isCpf = (value: string) => /^\d{11}$/.test(normalizeCpf(value)) && isValidCpf(normalizeCpf(value));

export const CPF_INVALID_MESSAGE = "CPF inválido. Confira os 11 dígitos e os dígitos verificadores.";
export const DOCUMENT_INVALID_MESSAGE = "CNPJ ou CPF inválido. Confira os dígitos verificadores.";

/** A document as stored: a CPF's 11 digits or a CNPJ's 14 characters, without mask. */
export function normalizeDocument(value: string): string {
  const cnpj = normalizeCnpj(value);
  return cnpj.length === 11 ? normalizeCpf(cnpj) : cnpj;
}
export const isDocument = (value: string) => isCpf(value) || isCnpj(value);

const checkOf: Record<DocumentKind, { normalize: (v: string) => string; valid: (v: string) => boolean; invalid: string }> = {
  cnpj: { normalize: normalizeCnpj, valid: isCnpj, invalid: CNPJ_INVALID_MESSAGE },
  cpf: { normalize: normalizeCpf, valid: isCpf, invalid: CPF_INVALID_MESSAGE },
  either: { normalize: normalizeDocument, valid: isDocument, invalid: DOCUMENT_INVALID_MESSAGE },
};

const requiredDocument = (kind: DocumentKind, label: string) =>
  tagged(
    z
      .string({ message: `Informe ${label}.` })
      .trim()
      .min(1, `Informe ${label}.`)
      .transform(checkOf[kind].normalize)
      .refine(checkOf[kind].valid, checkOf[kind].invalid),
    { kind: "document", label, document: kind },
  );

/** Empty, null or absent is stored as null; anything typed must carry valid check digits. */
const optionalDocument = (kind: DocumentKind, label: string) =>
  tagged(
    z
      .string({ message: `Informe ${label}.` })
      .trim()
      .transform(checkOf[kind].normalize)
      .refine((v) => v === "" || checkOf[kind].valid(v), checkOf[kind].invalid)
      .nullish()
      .transform((v) => (v ? v : null)),
    { kind: "document", label, document: kind },
  );

export const cnpjOf = (label = "o CNPJ") => requiredDocument("cnpj", label);
export const optionalCnpjOf = (label = "o CNPJ") => optionalDocument("cnpj", label);
export const cpfOf = (label = "o CPF") => requiredDocument("cpf", label);
export const optionalCpfOf = (label = "o CPF") => optionalDocument("cpf", label);
/** "CNPJ ou CPF" where either fits (a payee, a grantor): 11 digits are a CPF, 14 characters a CNPJ. */
export const documentOf = (label = "o CNPJ ou CPF") => requiredDocument("either", label);
export const optionalDocumentOf = (label = "o CNPJ ou CPF") => optionalDocument("either", label);

// ---------- calendar dates ----------

/** Nothing this domain records (transfers, payments, notices) happened before 2000: an earlier date is a typo. */
export const EARLIEST_DATE = "2000-01-01";
/** Deadlines and validities may lie ahead, but not past this year's end of century. */
export const LATEST_DATE = "2100-12-31";

interface DateWindow {
  /** The earliest day the field accepts; EARLIEST_DATE by default. */
  from?: string;
  /** The latest day it accepts; LATEST_DATE by default. */
  to?: string;
  /** A day something was done (paid, sent, measured): never after today in São Paulo. */
  executed?: boolean;
}

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** What is wrong with `value` (a real YYYY-MM-DD day) for the field `label`, or null when it fits the window. */
export function dateWindowProblem(label: string, value: string, window: DateWindow = {}, today = todayInSaoPaulo()): string | null {
  const from = window.from ?? EARLIEST_DATE;
  const to = window.to ?? LATEST_DATE;
  if (value < from) return `${capitalized(label)}: use uma data a partir de ${brDate(from)}.`;
  if (window.executed && value > today) return `${capitalized(label)} não pode estar no futuro.`;
  if (value > to) return `${capitalized(label)}: use uma data até ${brDate(to)}.`;
  return null;
}

/** A refinement that keeps a date string inside its window, for date schemas that keep their own format message. */
export const inDateWindow =
  (label: string, window: DateWindow = {}) =>
  (value: string, ctx: z.RefinementCtx) => {
    const problem = isCalendarDate(value) ? dateWindowProblem(label, value, window) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };

/** A real calendar day, YYYY-MM-DD, inside the window of its meaning. */
export const calendarDate = (label: string, window: DateWindow = {}) =>
  tagged(
    z
      .string({ message: `Informe ${label}.` })
      .trim()
      .min(1, `Informe ${label}.`)
      .superRefine((v, ctx) => {
        // One message per value: a day that does not exist is not also "outside the window".
        const problem = isCalendarDate(v) ? dateWindowProblem(label, v, window) : `${capitalized(label)}: use uma data válida.`;
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    dateKind(label, window),
  );

const dateKind = (label: string, window: DateWindow): VocabularyKind => ({
  kind: "date",
  label,
  from: window.from ?? EARLIEST_DATE,
  to: window.to ?? LATEST_DATE,
  executed: window.executed ?? false,
});

/** An optional calendar day: empty, null or absent is stored as null. */
export const optionalCalendarDate = (label: string, window: DateWindow = {}) =>
  tagged(
    z
      .union([calendarDate(label, window), z.literal(""), z.null()], { message: `${capitalized(label)}: use uma data válida.` })
      .optional()
      .transform((v) => (v ? v : null)),
    dateKind(label, window),
  );

/** The day something was done: a real day from 2000 to today in São Paulo. */
export const executedDate = (label: string) => calendarDate(label, { executed: true });

/** An ISO day, or an ISO date-time as a browser's `toISOString()` stamps it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** How far ahead of the server a browser's clock may run before its stamp counts as "in the future". */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The moment something was done, stamped by the browser (the terms accepted): a real day, from 2000,
 * never ahead of today in São Paulo; it leaves as a Date. Its day is the São Paulo day of the instant.
 */
export const executedInstant = (label: string) =>
  tagged(
    z
      .string({ message: `Informe ${label}.` })
      .trim()
      .min(1, `Informe ${label}.`)
      .superRefine((v, ctx) => {
        if (v === "") return; // "Informe …" already said it.
        const day = v.slice(0, 10);
        const valid = ISO_INSTANT.test(v) && isCalendarDate(day) && !Number.isNaN(Date.parse(v));
        const localDay = v.length > 10 ? todayInSaoPaulo(Date.parse(v)) : day;
        const problem = valid ? dateWindowProblem(label, localDay, { executed: true }, todayInSaoPaulo(Date.now() + CLOCK_SKEW_MS)) : `${capitalized(label)}: use uma data válida.`;
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((v) => new Date(v)),
    dateKind(label, { executed: true }),
  );

// ---------- percent ----------

/** A percentage from 0 to 100, up to two decimals. */
export const percent = (label: string) =>
  tagged(
    z.coerce
      .number({ message: `${capitalized(label)}: informe um número de 0 a 100.` })
      .refine(Number.isFinite, `${capitalized(label)}: informe um número de 0 a 100.`)
      .refine((v) => v >= 0 && v <= 100, `${capitalized(label)}: informe um número de 0 a 100.`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${capitalized(label)}: use no máximo 2 casas decimais.`),
    { kind: "percent", label },
  );

// ---------- links ----------

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};

/** An http(s) address, required; other schemes (javascript:, data:) are refused. */
export const linkOf = (label = "o endereço (URL)") =>
  tagged(
    z
      .string({ message: `Informe ${label}.` })
      .trim()
      .min(1, `Informe ${label}.`)
      .max(2000, `${capitalized(label)}: no máximo 2000 caracteres.`)
      .refine(isHttpUrl, "Informe um endereço que comece com http:// ou https://."),
    { kind: "link", label },
  );

/**
 * An optional http(s) address. Empty text or null means "no link", so a link once filled can be
 * emptied again (a cleared form field sends ""); it is stored as null.
 */
export const optionalLinkOf = (label = "o endereço (URL)") =>
  tagged(
    z
      .string({ message: "Informe um endereço que comece com http:// ou https://." })
      .trim()
      .max(2000, `${capitalized(label)}: no máximo 2000 caracteres.`)
      .refine((v) => v === "" || isHttpUrl(v), "Informe um endereço que comece com http:// ou https://.")
      .nullish()
      .transform((v) => (v ? v : null)),
    { kind: "link", label },
  );

// ---------- enumerations ----------

/**
 * A code from a fixed list with its pt-BR labels: "choose one" when none was given (absent, null or
 * empty), "invalid" for a code outside the list. The labels travel with the schema so a select shows them.
 */
export function enumOf<const T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], string>, what: string) {
  const schema = z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? `Escolha ${what}.` : `${capitalized(what)}: opção inválida.`),
  });
  const options = values.map((value) => ({ value, label: labels[value as T[number]] }));
  return tagged(Object.assign(schema, { options }), { kind: "enum", label: what, values });
}
