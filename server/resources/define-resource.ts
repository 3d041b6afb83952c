import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { passesGuard, type Guard } from "../../src/domain/guards";
import { updateSchemaOf } from "../../src/domain/updates";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { Db } from "../db/client";
import { writeTransaction } from "../db/write-transaction";
import type { AuthUser } from "../auth/session";
import { currentUser, requireCompanyId, resolveCompanyId } from "../auth/guards";
import { forbidden, notFound } from "../lib/errors";
import { nextVersion, staleRecord } from "../lib/versions";
import { CONTENT_TYPES, csvStream, xlsxStream, type ExportColumn, type ExportFormat } from "../lib/export";
import { fieldsFromColumns } from "./fields";
import { parseListQuery, parseListShape, type FieldSpec, type ListSpec, type RawQuery, type ScopeCondition, type ShapedListQuery } from "./list-query";
import { preparedList, StatementCache, type Preparable } from "./prepared-list";
import { toWire } from "./wire";
import { idParams as sharedIdParams } from "./params";
import { areaPlugin, declared, fileResponse } from "./declared";

/** Who may do something: a guard of the one role map (src/domain/guards.ts). */
export type Access = Guard;

/** Any table a resource serves: an integer id; tenant and child tables also have company_id, updatable ones version. */
export type ResourceTable = PgTable & { id: AnyPgColumn };
type TenantTable = ResourceTable & { companyId: AnyPgColumn };

/** A parent a child record belongs to, through the child's column that holds the parent's id. */
export interface ParentLink {
  table: TenantTable;
  /** The child's column with the parent id; its property name is the field in rows and bodies. */
  column: AnyPgColumn;
  notFound: string;
}

/**
 * Whose records these are:
 * - `tenant`: one company's (company_id), read by its people and by ADMIN (every company when none is chosen);
 * - `shared`: the consultancy's content, one set for every company (no company_id);
 * - `child`: records of a tenant parent (payments of a transfer, tabs of a project), with company_id
 *   too; every write locks the parent row first, so the parent's aggregates stay exact.
 */
export type ResourceScope = { kind: "tenant" } | { kind: "shared" } | { kind: "child"; parents: readonly ParentLink[] };

/** What a write hook gets: the transaction, who writes, for which company, and the server's clock. */
export interface WriteContext {
  tx: Db;
  request: FastifyRequest;
  user: AuthUser;
  /** The company written in (null for shared resources). */
  companyId: number | null;
  now: Date;
}

export type StoredRow = Record<string, unknown> & { id: number };

export type WriteChange =
  | { op: "create"; row: StoredRow; before?: undefined }
  | { op: "update"; row: StoredRow; before: StoredRow }
  | { op: "delete"; row: StoredRow; before: StoredRow };

/** How rows leave the database when they need more than their own table (joins, computed columns). */
export interface RowReader {
  /** One page of the list (a statement built once per shape, see preparedList). */
  page(db: Db, query: ShapedListQuery): Preparable<Record<string, unknown>[]>;
  /** The rows matching `where` (a single read, or a few). */
  rows(db: Db, where: SQL | undefined): Promise<Record<string, unknown>[]>;
}

export interface ListDeclaration {
  /** Row fields offered as filters and sorts; default: every row field that is a column. */
  fields?: readonly string[];
  /** Fields that are SQL expressions, not columns (e.g. a payment's transfer kind). */
  computed?: Record<string, FieldSpec>;
  /** Columns `q` searches (accent- and case-insensitive); each needs its trigram index in a migration (search-indexes.ts). */
  search?: readonly AnyPgColumn[];
  defaultSort: readonly { field: string; order: "asc" | "desc" }[];
  maxPageSize?: number;
}

export interface ResourceDeclaration<Row extends z.ZodObject = z.ZodObject> {
  /** The path under /api, kebab-case: `blog-posts` → /api/blog-posts. */
  name: string;
  /** The OpenAPI tag (pt-BR). */
  tag: string;
  table: ResourceTable;
  scope: ResourceScope;
  /** Who reads and who writes; an operation without access is not offered. */
  access: { read: Access; create?: Access; update?: Access; delete?: Access };
  /** The record on the wire (src/domain): every answer is serialized through it, so what it does not name never leaves. */
  row: Row;
  /** POST body; its fields also make the PATCH body (updateSchemaOf) unless `update` is given. */
  create?: z.ZodObject | z.ZodType;
  update?: z.ZodType;
  list: ListDeclaration;
  notFound: string;
  /** A second address by a natural key: GET /{name}/{segment}/{value}. */
  naturalKey?: { segment: string; column: AnyPgColumn; pattern: RegExp; message: string };
  /** Rows a request may see besides the scope (drafts only for ADMIN, an alert's audience). */
  visible?: (request: FastifyRequest) => ScopeCondition | undefined;
  reader?: RowReader;
  /** Inside the write's transaction, before it: derive values, check rules (throw 4xx). Returns what to write. */
  prepare?: (ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Inside the transaction, after the write, with the parent locked: keep aggregates, history. */
  onWrite?: (ctx: WriteContext, change: WriteChange) => Promise<void>;
  /** After the transaction committed: what must not happen if it rolls back (removing a replaced file). Failures are logged, not answered. */
  afterCommit?: (app: FastifyInstance, change: WriteChange) => Promise<void>;
  /** Row fields this request may not receive (e.g. an alert's read count for anyone but ADMIN); they leave every answer. */
  hidden?: (request: FastifyRequest) => readonly string[] | undefined;
  /** GET /{name}/totals: sums of these expressions over the filtered set (decimal strings) and the count. */
  totals?: Record<string, AnyColumn | SQL>;
  /** GET /{name}/export?format=csv|xlsx: the whole filtered set. */
  export?: { file: string; sheet: string; columns: ExportColumn<z.infer<Row>>[] };
  /** GET /{name}/options: the distinct values of these row fields, for filter pickers. */
  options?: readonly string[];
  /** Route config of its reads (e.g. `cliAccess` for the command line's token, server/auth/access.ts). */
  readConfig?: { cliAccess?: boolean };
}

export interface Resource<Row extends z.ZodObject = z.ZodObject> extends ResourceDeclaration<Row> {
  /** The resolved list contract (fields typed from the columns). */
  listSpec: ListSpec;
  updateSchema?: z.ZodType;
  /** The Fastify plugin with its routes; mount it under /api. */
  plugin: FastifyPluginAsync;
}

const idParams = sharedIdParams();
const listQuery = z.looseObject({
  _start: z.string().optional(),
  _end: z.string().optional(),
  _sort: z.string().optional(),
  _order: z.string().optional(),
  q: z.string().optional(),
});
const exportQuery = listQuery.extend({ format: z.enum(["csv", "xlsx"], { message: "Formato inválido: use csv ou xlsx." }) });

const allows = (user: AuthUser, access: Access) => passesGuard(user.role, access);

/** preValidation: the role check runs before the body is validated (a USER's invalid POST is a 403, not a 422). */
export const guard = (access: Access) => async (request: FastifyRequest) => {
  if (!allows(currentUser(request), access)) throw forbidden();
};

function updateSchemaFor(declaration: ResourceDeclaration): z.ZodType | undefined {
  if (declaration.update) return declaration.update;
  if (!declaration.create) return undefined;
  if (!(declaration.create instanceof z.ZodObject)) throw new Error(`${declaration.name}: declare 'update' when 'create' is not a plain object schema.`);
  return updateSchemaOf(declaration.create);
}

/**
 * One admin area's records as a simple-rest resource (shared/design/API.md): list, one, create,
 * update and delete, plus the extensions it declares. Scope, access, validation, optimistic locking,
 * transactions and serialization are applied here and nowhere else.
 */
export function defineResource<Row extends z.ZodObject>(declaration: ResourceDeclaration<Row>): Resource<Row> {
  const { table, scope } = declaration;
  const columns = getTableColumns(table);
  const rowFields = Object.keys(declaration.row.shape);
  const listSpec: ListSpec = {
    idColumn: table.id,
    fields: { ...fieldsFromColumns(table, declaration.list.fields ?? rowFields), ...declaration.list.computed },
    search: declaration.list.search ? [...declaration.list.search] : undefined,
    defaultSort: [...declaration.list.defaultSort],
    maxPageSize: declaration.list.maxPageSize,
  };
  if (scope.kind !== "shared" && !("companyId" in columns)) throw new Error(`${declaration.name}: a ${scope.kind} resource needs company_id.`);
  const updateSchema = updateSchemaFor(declaration as ResourceDeclaration);
  const resource: Resource<Row> = { ...declaration, listSpec, updateSchema, plugin: async (app) => registerRoutes(app, resource as unknown as Resource) };
  return resource;
}

/** A plugin mounting several resources (an area's module default export). */
export const resourcesPlugin = (...resources: Resource[]): FastifyPluginAsync => areaPlugin(...resources);

function registerRoutes(app: FastifyInstance, resource: Resource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { table, scope, access, listSpec } = resource;
  const path = `/${resource.name}`;
  const tags = [resource.tag];
  const companyColumn = (table as Partial<TenantTable>).companyId;
  const columns = getTableColumns(table);
  const versioned = "version" in columns;
  const wireRow: z.ZodObject = resource.row;
  const scopeKind = scope.kind;
  const readConfig = { ...resource.readConfig, ...declared({ guard: access.read, scope: scopeKind }) };
  const writeConfig = (g: Access) => declared({ guard: g, scope: scopeKind });

  /** The row as this request may see it: without the fields `hidden` names for it. */
  const shown = (request: FastifyRequest, row: Record<string, unknown>) => {
    const hidden = resource.hidden?.(request);
    if (!hidden?.length) return row;
    return Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.includes(key)));
  };
  const committed = (change: WriteChange) =>
    resource.afterCommit?.(app, change).catch((error: unknown) => app.log.warn({ err: error, resource: resource.name }, "ação após gravar falhou"));

  /** The conditions every read of this request meets: the tenant (ADMIN over all: none) and visibility. */
  function readScopes(request: FastifyRequest): { scopes: ScopeCondition[]; national: boolean } {
    const scopes: ScopeCondition[] = [];
    let national = false;
    if (scope.kind !== "shared") {
      const companyId = resolveCompanyId(request);
      if (companyId === null) national = true;
      else scopes.push({ key: "tenant", build: (bind) => eq(companyColumn!, bind(companyId)) });
    }
    const visible = resource.visible?.(request);
    if (visible) scopes.push(visible);
    return { scopes, national };
  }

  const inline = (scopes: ScopeCondition[]) => scopes.map((s) => s.build((v) => v));
  const whereOf = (scopes: ScopeCondition[], condition: SQL) => and(...inline(scopes), condition)!;

  // A page reads only the columns the wire row names: the rest (a synced record's raw source, its
  // sync bookkeeping) would be read, parsed and mapped for every row only to be dropped by the serializer.
  const wireColumns = Object.fromEntries(Object.entries(columns).filter(([key]) => key in wireRow.shape));
  const reader: RowReader = resource.reader ?? {
    page: (db, q) => db.select(wireColumns).from(table).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never) as unknown as Preparable<Record<string, unknown>[]>,
    rows: (db, where) => db.select().from(table).where(where) as unknown as Promise<Record<string, unknown>[]>,
  };

  async function readOne(db: Db, where: SQL): Promise<Record<string, unknown>> {
    const [row] = await reader.rows(db, where);
    // A record of another company is reported missing, never as existing elsewhere.
    if (!row) throw notFound(resource.notFound);
    return toWire(row);
  }

  const list = preparedList(app.db, table, listSpec, (q) => reader.page(app.db, q));
  const readGuard = guard(access.read);
  const rowList = z.array(wireRow);

  r.get(
    path,
    {
      schema: { tags, summary: "Lista (contrato simple-rest)", querystring: listQuery, response: { 200: rowList } },
      preValidation: readGuard,
      // The list route names its list, so tests and tools find every declared list from the app's routes.
      config: { ...readConfig, declared: { ...readConfig.declared, list: { name: resource.name, listSpec } } },
    },
    async (request, reply) => {
      const { scopes, national } = readScopes(request);
      const rows = await list(reply, request.query as RawQuery, scopes, national);
      return rows.map((row) => shown(request, toWire(row))) as never;
    },
  );

  const extension: Extension = { app, resource, path, readScopes, readGuard, readConfig };
  if (resource.totals) registerTotals(extension);
  if (resource.export) registerExport(extension, reader);
  if (resource.options) registerOptions(extension);

  if (resource.naturalKey) {
    const { segment, column, pattern, message } = resource.naturalKey;
    r.get(
      `${path}/${segment}/:key`,
      {
        schema: { tags, summary: "Um registro pelo identificador da rota", params: z.object({ key: z.string().regex(pattern, message) }), response: { 200: wireRow } },
        preValidation: readGuard,
        config: readConfig,
      },
      async (request) => shown(request, await readOne(app.db, whereOf(readScopes(request).scopes, eq(column, request.params.key)))) as never,
    );
  }

  r.get(
    `${path}/:id`,
    { schema: { tags, summary: "Um registro", params: idParams, response: { 200: wireRow } }, preValidation: readGuard, config: readConfig },
    async (request) => shown(request, await readOne(app.db, whereOf(readScopes(request).scopes, eq(table.id, request.params.id)))) as never,
  );

  /** The write's company: the chosen one for tenant and child records (an ADMIN must have chosen), none for shared. */
  const writeCompany = (request: FastifyRequest) => (scope.kind === "shared" ? null : requireCompanyId(request));

  const context = (tx: Db, request: FastifyRequest, companyId: number | null): WriteContext => ({
    tx,
    request,
    user: currentUser(request),
    companyId,
    now: new Date(app.now()),
  });

  /** Locks the parent named by `values` (a child's write); 404 when it is not the company's. */
  async function lockParent(tx: Db, values: Record<string, unknown>, companyId: number) {
    if (scope.kind !== "child") return;
    const link = scope.parents.find((parent) => values[propertyOf(columns, parent.column)] != null);
    if (!link) throw notFound(scope.parents[0].notFound);
    const id = values[propertyOf(columns, link.column)];
    const [parent] = await tx
      .select({ id: link.table.id })
      .from(link.table)
      .where(and(eq(link.table.id, id as number), eq(link.table.companyId, companyId)))
      .for("update");
    if (!parent) throw notFound(link.notFound);
  }

  /** The stored row to change, read for update inside the transaction (its parent locked first). */
  async function lockExisting(tx: Db, request: FastifyRequest, companyId: number | null, id: number): Promise<StoredRow> {
    const scopeWhere = companyId === null || !companyColumn ? eq(table.id, id) : and(eq(table.id, id), eq(companyColumn, companyId))!;
    const visible = resource.visible?.(request);
    const where = visible ? and(scopeWhere, visible.build((v) => v))! : scopeWhere;
    if (scope.kind === "child") {
      const [peek] = await tx.select().from(table).where(where);
      if (!peek) throw notFound(resource.notFound);
      await lockParent(tx, peek, companyId!);
    }
    const [row] = await tx.select().from(table).where(where).for("update");
    if (!row) throw notFound(resource.notFound);
    return row as StoredRow;
  }

  if (resource.create && access.create) {
    r.post(
      path,
      { schema: { tags, summary: "Cria", body: resource.create, response: { 201: wireRow } }, preValidation: guard(access.create), config: writeConfig(access.create) },
      async (request, reply) => {
        const companyId = writeCompany(request);
        const created = await writeTransaction(app.db, async (db) => {
          const ctx = context(db, request, companyId);
          const body = request.body as Record<string, unknown>;
          if (companyId !== null) await lockParent(db, body, companyId);
          const values = resource.prepare ? await resource.prepare(ctx, body, undefined) : body;
          const [row] = await db
            .insert(table)
            .values({ ...values, ...(companyId !== null ? { companyId } : {}) } as never)
            .returning();
          await resource.onWrite?.(ctx, { op: "create", row: row as StoredRow });
          return row as StoredRow;
        });
        await committed({ op: "create", row: created });
        return reply.status(201).send(shown(request, await readOne(app.db, eq(table.id, created.id))) as never) as never;
      },
    );
  }

  if (resource.updateSchema && access.update) {
    r.patch(
      `${path}/:id`,
      { schema: { tags, summary: "Altera só os campos enviados (com `version`, recusa uma edição desatualizada com 409)", params: idParams, body: resource.updateSchema, response: { 200: wireRow } }, preValidation: guard(access.update), config: writeConfig(access.update) },
      async (request) => {
        const companyId = scope.kind === "shared" ? null : resolveCompanyId(request);
        const { version, ...changes } = request.body as Record<string, unknown> & { version?: number };
        const change = await writeTransaction(app.db, async (db) => {
          const existing = await lockExisting(db, request, companyId, request.params.id);
          if (version !== undefined && versioned && existing.version !== version) throw staleRecord();
          const ctx = context(db, request, (existing.companyId as number | undefined) ?? null);
          const values = resource.prepare ? await resource.prepare(ctx, changes, existing) : changes;
          const [row] = await db
            .update(table)
            .set({
              ...values,
              ...("updatedAt" in columns ? { updatedAt: ctx.now } : {}),
              ...(versioned ? { version: nextVersion(columns.version) } : {}),
            } as never)
            .where(eq(table.id, existing.id))
            .returning();
          const updated: WriteChange = { op: "update", row: row as StoredRow, before: existing };
          await resource.onWrite?.(ctx, updated);
          return updated;
        });
        await committed(change);
        return shown(request, await readOne(app.db, eq(table.id, request.params.id))) as never;
      },
    );
  }

  if (access.delete) {
    r.delete(
      `${path}/:id`,
      { schema: { tags, summary: "Exclui", params: idParams, response: { 200: wireRow } }, preValidation: guard(access.delete), config: writeConfig(access.delete) },
      async (request) => {
        const companyId = scope.kind === "shared" ? null : resolveCompanyId(request);
        const removed = await readOne(app.db, whereOf(readScopes(request).scopes, eq(table.id, request.params.id)));
        const change = await writeTransaction(app.db, async (db) => {
          const existing = await lockExisting(db, request, companyId, request.params.id);
          await db.delete(table).where(eq(table.id, existing.id));
          const ctx = context(db, request, (existing.companyId as number | undefined) ?? null);
          const deleted: WriteChange = { op: "delete", row: existing, before: existing };
          await resource.onWrite?.(ctx, deleted);
          return deleted;
        });
        await committed(change);
        return shown(request, removed) as never;
      },
    );
  }
}

/** The property name of a column within its table's columns. */
function propertyOf(columns: Record<string, AnyColumn>, column: AnyColumn): string {
  const entry = Object.entries(columns).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in the table`);
  return entry[0];
}

/** What an extension route of a resource needs from it. */
interface Extension {
  app: FastifyInstance;
  resource: Resource;
  path: string;
  readScopes(request: FastifyRequest): { scopes: ScopeCondition[]; national: boolean };
  readGuard(request: FastifyRequest): Promise<void>;
  readConfig: ReturnType<typeof declared>;
}

function registerTotals({ app, resource, path, readScopes, readGuard, readConfig }: Extension) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sums = resource.totals!;
  const statements = new StatementCache<Record<string, unknown>[]>();
  const totalsSchema = z.object({ count: z.number().int(), ...Object.fromEntries(Object.keys(sums).map((k) => [k, z.string()])) });
  r.get(
    `${path}/totals`,
    { schema: { tags: [resource.tag], summary: "Totais do conjunto filtrado", querystring: listQuery, response: { 200: totalsSchema } }, preValidation: readGuard, config: readConfig },
    async (request) => {
      const query = parseListShape(request.query as RawQuery, resource.listSpec, readScopes(request).scopes);
      const statement = statements.get(query.shape, () =>
        app.db
          .select({
            count: sql<number>`count(*)::int`,
            ...Object.fromEntries(Object.entries(sums).map(([key, expression]) => [key, sql<string>`coalesce(sum(${expression}), 0)::numeric(17,2)::text`])),
          })
          .from(resource.table)
          .where(query.where) as unknown as Preparable<Record<string, unknown>[]>,
      );
      const [row] = await statement.execute(query.params);
      return row as never;
    },
  );
}

function registerExport({ app, resource, path, readScopes, readGuard, readConfig }: Extension, reader: RowReader) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const file = resource.export!;
  r.get(
    `${path}/export`,
    { schema: { tags: [resource.tag], summary: "Exporta todo o conjunto filtrado em CSV ou XLSX", querystring: exportQuery, response: { 200: fileResponse } }, preValidation: readGuard, config: readConfig },
    async (request, reply: FastifyReply) => {
      const format = (request.query as { format: ExportFormat }).format;
      // Everything is validated before the first byte: a bad filter is a 400, never a broken download.
      const parsed = parseListQuery(request.query as RawQuery, { ...resource.listSpec, extraKeys: ["format"] }, readScopes(request).scopes);
      const read = async (offset: number, limit: number) => {
        const page = parseListShape({ _start: String(offset), _end: String(offset + limit) }, { ...resource.listSpec, maxPageSize: limit }, []);
        const rows = await reader.page(app.db, { ...page, where: parsed.where, orderBy: parsed.orderBy }).prepare("").execute(page.params);
        return rows.map(toWire);
      };
      await read(0, 1);
      // The file is named for São Paulo's day, as every date the product shows.
      const stamp = todayInSaoPaulo(app.now());
      reply.header("content-type", CONTENT_TYPES[format]);
      reply.header("content-disposition", `attachment; filename="${file.file}-${stamp}.${format}"`);
      reply.header("cache-control", "no-store");
      const columns = file.columns as ExportColumn<Record<string, unknown>>[];
      return reply.send(format === "csv" ? csvStream(columns, read) : xlsxStream(file.sheet, columns, read));
    },
  );
}

function registerOptions({ app, resource, path, readScopes, readGuard, readConfig }: Extension) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const names = resource.options!;
  const columns = getTableColumns(resource.table);
  r.get(
    `${path}/options`,
    { schema: { tags: [resource.tag], summary: "Valores distintos para os filtros", response: { 200: z.record(z.string(), z.array(z.union([z.string(), z.number()]))) } }, preValidation: readGuard, config: readConfig },
    async (request) => {
      const scopes = readScopes(request).scopes.map((s) => s.build((v) => v));
      const entries = await Promise.all(
        names.map(async (name) => {
          const column = columns[name];
          const rows: { value: unknown }[] = await app.db
            .selectDistinct({ value: column })
            .from(resource.table)
            .where(and(...scopes, sql`${column} is not null`))
            .orderBy(column)
            .limit(500);
          return [name, rows.map((row) => row.value as string | number)] as const;
        }),
      );
      return Object.fromEntries(entries) as never;
    },
  );
}
