import type { ReactNode } from "react";
import type { ZodObject, ZodType } from "zod";
import type { Translate, TranslationKey } from "@/providers/i18n";
import type { ResourceSlots, StandardAction } from "./slots";

/**
 * A resource's screens described by its fields: the form asks for them, the show page and the
 * table display them, all by the field's type. There is no guessing at run time: every field is
 * named here with its label key, and its rules come from the domain's zod schema.
 */
export type FieldType =
  /** one line of text (the default) */
  | "text"
  /** a paragraph */
  | "longText"
  | "integer"
  /** reais as an exact decimal string (`1234.56`), shown `R$ 1.234,56` */
  | "money"
  /** a calendar day (`2025-03-07`), shown `07/03/2025` */
  | "date"
  /** an instant (ISO 8601), shown `07/03/2025 14:05:09` */
  | "datetime"
  | "bool"
  /** 14 characters, shown `00.000.000/0000-00` */
  | "cnpj"
  /** one code of a closed list (`codes`), shown by its label (as a coloured tag when it has colours) */
  | "code"
  /** several codes of a closed list (`codes`): a multiple choice, shown as tags */
  | "codes"
  /** a list of short texts, typed one per line, shown comma-separated */
  | "lines";

/** A closed list of codes: how each is called (its text key) and, for tags, coloured. */
export interface CodeList {
  values: readonly string[];
  label: (code: string) => TranslationKey;
  color?: (code: string) => string;
  /** What a code means, shown on hover (a tooltip on its tag or label). */
  hint?: (code: string) => TranslationKey;
}

/** Field names of a row type. */
export type FieldName<Row> = Extract<keyof Row, string>;

export interface FieldSpec<Row> {
  name: FieldName<Row>;
  label: TranslationKey;
  type?: FieldType;
  /** The codes of a "code" field. */
  codes?: CodeList;
  /** How a "bool" field's two values read on show pages and tables. */
  bool?: { yes: TranslationKey; no: TranslationKey };
  /** The help below the input. */
  hint?: TranslationKey | ((t: Translate) => string);
  /**
   * A value the server computes: shown read-only in forms, never sent. With `sumOf`, the form shows
   * the live sum of those (editable) fields; `hint` says where the value comes from.
   */
  computed?: { sumOf?: readonly FieldName<Row>[]; hint?: TranslationKey };
  /** A date that may not come before this other date (checked with the update schema, so with its message). */
  notBefore?: FieldName<Row>;
  /** Full width in forms and show pages. */
  wide?: boolean;
  /** Longest text accepted (the input stops there). */
  maxLength?: number;
  /** The input's (or header search's) placeholder. */
  placeholder?: TranslationKey;
}

export interface FieldSection<Row> {
  /** Without a title, the fields show without a frame (a form of one section). */
  title?: TranslationKey;
  fields: FieldSpec<Row>[];
}

/** A list column: a field plus how the table treats it. */
export type ColumnSpec<Row> = FieldSpec<Row> & {
  sorter?: boolean;
  /** The column's text links to this path (usually the record's show page). */
  link?: (row: Row) => string;
  /** A filter in the column header: a search (`field_like`) or a choice among the codes (`field=a&field=b`). */
  filter?: "search" | "codes";
  ellipsis?: boolean;
  fixed?: "left";
  /** A header other than the field's label. */
  title?: TranslationKey;
  /** The cell drawn by the area (a tag in its color, two fields in one cell) instead of by the field's type. */
  render?: (row: Row, t: Translate) => ReactNode;
};

/**
 * The field description of a resource: what its generic list, show, create and edit pages show,
 * and what a hand-written page can reuse (`FormSections`, `ViewSections`, `fieldColumns`).
 */
export interface ResourceFields<Row> {
  /** The fields, grouped the way a person reads a record: the show page and the form use this order. */
  sections: FieldSection<Row>[];
  /** Each field's own rules (the domain's zod object): required marks and messages match the server's. */
  schema?: ZodObject;
  /** The update schema: rules across fields (`notBefore`) run through it. */
  updateSchema?: ZodType;
  /** The list's columns, in order. */
  columns?: ColumnSpec<Row>[];
  defaultSort?: { field: FieldName<Row>; order: "asc" | "desc" };
  /** What a new record starts with. */
  defaults?: () => Partial<Record<FieldName<Row>, unknown>>;
  /** Page titles; without one, Refine's title for the resource. */
  titles?: Partial<Record<"list" | "show" | "create" | "edit", TranslationKey>>;
  /** The list's "Novo" button text ("Nova norma"); Refine's "Novo" without it. */
  createLabel?: TranslationKey;
  /** The standard row actions the list offers: edit (to the edit screen), delete (with the spec's confirmation). None without it. */
  actions?: readonly StandardAction[];
  /** Rows per page of the list (10 without it). */
  pageSize?: number;
  /** What the area adds to the generic pages: header actions, columns, row actions, cards, form parts. */
  slots?: ResourceSlots<Row>;
}

/** Declares a field description, typed by its row. */
export function describeFields<Row>(fields: ResourceFields<Row>): ResourceFields<Row> {
  return fields;
}

/** Every field of the sections, in order. */
export function allFields<Row>(sections: FieldSection<Row>[]): FieldSpec<Row>[] {
  return sections.flatMap((section) => section.fields);
}

/** Whether the form sends this field: the schema names it and the server does not compute it. */
export function isEditable<Row>(field: FieldSpec<Row>, schema: ZodObject | undefined): boolean {
  if (field.computed) return false;
  return schema ? field.name in schema.shape : true;
}

/** The field's schema refuses an empty value: the form marks it required, as the server does. */
export function isRequired(schema: ZodType | undefined): boolean {
  return Boolean(schema) && !schema!.safeParse(undefined).success;
}

/** The hint below a field, translated. */
export function hintText<Row>(field: FieldSpec<Row>, t: Translate): string | undefined {
  if (!field.hint) return undefined;
  return typeof field.hint === "function" ? field.hint(t) : t(field.hint);
}
