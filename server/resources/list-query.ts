import { and, asc, desc, eq, gte, inArray, lte, ne, notInArray, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { badRequest } from "../lib/errors";
import { isCalendarDate, isTimestamp } from "../../src/domain/dates";

/**
 * The simple-rest list contract (docs: shared/design/API.md): `_start/_end` paging, `_sort/_order`
 * comma lists, `field`, `field_ne`, `field_gte`, `field_lte`, `field_like` and `q`. Unknown keys are
 * refused, empty values mean "no filter", arrays arrive repeated or comma-joined.
 */
export type FieldType = "string" | "integer" | "number" | "date" | "datetime" | "boolean" | "enum";

export interface FieldSpec {
  column: AnyColumn | SQL;
  type: FieldType;
  /** Allowed values of an enum field. */
  values?: readonly string[];
  sortable?: boolean;
  filterable?: boolean;
}

export interface ListSpec {
  fields: Record<string, FieldSpec>;
  /** Columns searched by `q` (accent- and case-insensitive contains). */
  search?: (AnyColumn | SQL)[];
  defaultSort?: { field: string; order: "asc" | "desc" }[];
  /** Tie-breaker that makes paging stable. */
  idColumn: AnyColumn;
  maxPageSize?: number;
  /** Extra query keys a route reads itself (they are not filters). */
  extraKeys?: readonly string[];
}

export interface ListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * A list query whose values sit in named placeholders: the same `shape` always renders the same SQL,
 * so its statement can be built and prepared once and executed with `params` ever after.
 */
export interface ShapedListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: Placeholder;
  offset: Placeholder;
  /** Page bounds as numbers, for the exact total a short page gives. */
  page: { limit: number; offset: number };
  params: Record<string, unknown>;
  /** Everything that decides the SQL's text: filters with their operators and value counts, search words, sorts, scope. */
  shape: string;
}

/** Where a value goes: into the SQL as a parameter of this query, or into a named placeholder. */
export type Bind = (value: unknown) => unknown;

/**
 * A condition every row of a list must meet besides the client's filters: the tenant, a parent, what
 * a role may see. `key` names its SQL shape (the values stay out of it); `build` binds its values.
 */
export interface ScopeCondition {
  key: string;
  build(bind: Bind): SQL;
}
const inline: Bind = (value) => value;

const OPERATORS = ["ne", "gte", "lte", "like"] as const;
type Operator = "eq" | (typeof OPERATORS)[number];

const RANGE_TYPES: FieldType[] = ["integer", "number", "date", "datetime"];

function splitKey(key: string): { field: string; op: Operator } {
  for (const op of OPERATORS) {
    const suffix = `_${op}`;
    if (key.endsWith(suffix) && key.length > suffix.length) return { field: key.slice(0, -suffix.length), op };
  }
  return { field: key, op: "eq" };
}

/** Values of one key: repeated keys and comma-joined lists both mean "any of"; empty ones vanish. */
export function valuesOf(raw: string | string[] | undefined, splitCommas: boolean): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const parts = splitCommas ? list.flatMap((v) => v.split(",")) : list;
  return parts.map((v) => v.trim()).filter((v) => v !== "" && v !== "null" && v !== "undefined");
}

function parseValue(field: string, spec: FieldSpec, value: string): unknown {
  const invalid = () => badRequest(`Valor inválido para o filtro "${field}": ${value}`, { [field]: "Valor inválido." });
  switch (spec.type) {
    case "integer":
      if (!/^-?\d{1,10}$/.test(value) || Math.abs(Number(value)) > 2_147_483_647) throw invalid();
      return Number(value);
    case "number":
      if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(value)) throw invalid();
      return value;
    case "date":
      if (!isCalendarDate(value)) throw invalid();
      return value;
    case "datetime":
      if (!isTimestamp(value)) throw invalid();
      return new Date(Date.parse(value));
    case "boolean":
      if (value !== "true" && value !== "false") throw invalid();
      return value === "true";
    case "enum":
      if (!spec.values?.includes(value)) throw invalid();
      return value;
    default:
      return value;
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Accent- and case-insensitive "contains", the meaning of `_like` and `q`. */
export function containsText(column: AnyColumn | SQL, text: string, bind: Bind = inline): SQL {
  return matchesPattern(column, bind(containsPattern(text)));
}

const containsPattern = (text: string) => `%${escapeLike(text)}%`;
const matchesPattern = (column: AnyColumn | SQL, pattern: unknown): SQL => sql`f_unaccent(${column}::text) ilike f_unaccent(${pattern})`;

function condition(field: string, spec: FieldSpec, op: Operator, values: string[], bind: Bind): SQL | undefined {
  if (op === "like") {
    if (spec.type !== "string") throw badRequest(`O filtro "${field}_like" só vale para texto.`);
    const parts = values.map((v) => containsText(spec.column, v, bind));
    return parts.length === 1 ? parts[0] : or(...parts);
  }
  if ((op === "gte" || op === "lte") && !RANGE_TYPES.includes(spec.type)) {
    throw badRequest(`O filtro "${field}_${op}" só vale para números e datas.`);
  }
  const parsed = values.map((v) => bind(parseValue(field, spec, v)));
  const column = spec.column as AnyColumn;
  if (op === "eq") return parsed.length === 1 ? eq(column, parsed[0]) : inArray(column, parsed);
  if (op === "ne") return parsed.length === 1 ? ne(column, parsed[0]) : notInArray(column, parsed);
  if (parsed.length !== 1) throw badRequest(`O filtro "${field}_${op}" aceita um único valor.`);
  return op === "gte" ? gte(column, parsed[0]) : lte(column, parsed[0]);
}

function parseInteger(name: string, raw: string | string[] | undefined): number | undefined {
  const [value] = valuesOf(raw, false);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw badRequest(`Parâmetro de paginação inválido: ${name}=${value}`);
  return Number(value);
}

interface Parsed extends ListQuery {
  shape: string[];
}

/** A field of the spec by name; names of Object.prototype (`constructor`, `__proto__`) are no fields. */
const fieldOf = (spec: ListSpec, name: string): FieldSpec | undefined => (Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined);

function parse(query: RawQuery, spec: ListSpec, bind: Bind, scopes: readonly ScopeCondition[]): Parsed {
  const shape: string[] = scopes.map((scope) => scope.key);
  const maxPageSize = spec.maxPageSize ?? 100;
  const conditions: SQL[] = scopes.map((scope) => scope.build(bind));
  const reserved = new Set(["_start", "_end", "_sort", "_order", "q", ...(spec.extraKeys ?? [])]);

  for (const key of Object.keys(query)) {
    const raw = query[key];
    if (reserved.has(key)) continue;
    const { field, op } = splitKey(key);
    const fieldSpec = fieldOf(spec, field);
    if (!fieldSpec || fieldSpec.filterable === false) {
      throw badRequest(`Filtro desconhecido: ${key}`, { [key]: "Filtro desconhecido." });
    }
    const values = valuesOf(raw, op === "eq" || op === "ne");
    if (values.length === 0) continue;
    const c = condition(field, fieldSpec, op, values, bind);
    if (c) conditions.push(c);
    shape.push(`${field}:${op}:${values.length}`);
  }

  const q = valuesOf(query.q, false).join(" ").trim();
  if (q) {
    if (!spec.search?.length) throw badRequest("Esta lista não tem busca livre (q).");
    const words = q.split(/\s+/).slice(0, 8);
    shape.push(`q:${words.length}`);
    for (const word of words) {
      // One placeholder per word, matched against every searched column.
      const pattern = bind(containsPattern(word));
      const matches = spec.search.map((column) => matchesPattern(column, pattern));
      conditions.push(matches.length === 1 ? matches[0] : or(...matches)!);
    }
  }

  const sortFields = valuesOf(query._sort, true);
  const sortOrders = valuesOf(query._order, true);
  if (sortOrders.length && sortOrders.length !== sortFields.length) {
    throw badRequest("_sort e _order precisam ter o mesmo número de itens.");
  }
  const sorts = sortFields.length
    ? sortFields.map((field, i) => ({ field, order: (sortOrders[i] ?? "asc").toLowerCase() }))
    : (spec.defaultSort ?? []);
  const orderBy: SQL[] = sorts.map(({ field, order }) => {
    const fieldSpec = fieldOf(spec, field);
    if (!fieldSpec || fieldSpec.sortable === false) {
      throw badRequest(`Campo de ordenação desconhecido: ${field}`, { _sort: "Campo de ordenação desconhecido." });
    }
    if (order !== "asc" && order !== "desc") throw badRequest(`Ordem inválida: ${order} (use asc ou desc).`);
    shape.push(`sort:${field}:${order}`);
    return order === "asc" ? asc(fieldSpec.column) : desc(fieldSpec.column);
  });
  // The id breaks ties in the direction of the last sort, so an index on (column, id) serves the
  // whole order by one scan; a mixed direction would make PostgreSQL sort every matching row.
  orderBy.push(sorts.at(-1)?.order === "desc" ? desc(spec.idColumn) : asc(spec.idColumn));

  const start = parseInteger("_start", query._start) ?? 0;
  const end = parseInteger("_end", query._end);
  if (end !== undefined && end < start) throw badRequest("_end precisa ser maior ou igual a _start.");
  const limit = Math.min(end === undefined ? maxPageSize : end - start, maxPageSize);

  return { where: conditions.length ? and(...conditions) : undefined, orderBy, limit, offset: start, shape };
}

/** The list query of a request, its values bound into this one statement. */
export function parseListQuery(query: RawQuery, spec: ListSpec, scopes: readonly ScopeCondition[] = []): ListQuery {
  const { where, orderBy, limit, offset } = parse(query, spec, inline, scopes);
  return { where, orderBy, limit, offset };
}

/**
 * The same list query with every value in a named placeholder (see ShapedListQuery). `scopes` (the
 * tenant, a parent, a role's visibility) are bound like any filter and named in the shape.
 */
export function parseListShape(query: RawQuery, spec: ListSpec, scopes: readonly ScopeCondition[] = []): ShapedListQuery {
  const params: Record<string, unknown> = {};
  let bound = 0;
  const bind: Bind = (value) => {
    const name = `p${bound++}`;
    params[name] = value;
    return sql.placeholder(name);
  };
  const parsed = parse(query, spec, bind, scopes);
  params.limit = parsed.limit;
  params.offset = parsed.offset;
  return {
    where: parsed.where,
    orderBy: parsed.orderBy,
    limit: sql.placeholder("limit"),
    offset: sql.placeholder("offset"),
    page: { limit: parsed.limit, offset: parsed.offset },
    params,
    shape: parsed.shape.join("|"),
  };
}
