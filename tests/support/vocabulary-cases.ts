import fc from "fast-check";
import type { z } from "zod";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { vocabularyKindOf, type VocabularyKind } from "../../src/domain/fields";

/**
 * Issue 31 item 6: impossible values derived from the field vocabulary, for any zod body. A body's
 * fields are found by walking its schema (objects, their optional wrappers, arrays of objects); each
 * field built from the vocabulary gets the impossible values of its kind, and the message the field's
 * own schema gives for each is what the server must answer for it.
 */

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A field of a body: where it sits (`["items", "0", "amount"]`) and its schema. */
export interface BodyField {
  path: string[];
  schema: z.ZodType;
  kind?: VocabularyKind;
}

/**
 * The fields of a body schema, depth-first. Wrappers (optional, nullable, default, a transform's input)
 * are looked through; a union's options are not (its fields cannot be named one at a time).
 */
export function fieldsOf(schema: z.ZodType, path: string[] = []): BodyField[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
        const kind = vocabularyKindOf(field);
        const at = [...path, key];
        return kind ? [{ path: at, schema: field, kind }] : [{ path: at, schema: field }, ...fieldsOf(field, at)];
      });
    case "array": {
      // A list of vocabulary values (the CNPJs of a program's beneficiaries): its first element is the field.
      const kind = vocabularyKindOf(def.element!);
      return kind ? [{ path: [...path, "0"], schema: def.element!, kind }] : fieldsOf(def.element!, [...path, "0"]);
    }
    case "intersection":
      return [...fieldsOf(def.left!, path), ...fieldsOf(def.right!, path)];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
      return fieldsOf(def.innerType!, path);
    case "pipe":
      return fieldsOf(def.in!, path);
    default:
      return [];
  }
}

/** An impossible value of a kind and why a person could type it. */
export interface ImpossibleValue {
  value: unknown;
  why: string;
}

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A fixed seed: the cases are generated, yet the same on every run (a failure names a value that stays). */
const SEED = 31;
const sample = <T>(arbitrary: fc.Arbitrary<T>, count: number) => fc.sample(arbitrary, { seed: SEED, numRuns: count });

/** A CNPJ whose last check digit is wrong: a valid one (the demo municipality's) with each final digit bumped. */
const WRONG_CHECK_CNPJS = ["46643466000107", "11111111111111", "12345678000199"];
const WRONG_CHECK_CPFS = ["11111111111", "12345678900"];

/** The impossible values of a vocabulary kind: the boundaries of its window, plus a few generated ones. */
export function impossibleValuesOf(kind: VocabularyKind, today = todayInSaoPaulo()): ImpossibleValue[] {
  switch (kind.kind) {
    case "money":
      return [
        { value: "-1.00", why: "um valor negativo" },
        { value: `10.${"0".repeat(kind.decimals)}5`, why: "uma casa decimal além das permitidas" },
        { value: (kind.max + 1).toFixed(2), why: "acima do teto" },
        { value: "1.234,56x", why: "um texto que não é valor" },
        ...sample(fc.integer({ min: 1, max: 1_000_000_000 }), 2).map((cents) => ({ value: -cents / 100, why: "um valor negativo gerado" })),
        ...sample(fc.integer({ min: 1, max: 9_999_999 }), 2).map((n) => ({ value: `${n}.${String(n % 100).padStart(kind.decimals, "0")}${(n % 9) + 1}`, why: "casas decimais demais, geradas" })),
        ...(kind.positive ? [{ value: "0", why: "zero onde o valor precisa ser positivo" }] : []),
      ];
    case "date":
      return [
        // 01/01/1900, the typo of the issue, wherever the window starts later (a law's date may be older).
        ...(kind.from > "1900-01-01" ? [{ value: "1900-01-01", why: "01/01/1900" }] : []),
        { value: dayBefore(kind.from), why: "um dia antes da janela" },
        { value: dayAfter(kind.to), why: "um dia depois da janela" },
        { value: "2026-02-31", why: "31/02, um dia que não existe" },
        { value: "2026-11-40", why: "dia 40" },
        { value: "abc", why: "um texto" },
        ...(kind.executed ? [{ value: addYears(today, 1), why: "um fato no futuro" }] : []),
        ...sample(fc.integer({ min: 1, max: Number(kind.from.slice(0, 4)) - 1 }), 2).map((year) => ({ value: `${String(year).padStart(4, "0")}-06-15`, why: "um ano antes da janela, gerado" })),
      ];
    case "document": {
      const cnpjs = WRONG_CHECK_CNPJS.map((value) => ({ value, why: "CNPJ com dígito verificador errado" }));
      const cpfs = WRONG_CHECK_CPFS.map((value) => ({ value, why: "CPF com dígito verificador errado" }));
      const generated = sample(fc.stringMatching(/^[0-9]{5,9}$/), 2).map((value) => ({ value, why: "dígitos de menos" }));
      return [...(kind.document === "cpf" ? cpfs : kind.document === "cnpj" ? cnpjs : [...cnpjs, ...cpfs]), ...generated];
    }
    case "percent":
      return [
        { value: 101, why: "acima de 100%" },
        { value: -1, why: "percentual negativo" },
        { value: 10.005, why: "três casas decimais" },
      ];
    case "link":
      return [
        { value: "javascript:alert(1)", why: "um endereço que não é http" },
        { value: "www.exemplo", why: "um endereço sem http://" },
      ];
    case "enum":
      return [{ value: "__NAO_EXISTE__", why: "um código fora da lista" }];
  }
}

/** The message a field's own schema gives for a value (the first, as the server's error map keeps the first). */
export function messageFor(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Words of the framework's English messages: a field answered with one of them was not translated. */
export const ENGLISH = /\b(Invalid|Expected|Required|received|must be|Too (small|big))\b/;

/** A valid value for a path parameter's schema: a number, the first option of an enumeration, else "1". */
export function sampleParam(schema: z.ZodType): string {
  const def = defOf(schema) as Def & { entries?: Record<string, string> };
  if (def.type === "enum" && def.entries) return Object.values(def.entries)[0];
  if (def.type === "pipe" || def.type === "optional" || def.type === "default") return sampleParam((def.in ?? def.innerType)!);
  return "1";
}

/** A body with `value` at `path` (arrays get one element). */
export function bodyWith(path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (rest.length === 0) return { [head]: value };
  const inner = bodyWith(rest, value);
  return { [head]: rest[0] === "0" ? [inner["0"]] : inner };
}
