import type { ReactNode } from "react";
import type { FormInstance } from "antd";
import type { CrudFilter } from "@refinedev/core";
import type { Translate, TranslationKey } from "@/providers/i18n";

/**
 * A slot's component: a function of its props (not React's ComponentType, whose class form would make
 * a slot written for one row type unusable where any row is expected).
 */
export type Slot<P> = (props: P) => ReactNode;

/** The actions every list row may offer: to the edit screen, and removal with the spec's confirmation. */
export type StandardAction = "edit" | "delete";

/** How a list's own controls (a search box, a category filter) change what it asks the server for. */
export type SetFilters = (filters: CrudFilter[], behavior?: "merge" | "replace") => void;

/** What a form part of an area's own receives: the form, and on the edit page the record as read. */
export interface FormSlotProps<Row> {
  form: FormInstance;
  record?: Row;
  mode: "create" | "edit";
}

/** A list column that is no one field: its header, its cell, and where it goes. */
export interface ExtraColumn<Row> {
  key: string;
  title: TranslationKey;
  render: (row: Row, t: Translate) => ReactNode;
  /** The description's column it follows; the last column (before the actions) without it. */
  after?: Extract<keyof Row, string>;
}

/**
 * The places where an area puts what its field description cannot say, so that its screens stay the
 * generic pages (src/components/resource/pages.tsx) plus these: nothing else of the page is rewritten.
 */
export interface ResourceSlots<Row> {
  /** Buttons beside the list's "Novo" and the show page's own (an export, an import, a link). */
  headerActions?: Slot<{ record?: Row }>;
  /** Above the list: a search box or a filter of the area's own, told how to set the list's filters. */
  listTop?: Slot<{ setFilters: SetFilters }>;
  /** Columns of the area's own (a cell made of several fields, a download), at the end or after a named column. */
  columns?: ExtraColumn<Row>[];
  /** The list as cards instead of a table: one card per row, its actions (edit, remove) given to place. */
  card?: Slot<{ row: Row; actions: ReactNode }>;
  /** Row actions of the area's own, before the standard edit and remove (each shown only to who may). */
  rowActions?: Slot<{ row: Row }>;
  /** Form parts of the area's own, inside the form after the sections (a file, a Markdown body, the category). */
  formSections?: Slot<FormSlotProps<Row>>[];
  /** What a row is called in its actions' names ("Editar Transferegov.br"); the record's id without it. */
  rowLabel?: (row: Row) => string;
}
