import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, count, desc, eq, max, sql, sum } from "drizzle-orm";
import { publicListOptionsSchema } from "../../src/domain/transparency";
import { z } from "zod";
import { publicDocument } from "../../src/domain/public-documents";
import { IDENTIFIER_SLUG, MUNICIPAL_AMENDMENT_KINDS, MUNICIPAL_AMENDMENT_STAGES, identifierSlug } from "../../src/domain/municipal-amendments";
import { municipalAmendmentLabels as labels } from "../../src/domain/labels/municipal-amendments";
import {
  publicMunicipalAmendmentDetailSchema,
  publicMunicipalAmendmentSchema,
  publicCouncillorTotalsSchema,
  MUNICIPAL_AMENDMENT_DICTIONARY,
  type PublicMunicipalAmendment,
} from "../../src/domain/public-municipal-amendments";
import { companies, municipalAmendmentEvents, municipalAmendmentMovements, municipalAmendments } from "../db/schema";
import type { Db } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import { PUBLIC_CACHE_CONTROL, sendCacheable } from "../lib/http-cache";
import { CONTENT_TYPES, csvStream, xlsxStream, type ExportColumn, type PageReader } from "../lib/export";
// The JSON rows carry the CSV's pt-BR field names (issue 34): one vocabulary for every format.
import { jsonRow } from "../open-data/datasets";
import { sendList } from "../resources/paging";
import { parseListQuery, type ListSpec, type RawQuery } from "../resources/list-query";

/**
 * "Emendas parlamentares municipais" on the municipality's transparency site (issue 37, ADPF 854): every
 * public emenda with its author, object, value, beneficiary and final beneficiary, stage, plano de
 * trabalho, specific account, payments and steps; totals per councillor; CSV, XLSX and JSON (with its
 * data dictionary). No session; public columns by name; the municipality's public rows only.
 */

const a = municipalAmendments;
const READ_LIMIT = { max: 300, timeWindow: "1 minute" };
const EXPORT_LIMIT = { max: 30, timeWindow: "1 minute" };
const TAGS = ["transparência (pública)"];
const slugParams = z.object({ slug: z.string() });
const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const columns = {
  identifier: a.identifier,
  year: a.year,
  authorName: a.authorName,
  authorParty: a.authorParty,
  kind: a.kind,
  functionCode: a.functionCode,
  subfunctionCode: a.subfunctionCode,
  programCode: a.programCode,
  actionCode: a.actionCode,
  expenseNature: a.expenseNature,
  value: a.value,
  object: a.object,
  beneficiaryKind: a.beneficiaryKind,
  beneficiaryName: a.beneficiaryName,
  beneficiaryCnpj: a.beneficiaryCnpj,
  finalBeneficiaryName: a.finalBeneficiaryName,
  finalBeneficiaryDocument: a.finalBeneficiaryDocument,
  indicatedOn: a.indicatedOn,
  impedimentReason: a.impedimentReason,
  stage: a.stage,
  planStatus: a.planStatus,
  committedValue: a.committedValue,
  paidValue: a.paidValue,
  supplierPaidValue: a.supplierPaidValue,
  returnedValue: a.returnedValue,
  bankCode: a.bankCode,
  agency: a.agency,
  account: a.account,
  updatedAt: a.updatedAt,
};

const detailColumns = { id: a.id, ...columns, planObject: a.planObject, goals: a.goals, budgetItems: a.budgetItems, schedule: a.schedule, planSubmittedOn: a.planSubmittedOn, planDecidedOn: a.planDecidedOn, planDecisionReason: a.planDecisionReason, executedOn: a.executedOn, accountedOn: a.accountedOn };

const spec: ListSpec = {
  idColumn: a.id,
  fields: {
    identifier: { column: a.identifier, type: "string" },
    year: { column: a.year, type: "integer" },
    authorName: { column: a.authorName, type: "string" },
    kind: { column: a.kind, type: "enum", values: MUNICIPAL_AMENDMENT_KINDS },
    stage: { column: a.stage, type: "enum", values: MUNICIPAL_AMENDMENT_STAGES },
    value: { column: a.value, type: "number" },
    paidValue: { column: a.paidValue, type: "number" },
    indicatedOn: { column: a.indicatedOn, type: "date" },
  },
  search: [a.identifier, a.authorName, a.object, a.beneficiaryName, a.finalBeneficiaryName],
  defaultSort: [
    { field: "year", order: "desc" },
    { field: "identifier", order: "desc" },
  ],
};

/** The slug's municipality when its portal is open; a 404 otherwise. */
async function publicCompany(db: Db, slug: string) {
  const [row] = await db
    .select({ id: companies.id, slug: companies.slug, name: companies.name })
    .from(companies)
    .where(and(eq(companies.slug, slug.toLowerCase()), eq(companies.publicPortalEnabled, true)))
    .limit(1);
  if (!row) throw notFound("Município não encontrado.");
  return row;
}

const publicOf = (companyId: number) => and(eq(a.companyId, companyId), eq(a.isPublic, true));
/** A public row: its time as ISO and a person's CPF masked (publicDocument), in the lists, exports and the detail alike. */
const wireRow = <T extends { updatedAt: Date | string; finalBeneficiaryDocument: string | null }>(row: T) => ({
  ...row,
  finalBeneficiaryDocument: publicDocument(row.finalBeneficiaryDocument),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

const money = (v: string | null) => v;
const exportColumns: ExportColumn<PublicMunicipalAmendment>[] = [
  { header: "identificador", type: "text", value: (r) => r.identifier },
  { header: "ano", type: "integer", value: (r) => r.year },
  { header: "autor", type: "text", value: (r) => r.authorName },
  { header: "partido", type: "text", value: (r) => r.authorParty },
  { header: "tipo", type: "text", value: (r) => labels.kinds[r.kind] },
  { header: "funcao", type: "text", value: (r) => r.functionCode },
  { header: "subfuncao", type: "text", value: (r) => r.subfunctionCode },
  { header: "programa", type: "text", value: (r) => r.programCode },
  { header: "acao", type: "text", value: (r) => r.actionCode },
  { header: "natureza_despesa", type: "text", value: (r) => r.expenseNature },
  { header: "objeto", type: "text", value: (r) => r.object },
  { header: "valor", type: "money", value: (r) => money(r.value) },
  { header: "tipo_beneficiario", type: "text", value: (r) => labels.beneficiaryKinds[r.beneficiaryKind] },
  { header: "beneficiario", type: "text", value: (r) => r.beneficiaryName },
  { header: "cnpj_beneficiario", type: "text", value: (r) => r.beneficiaryCnpj },
  { header: "beneficiario_final", type: "text", value: (r) => r.finalBeneficiaryName },
  { header: "documento_beneficiario_final", type: "text", value: (r) => r.finalBeneficiaryDocument },
  { header: "data_indicacao", type: "date", value: (r) => r.indicatedOn },
  { header: "etapa", type: "text", value: (r) => labels.stages[r.stage] },
  { header: "situacao_plano_trabalho", type: "text", value: (r) => labels.planStatuses[r.planStatus] },
  { header: "impedimento_tecnico", type: "text", value: (r) => r.impedimentReason },
  { header: "valor_empenhado", type: "money", value: (r) => money(r.committedValue) },
  { header: "valor_pago", type: "money", value: (r) => money(r.paidValue) },
  { header: "valor_pago_fornecedores", type: "money", value: (r) => money(r.supplierPaidValue) },
  { header: "valor_devolvido", type: "money", value: (r) => money(r.returnedValue) },
  { header: "banco", type: "text", value: (r) => r.bankCode },
  { header: "agencia", type: "text", value: (r) => r.agency },
  { header: "conta", type: "text", value: (r) => r.account },
];

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const rows = (q: { where: ReturnType<typeof publicOf>; orderBy: ReturnType<typeof sql>[]; limit: number; offset: number }) =>
    db.select(columns).from(a).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset).then((list) => list.map(wireRow));

  function exportReader(raw: RawQuery, companyId: number): PageReader<PublicMunicipalAmendment> {
    const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => key !== "_start" && key !== "_end"));
    const query = parseListQuery(rest, spec);
    const where = and(publicOf(companyId), query.where);
    return (offset, limit) => rows({ ...query, where, offset, limit }) as Promise<PublicMunicipalAmendment[]>;
  }

  app.get(
    "/public/:slug/municipal-amendments",
    {
      schema: { tags: TAGS, summary: "Emendas parlamentares municipais: lista paginada (filtros e ordenação no contrato simple-rest)", params: slugParams, querystring: listQuery, response: { 200: z.array(publicMunicipalAmendmentSchema) } },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await publicCompany(db, request.params.slug);
      const list = await sendList(reply, request.query, spec, publicOf(company.id), {
        rows: (q) => rows(q as never),
        count: async (where) => (await db.select({ n: count() }).from(a).where(where))[0].n,
      });
      return sendCacheable(request, reply, list);
    },
  );

  app.get(
    "/public/:slug/municipal-amendments/councillors",
    {
      schema: { tags: TAGS, summary: "Emendas parlamentares municipais: totais por vereador, ano e etapa", params: slugParams, response: { 200: publicCouncillorTotalsSchema } },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await publicCompany(db, request.params.slug);
      const totals = await db
        .select({ authorName: a.authorName, authorParty: max(a.authorParty), year: a.year, stage: a.stage, count: count(), value: sum(a.value), paidValue: sum(a.paidValue) })
        .from(a)
        .where(publicOf(company.id))
        .groupBy(a.authorName, a.year, a.stage)
        .orderBy(asc(a.authorName), asc(a.year));
      const updated = await db.select({ at: max(a.updatedAt) }).from(a).where(publicOf(company.id));
      return sendCacheable(request, reply, {
        updatedAt: updated[0]?.at ? new Date(updated[0].at).toISOString() : null,
        totals: totals.map((t) => ({ ...t, authorParty: t.authorParty ?? "", value: Number(t.value ?? 0).toFixed(2), paidValue: Number(t.paidValue ?? 0).toFixed(2) })),
      });
    },
  );

  app.get(
    "/public/:slug/municipal-amendments/options",
    { schema: { tags: TAGS, summary: "Valores para os filtros das emendas municipais: anos e vereadores", params: slugParams, response: { 200: publicListOptionsSchema } }, config: { rateLimit: READ_LIMIT } },
    async (request, reply) => {
      const company = await publicCompany(db, request.params.slug);
      const [years, authors] = await Promise.all([
        db.selectDistinct({ year: a.year }).from(a).where(publicOf(company.id)).orderBy(desc(a.year)),
        db.selectDistinct({ name: a.authorName }).from(a).where(publicOf(company.id)).orderBy(asc(a.authorName)),
      ]);
      return sendCacheable(request, reply, { years: years.map((r) => r.year), parliamentarians: authors.map((r) => r.name), grantors: [] });
    },
  );

  app.get(
    "/public/:slug/municipal-amendments/dictionary",
    { schema: { tags: TAGS, summary: "Dicionário de dados das emendas municipais (cada campo das exportações)", params: slugParams, response: { 200: z.array(z.object({ campo: z.string(), descricao: z.string(), tipo: z.string() })) } }, config: { rateLimit: READ_LIMIT } },
    async (request, reply) => {
      await publicCompany(db, request.params.slug);
      return sendCacheable(request, reply, [...MUNICIPAL_AMENDMENT_DICTIONARY]);
    },
  );

  app.get(
    "/public/:slug/municipal-amendments.:format",
    {
      schema: { tags: TAGS, summary: "Exporta as emendas municipais filtradas (csv, xlsx ou json com o dicionário de dados)", params: slugParams.extend({ format: z.string() }), querystring: listQuery },
      config: { rateLimit: EXPORT_LIMIT },
    },
    async (request, reply) => {
      const company = await publicCompany(db, request.params.slug);
      const format = request.params.format;
      if (format !== "csv" && format !== "xlsx" && format !== "json") throw badRequest(`Formato de exportação desconhecido: ${format} (use csv, xlsx ou json).`);
      const read = exportReader(request.query, company.id);
      await read(0, 1);
      reply.header("content-disposition", `attachment; filename="emendas-municipais-${company.slug}.${format}"`);
      reply.header("cache-control", PUBLIC_CACHE_CONTROL);
      if (format === "json") {
        const all: PublicMunicipalAmendment[] = [];
        for (let offset = 0; ; offset += 1000) {
          const page = await read(offset, 1000);
          all.push(...page);
          if (page.length < 1000) break;
        }
        reply.type("application/json; charset=utf-8");
        return reply.send({ municipio: company.name, geradoEm: new Date(app.now()).toISOString(), dicionario: MUNICIPAL_AMENDMENT_DICTIONARY, emendas: all.map((row) => jsonRow(exportColumns, row)) });
      }
      reply.type(CONTENT_TYPES[format]);
      return reply.send(format === "csv" ? csvStream(exportColumns, read) : xlsxStream("Emendas municipais", exportColumns, read));
    },
  );

  app.get(
    "/public/:slug/municipal-amendments/:identifier",
    {
      schema: { tags: TAGS, summary: "Uma emenda municipal: plano de trabalho, conta específica, etapas com datas e documentos, pagamentos e fornecedores", params: slugParams.extend({ identifier: z.string() }), response: { 200: publicMunicipalAmendmentDetailSchema } },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await publicCompany(db, request.params.slug);
      const slug = request.params.identifier;
      if (!IDENTIFIER_SLUG.test(slug)) throw notFound("Emenda não encontrada.");
      const [year, sequence] = slug.split("-").map(Number);
      const [row] = await db.select(detailColumns).from(a).where(and(publicOf(company.id), eq(a.year, year), eq(a.sequence, sequence))).limit(1);
      if (!row) throw notFound("Emenda não encontrada.");
      const { id, ...amendment } = row;
      const [steps, movements] = await Promise.all([
        db
          .select({ stage: municipalAmendmentEvents.stage, occurredOn: municipalAmendmentEvents.occurredOn, personName: municipalAmendmentEvents.personName, documentNumber: municipalAmendmentEvents.documentNumber, reason: municipalAmendmentEvents.reason })
          .from(municipalAmendmentEvents)
          .where(eq(municipalAmendmentEvents.amendmentId, id))
          .orderBy(asc(municipalAmendmentEvents.occurredOn), asc(municipalAmendmentEvents.id)),
        db
          .select({
            kind: municipalAmendmentMovements.kind,
            occurredOn: municipalAmendmentMovements.occurredOn,
            value: municipalAmendmentMovements.value,
            documentNumber: municipalAmendmentMovements.documentNumber,
            supplierName: municipalAmendmentMovements.supplierName,
            supplierDocument: municipalAmendmentMovements.supplierDocument,
            description: municipalAmendmentMovements.description,
          })
          .from(municipalAmendmentMovements)
          .where(eq(municipalAmendmentMovements.amendmentId, id))
          .orderBy(asc(municipalAmendmentMovements.occurredOn), asc(municipalAmendmentMovements.id)),
      ]);
      const publicMovements = movements.map((m) => ({ ...m, supplierDocument: publicDocument(m.supplierDocument) }));
      return sendCacheable(request, reply, { ...wireRow(amendment), slug: identifierSlug(amendment.identifier), steps, movements: publicMovements });
    },
  );
};

export default publicRoutes;
