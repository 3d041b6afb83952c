import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";
import type { Role } from "../../src/domain/auth";
import type { TransferTotals } from "../../src/domain/transfers";
import { requireCompanyId, requireRole, requireUser } from "../auth/guards";
import { notFound } from "./errors";
import { CONTENT_TYPES, csvStream, xlsxStream, type ExportColumn, type ExportFormat } from "./export";
import { parseListQuery, parseListShape, type ListSpec, type RawQuery } from "./list-query";
import { preparedList, scopeCondition, StatementCache, tenantScopeOf, type Preparable } from "./prepared-list";

/** A tenant table: integer id and company_id, like every area table here. */
export type TenantTable = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn };

/**
 * One tenant-scoped resource in the simple-rest contract, plus the extras transfer lists need: totals
 * of the filtered set, a CSV/XLSX export of all of it, and a lookup by the natural key the routes use
 * (NR_TRANSFER, codPlan). Reads are open to every signed-in user of the company; writes to `writers`.
 */
export interface TenantResource<Row> {
  path: string;
  tag: string;
  table: TenantTable;
  /** The natural key: `GET /{path}/{segment}/{value}`. */
  naturalKey: { segment: string; column: AnyColumn; pattern: RegExp; message: string };
  list: ListSpec;
  /** Sums shown under the list, over the same filters. */
  totals: { planned: AnyColumn | SQL; committed: AnyColumn | SQL; paid: AnyColumn | SQL };
  createSchema: ZodType;
  updateSchema: ZodType;
  writers: Role[];
  notFoundMessage: string;
  exportFile: { name: string; sheet: string; columns: ExportColumn<Row>[] };
}

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });
const exportQuery = z.object({ format: z.enum(["csv", "xlsx"], { message: "Formato inválido: use csv ou xlsx." }) }).passthrough();

export function registerTenantResource<Row>(app: FastifyInstance, resource: TenantResource<Row>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { table, path } = resource;
  const writers = requireRole(...resource.writers);
  const columns = getTableColumns(table);

  /** The tenant scope of a read: the active company, or everything for an ADMIN without one. */
  const scopeOf = async (request: FastifyRequest) => scopeCondition(await tenantScopeOf(request, table.companyId));
  const withScope = (scope: SQL | undefined, where: SQL | undefined) => (scope && where ? and(scope, where) : (scope ?? where));

  async function findOne(scope: SQL | undefined, where: SQL): Promise<Row> {
    const [row] = await app.db.select().from(table).where(withScope(scope, where)).limit(1);
    // A record of another company is reported missing, never as existing elsewhere.
    if (!row) throw notFound(resource.notFoundMessage);
    return row as Row;
  }

  const list = preparedList(
    app.db,
    table,
    resource.list,
    (q) => app.db.select().from(table).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset) as unknown as Preparable<Row[]>,
  );
  r.get(path, { schema: { tags: [resource.tag], summary: "Lista (contrato simple-rest)" }, preHandler: requireUser }, async (request, reply) =>
    list(reply, request.query as RawQuery, await tenantScopeOf(request, table.companyId)),
  );

  const { planned, committed, paid } = resource.totals;
  const totals = new StatementCache<TransferTotals[]>();

  r.get(
    `${path}/totals`,
    { schema: { tags: [resource.tag], summary: "Totais (previsto, empenhado, pago) do conjunto filtrado" }, preHandler: requireUser },
    async (request): Promise<TransferTotals> => {
      const query = parseListShape(request.query as RawQuery, resource.list, await tenantScopeOf(request, table.companyId));
      const statement = totals.get(query.shape, () =>
        app.db
          .select({
            count: sql<number>`count(*)::int`,
            plannedValue: sql<string>`coalesce(sum(${planned}), 0)::numeric(17,2)::text`,
            committedValue: sql<string>`coalesce(sum(${committed}), 0)::numeric(17,2)::text`,
            paidValue: sql<string>`coalesce(sum(${paid}), 0)::numeric(17,2)::text`,
          })
          .from(table)
          .where(query.where),
      );
      const [row] = await statement.execute(query.params);
      return row;
    },
  );

  r.get(
    `${path}/export`,
    { schema: { tags: [resource.tag], summary: "Exporta todo o conjunto filtrado em CSV ou XLSX", querystring: exportQuery }, preHandler: requireUser },
    async (request, reply: FastifyReply) => {
      const format = (request.query as { format: ExportFormat }).format;
      const parsed = parseListQuery(request.query as RawQuery, { ...resource.list, extraKeys: ["format"] });
      const where = withScope(await scopeOf(request), parsed.where);
      const read = (offset: number, limit: number) =>
        app.db.select().from(table).where(where).orderBy(...parsed.orderBy).limit(limit).offset(offset) as Promise<Row[]>;
      const { name, sheet, columns: exportColumns } = resource.exportFile;
      const stamp = new Date(app.now()).toISOString().slice(0, 10);
      reply.header("content-type", CONTENT_TYPES[format]);
      reply.header("content-disposition", `attachment; filename="${name}-${stamp}.${format}"`);
      reply.header("cache-control", "no-store");
      return reply.send(format === "csv" ? csvStream(exportColumns, read) : xlsxStream(sheet, exportColumns, read));
    },
  );

  const { segment, column: keyColumn, pattern, message } = resource.naturalKey;
  r.get(
    `${path}/${segment}/:key`,
    {
      schema: { tags: [resource.tag], summary: "Um registro pelo identificador da rota", params: z.object({ key: z.string().regex(pattern, message) }) },
      preHandler: requireUser,
    },
    async (request) => findOne(await scopeOf(request), eq(keyColumn, request.params.key)),
  );

  r.get(`${path}/:id`, { schema: { tags: [resource.tag], summary: "Um registro", params: idParams }, preHandler: requireUser }, async (request) =>
    findOne(await scopeOf(request), eq(table.id, request.params.id)),
  );

  r.post(path, { schema: { tags: [resource.tag], summary: "Cria", body: resource.createSchema }, preHandler: writers }, async (request, reply) => {
    const companyId = await requireCompanyId(request);
    const values = { ...(request.body as Record<string, unknown>), companyId };
    // The table is generic here; the body was validated by the resource's create schema.
    const [row] = await app.db.insert(table).values(values as never).returning();
    return reply.status(201).send(row);
  });

  r.patch(
    `${path}/:id`,
    { schema: { tags: [resource.tag], summary: "Altera", params: idParams, body: resource.updateSchema }, preHandler: writers },
    async (request) => {
      const scope = await scopeOf(request);
      await findOne(scope, eq(table.id, request.params.id));
      const changes = { ...(request.body as Record<string, unknown>), ...("updatedAt" in columns ? { updatedAt: new Date(app.now()) } : {}) };
      const [row] = await app.db
        .update(table)
        .set(changes as never)
        .where(withScope(scope, eq(table.id, request.params.id)))
        .returning();
      return row;
    },
  );

  r.delete(`${path}/:id`, { schema: { tags: [resource.tag], summary: "Exclui", params: idParams }, preHandler: writers }, async (request) => {
    const scope = await scopeOf(request);
    const [row] = await app.db.delete(table).where(withScope(scope, eq(table.id, request.params.id))).returning();
    if (!row) throw notFound(resource.notFoundMessage);
    return row;
  });
}

