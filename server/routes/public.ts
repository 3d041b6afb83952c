import { publicLc210Notice } from "../accountability/queries";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, count, desc, eq, isNotNull, max, sql, sum, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { companies, fiscalIndicators, fundTransferPlans, impositionTransfers, municipalAmendments, transactionPayments, voluntaryTransfers } from "../db/schema";
import { MUNICIPAL_AMENDMENT_DICTIONARY } from "../../src/domain/public-municipal-amendments";
import { publicMunicipalAmendments } from "../../src/domain/labels/public-municipal-amendments";
import {
  publicFiscalIndicatorSchema,
  publicImpositionDetailSchema,
  publicImpositionSchema,
  publicDatasetSchema,
  publicListOptionsSchema,
  publicMunicipalitySchema,
  publicPortalSchema,
  publicSummarySchema,
  publicVoluntaryDetailSchema,
  publicVoluntarySchema,
  type PublicFiscalIndicator,
  type PublicMunicipality,
  type PublicRanking,
  type PublicTransferKind,
  type PublicYearTotal,
} from "../../src/domain/transparency";
import { transparencyOf, type Transparency, type TransparencySection } from "../../src/domain/companies";
import { EXPENSE_CATEGORIES, IMPOSITION_NR, IMPOSITION_SITUATIONS, VOLUNTARY_MODALITIES, VOLUNTARY_NR, VOLUNTARY_STATUSES } from "../../src/domain/transfers";
import { transparency as texts } from "../../src/domain/labels/transparency";
import { badRequest, notFound } from "../lib/errors";
import { sendList } from "../resources/paging";
import { parseListQuery, type ListSpec, type RawQuery } from "../resources/list-query";
import { PUBLIC_CACHE_CONTROL, sendCacheable } from "../lib/http-cache";
import { CONTENT_TYPES, csvStream, xlsxStream, type PageReader } from "../lib/export";
import { publicInstrumentLink } from "../transfer-instruments/queries";
import { datasetJsonStream, dictionaryOf, fiscalIndicatorColumns, impositionColumns as impositionDatasetColumns, voluntaryColumns as voluntaryDatasetColumns, type DatasetColumn } from "../open-data/datasets";

/**
 * The public transparency API: read-only, no session, one municipality per slug. Every query
 * selects its public columns by name (never whole rows), keeps to the slug's company and to rows
 * marked public, and every answer is cacheable (ETag + Cache-Control) and rate-limited per client.
 * The municipality's transparency settings decide what exists here: a section it does not publish
 * answers 404 on every endpoint (and leaves the dashboard's totals), and with showPayments off no
 * payment leaves the server. The ETag hashes the body, so a settings change that changes an answer
 * changes its ETag.
 */

const READ_LIMIT = { max: 300, timeWindow: "1 minute" };
const EXPORT_LIMIT = { max: 30, timeWindow: "1 minute" };
const TOP = 10;

const TAGS = ["transparência (pública)"];
const slugParams = z.object({ slug: z.string() });
const transferParams = z.object({ slug: z.string(), nr: z.string() });
const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const summaryQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, "Ano inválido: use quatro dígitos, por exemplo 2025.")
    .optional()
    .or(z.literal("")),
});

const impositionColumns = {
  nrTransfer: impositionTransfers.nrTransfer,
  year: impositionTransfers.year,
  situation: impositionTransfers.situation,
  amendmentNumber: impositionTransfers.amendmentNumber,
  parliamentarianName: impositionTransfers.parliamentarianName,
  programCode: impositionTransfers.programCode,
  programName: impositionTransfers.programName,
  grantorAcronym: impositionTransfers.grantorAcronym,
  grantorName: impositionTransfers.grantorName,
  expenseCategory: impositionTransfers.expenseCategory,
  costingValue: impositionTransfers.costingValue,
  investmentValue: impositionTransfers.investmentValue,
  plannedValue: impositionTransfers.plannedValue,
  committedValue: impositionTransfers.committedValue,
  paidValue: impositionTransfers.paidValue,
  acceptedAt: impositionTransfers.acceptedAt,
  objectName: impositionTransfers.objectName,
  policyAreas: impositionTransfers.policyAreas,
  executionStart: impositionTransfers.executionStart,
  executionEnd: impositionTransfers.executionEnd,
  legislativeNotifiedAt: impositionTransfers.legislativeNotifiedAt,
};

const impositionDetailColumns = {
  ...impositionColumns,
  objectDetail: impositionTransfers.objectDetail,
  impedimentReason: impositionTransfers.impedimentReason,
  bankCode: impositionTransfers.bankCode,
  bankName: impositionTransfers.bankName,
  agency: impositionTransfers.agency,
  account: impositionTransfers.account,
};

const voluntaryColumns = {
  nrTransfer: voluntaryTransfers.nrTransfer,
  proposalNumber: voluntaryTransfers.proposalNumber,
  year: voluntaryTransfers.year,
  modality: voluntaryTransfers.modality,
  status: voluntaryTransfers.status,
  object: voluntaryTransfers.object,
  programCode: voluntaryTransfers.programCode,
  programName: voluntaryTransfers.programName,
  grantorAcronym: voluntaryTransfers.grantorAcronym,
  grantorName: voluntaryTransfers.grantorName,
  amendmentNumber: voluntaryTransfers.amendmentNumber,
  parliamentarianName: voluntaryTransfers.parliamentarianName,
  transferValue: voluntaryTransfers.transferValue,
  counterpartValue: voluntaryTransfers.counterpartValue,
  globalValue: voluntaryTransfers.globalValue,
  committedValue: voluntaryTransfers.committedValue,
  paidValue: voluntaryTransfers.paidValue,
  signedAt: voluntaryTransfers.signedAt,
  publishedAt: voluntaryTransfers.publishedAt,
  validityStart: voluntaryTransfers.validityStart,
  validityEnd: voluntaryTransfers.validityEnd,
  accountabilityDeadline: voluntaryTransfers.accountabilityDeadline,
  contractingSituation: voluntaryTransfers.contractingSituation,
  suspensiveClauseDue: voluntaryTransfers.suspensiveClauseDue,
  processNumber: voluntaryTransfers.processNumber,
};

const paymentColumns = {
  kind: transactionPayments.kind,
  status: transactionPayments.status,
  documentNumber: transactionPayments.documentNumber,
  paymentDate: transactionPayments.paymentDate,
  amount: transactionPayments.amount,
  payeeName: transactionPayments.payeeName,
  payeeDocument: transactionPayments.payeeDocument,
  description: transactionPayments.description,
};

const impositionList: ListSpec = {
  idColumn: impositionTransfers.id,
  fields: {
    nrTransfer: { column: impositionTransfers.nrTransfer, type: "string" },
    year: { column: impositionTransfers.year, type: "integer" },
    situation: { column: impositionTransfers.situation, type: "enum", values: IMPOSITION_SITUATIONS },
    expenseCategory: { column: impositionTransfers.expenseCategory, type: "enum", values: EXPENSE_CATEGORIES },
    amendmentNumber: { column: impositionTransfers.amendmentNumber, type: "string" },
    parliamentarianName: { column: impositionTransfers.parliamentarianName, type: "string" },
    grantorAcronym: { column: impositionTransfers.grantorAcronym, type: "string" },
    objectName: { column: impositionTransfers.objectName, type: "string" },
    plannedValue: { column: impositionTransfers.plannedValue, type: "number" },
    paidValue: { column: impositionTransfers.paidValue, type: "number" },
    acceptedAt: { column: impositionTransfers.acceptedAt, type: "date" },
  },
  search: [impositionTransfers.nrTransfer, impositionTransfers.amendmentNumber, impositionTransfers.parliamentarianName, impositionTransfers.objectName, impositionTransfers.programName],
  defaultSort: [
    { field: "year", order: "desc" },
    { field: "nrTransfer", order: "desc" },
  ],
};

const voluntaryList: ListSpec = {
  idColumn: voluntaryTransfers.id,
  fields: {
    nrTransfer: { column: voluntaryTransfers.nrTransfer, type: "string" },
    year: { column: voluntaryTransfers.year, type: "integer" },
    status: { column: voluntaryTransfers.status, type: "enum", values: VOLUNTARY_STATUSES },
    modality: { column: voluntaryTransfers.modality, type: "enum", values: VOLUNTARY_MODALITIES },
    grantorAcronym: { column: voluntaryTransfers.grantorAcronym, type: "string" },
    parliamentarianName: { column: voluntaryTransfers.parliamentarianName, type: "string" },
    object: { column: voluntaryTransfers.object, type: "string" },
    transferValue: { column: voluntaryTransfers.transferValue, type: "number" },
    paidValue: { column: voluntaryTransfers.paidValue, type: "number" },
    signedAt: { column: voluntaryTransfers.signedAt, type: "date" },
    validityEnd: { column: voluntaryTransfers.validityEnd, type: "date" },
  },
  search: [
    voluntaryTransfers.nrTransfer,
    voluntaryTransfers.proposalNumber,
    voluntaryTransfers.object,
    voluntaryTransfers.programName,
    voluntaryTransfers.grantorName,
    voluntaryTransfers.parliamentarianName,
  ],
  defaultSort: [
    { field: "year", order: "desc" },
    { field: "nrTransfer", order: "desc" },
  ],
};

/** What differs between the imposition and the voluntary routes; the routes themselves are shared. */
interface TransferKindRoutes {
  path: "imposition-transfers" | "voluntary-transfers";
  /** The settings switch that publishes this kind. */
  section: TransparencySection;
  /** pt-BR, for the OpenAPI summaries. */
  what: string;
  exportName: string;
  table: typeof impositionTransfers | typeof voluntaryTransfers;
  spec: ListSpec;
  nrPattern: RegExp;
  listSchema: z.ZodType;
  detailSchema: z.ZodType;
  /** The dataset's fields: CSV/XLSX headers, JSON keys and data dictionary at once. */
  columns(slug: string): DatasetColumn<unknown>[];
  /** The JSON export's key for its rows. */
  jsonKey: string;
  /** The XLSX sheet's name. */
  sheet: string;
  rows(page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }): Promise<unknown[]>;
  /** The public detail matching `where`, with its payments (null when not published); null when there is none. */
  /** One published transfer's page data; slug names the portal (its links). */
  detail(where: SQL | undefined, withPayments: boolean, slug: string): Promise<unknown | null>;
}

interface PublicCompany {
  id: number;
  /** The public answer of GET /public/{slug} but for its update stamp. */
  municipality: Omit<PublicMunicipality, "updatedAt">;
  settings: Transparency;
}

/** A 404 for every endpoint of a section the municipality does not publish (nothing of it leaks). */
function requireSection(company: PublicCompany, section: TransparencySection): void {
  if (!company.settings.sections[section]) throw notFound(texts.sectionHidden.message(texts.sectionNames[section], company.municipality.name));
}

type TransferTable = typeof impositionTransfers | typeof voluntaryTransfers | typeof fundTransferPlans;

/**
 * The kinds the municipality publishes, with the column each calls its planned value. Fund-to-fund
 * transfers have no section of their own: they appear in the dashboard only.
 */
function kindSources(settings: Transparency): { kind: PublicTransferKind; table: TransferTable; planned: PgColumn }[] {
  const all = [
    { kind: "imposition" as const, table: impositionTransfers, planned: impositionTransfers.plannedValue, published: settings.sections.impositionTransfers },
    { kind: "voluntary" as const, table: voluntaryTransfers, planned: voluntaryTransfers.transferValue, published: settings.sections.voluntaryTransfers },
    { kind: "fund" as const, table: fundTransferPlans, planned: fundTransferPlans.totalTransferValue, published: settings.sections.dashboard },
  ];
  return all.filter((source) => source.published).map(({ kind, table, planned }) => ({ kind, table, planned }));
}

const publicRows = (table: TransferTable, companyId: number) => and(eq(table.companyId, companyId), eq(table.isPublic, true));
const cents = (value: string | null | undefined) => Math.round(Number(value ?? 0) * 100);
const fromCents = (value: number) => (value / 100).toFixed(2);

/** Adds up rankings of the three kinds by name (grantor acronym or parliamentarian). */
function mergeRankings(rows: { key: string; name: string; acronym: string | null; count: number; planned: string | null; paid: string | null }[]): PublicRanking[] {
  const merged = new Map<string, { name: string; acronym: string | null; count: number; planned: number; paid: number }>();
  for (const row of rows) {
    const entry = merged.get(row.key) ?? { name: row.name, acronym: row.acronym, count: 0, planned: 0, paid: 0 };
    entry.count += row.count;
    entry.planned += cents(row.planned);
    entry.paid += cents(row.paid);
    merged.set(row.key, entry);
  }
  return [...merged.values()]
    .sort((a, b) => b.planned - a.planned || a.name.localeCompare(b.name, "pt-BR"))
    .slice(0, TOP)
    .map((e) => ({ name: e.name, acronym: e.acronym, count: e.count, plannedValue: fromCents(e.planned), paidValue: fromCents(e.paid) }));
}


const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** The slug's municipality when its portal is open; a 404 otherwise (never saying which). */
  async function loadCompany(slug: string): Promise<PublicCompany> {
    const [row] = await db
      .select({
        id: companies.id,
        slug: companies.slug,
        name: companies.name,
        legalName: companies.legalName,
        cnpj: companies.cnpj,
        uf: companies.uf,
        ibgeCode: companies.ibgeCode,
        logoPath: companies.logoPath,
        email: companies.email,
        phone: companies.phone,
        transparency: companies.transparency,
      })
      .from(companies)
      .where(and(eq(companies.slug, slug.toLowerCase()), eq(companies.publicPortalEnabled, true)))
      .limit(1);
    if (!row) throw notFound("Município não encontrado.");
    const { id, logoPath, transparency, ...rest } = row;
    const settings = transparencyOf(transparency);
    return {
      id,
      settings,
      municipality: {
        ...rest,
        logoUrl: logoPath ? `/api/files/${logoPath}` : null,
        // Only these three settings are public (never the raw stored object).
        sections: { ...settings.sections },
        showPayments: settings.showPayments,
        welcomeText: settings.welcomeText,
      },
    };
  }

  /** The slug's municipality when it publishes this section; a 404 with a pt-BR message otherwise. */
  async function loadSection(slug: string, section: TransparencySection): Promise<PublicCompany> {
    const company = await loadCompany(slug);
    requireSection(company, section);
    return company;
  }

  /**
   * "Dados atualizados em": the newest change among what the company publishes: the transfers of its
   * published sections, their payments (when shown) and its indicators (when published).
   */
  async function lastUpdate({ id: companyId, settings }: PublicCompany): Promise<string | null> {
    const none = Promise.resolve([{ at: null }]);
    const newest = (table: TransferTable, published: boolean) =>
      published ? db.select({ at: max(table.updatedAt) }).from(table).where(publicRows(table, companyId)) : none;
    const { sections } = settings;
    // A payment counts when its transfer is public and the transfer's section is published.
    const paymentOfPublished = sql`coalesce(${sections.impositionTransfers ? impositionTransfers.isPublic : sql`null`}, ${sections.voluntaryTransfers ? voluntaryTransfers.isPublic : sql`null`})`;
    const [impo, vol, fund, payments, indicators] = await Promise.all([
      newest(impositionTransfers, sections.impositionTransfers),
      newest(voluntaryTransfers, sections.voluntaryTransfers),
      newest(fundTransferPlans, sections.dashboard),
      settings.showPayments
        ? db
            .select({ at: max(transactionPayments.updatedAt) })
            .from(transactionPayments)
            .leftJoin(impositionTransfers, eq(impositionTransfers.id, transactionPayments.impositionTransferId))
            .leftJoin(voluntaryTransfers, eq(voluntaryTransfers.id, transactionPayments.voluntaryTransferId))
            .where(and(eq(transactionPayments.companyId, companyId), paymentOfPublished))
        : none,
      sections.fiscalIndicators ? db.select({ at: max(fiscalIndicators.updatedAt) }).from(fiscalIndicators).where(eq(fiscalIndicators.companyId, companyId)) : none,
    ]);
    const times = [impo, vol, fund, payments, indicators].map(([r]: { at: Date | string | null }[]) => (r?.at ? new Date(r.at).getTime() : 0));
    const latest = Math.max(...times);
    return latest > 0 ? new Date(latest).toISOString() : null;
  }

  async function payments(column: AnyColumn, transferId: number) {
    return db.select(paymentColumns).from(transactionPayments).where(eq(column, transferId)).orderBy(asc(transactionPayments.paymentDate), asc(transactionPayments.id));
  }

  /** The whole filtered, sorted set of a list, read page by page for an export (paging keys are ignored). */
  function exportReader(raw: RawQuery, kind: TransferKindRoutes, companyId: number): PageReader<unknown> {
    const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => key !== "_start" && key !== "_end"));
    const query = parseListQuery(rest, kind.spec);
    const where = and(publicRows(kind.table, companyId), query.where);
    return (offset, limit) => kind.rows({ ...query, where, offset, limit });
  }

  function listOptions(table: typeof impositionTransfers | typeof voluntaryTransfers, companyId: number) {
    const scope = publicRows(table, companyId);
    return Promise.all([
      publicationCount(table, companyId),
      db.selectDistinct({ year: table.year }).from(table).where(scope).orderBy(desc(table.year)),
      db
        .selectDistinct({ name: table.parliamentarianName })
        .from(table)
        .where(and(scope, isNotNull(table.parliamentarianName)))
        .orderBy(asc(table.parliamentarianName)),
      db
        .select({ acronym: table.grantorAcronym, name: max(table.grantorName) })
        .from(table)
        .where(and(scope, isNotNull(table.grantorAcronym)))
        .groupBy(table.grantorAcronym)
        .orderBy(asc(table.grantorAcronym)),
    ]).then(([unpublished, years, parliamentarians, grantors]) => ({
      unpublished,
      years: years.map((r) => r.year),
      parliamentarians: parliamentarians.map((r) => r.name).filter((n): n is string => n !== null),
      grantors: grantors.filter((g): g is { acronym: string; name: string | null } => g.acronym !== null),
    }));
  }

  /** How many of the municipality's records of a kind are not public, of how many (the site says so where it applies). */
  async function publicationCount(table: TransferTable, companyId: number): Promise<{ hidden: number; total: number }> {
    const [row] = await db
      .select({ total: count(), hidden: sql<number>`count(*) filter (where not ${table.isPublic})`.mapWith(Number) })
      .from(table)
      .where(eq(table.companyId, companyId));
    return { hidden: row?.hidden ?? 0, total: row?.total ?? 0 };
  }

  const cacheable = sendCacheable;

  app.get(
    "/public/portals",
    {
      schema: { tags: TAGS, summary: "Os portais da transparência publicados: endereço, nome e UF de cada município", response: { 200: z.array(publicPortalSchema) } },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const rows = await db
        .select({ slug: companies.slug, name: companies.name, uf: companies.uf })
        .from(companies)
        .where(eq(companies.publicPortalEnabled, true))
        .orderBy(asc(companies.name));
      return cacheable(request, reply, rows);
    },
  );

  app.get(
    "/public/:slug/datasets",
    {
      schema: {
        tags: TAGS,
        summary: "Dados abertos: cada conjunto de dados publicado, com formatos, data de atualização, registros publicados e não publicados e o dicionário de dados",
        params: slugParams,
        response: { 200: z.array(publicDatasetSchema) },
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await loadCompany(request.params.slug);
      const { slug } = company.municipality;
      const newest = async (table: TransferTable) =>
        (await db.select({ at: max(table.updatedAt) }).from(table).where(publicRows(table, company.id)))[0]?.at ?? null;
      const datasets = await Promise.all(
        kinds
          .filter((kind) => company.settings.sections[kind.section])
          .map(async (kind) => {
            const [counts, at] = await Promise.all([publicationCount(kind.table, company.id), newest(kind.table)]);
            const base = `/api/public/${slug}/${kind.path}`;
            return {
              id: kind.exportName,
              titulo: texts.sectionNames[kind.section],
              descricao: kind.what,
              registros: counts.total - counts.hidden,
              naoPublicados: counts.hidden,
              atualizadoEm: at ? new Date(at).toISOString() : null,
              formatos: (["csv", "xlsx", "json"] as const).map((formato) => ({ formato, url: `${base}.${formato}` })),
              dicionario: dictionaryOf(kind.columns(slug)),
            };
          }),
      );
      // Every open portal publishes its municipal emendas (ADPF 854): that dataset is always there.
      const [amendments] = await db
        .select({ total: count(), hidden: sql<number>`count(*) filter (where not ${municipalAmendments.isPublic})`.mapWith(Number), at: sql<string | null>`max(${municipalAmendments.updatedAt}) filter (where ${municipalAmendments.isPublic})` })
        .from(municipalAmendments)
        .where(eq(municipalAmendments.companyId, company.id));
      const amendmentsBase = `/api/public/${slug}/municipal-amendments`;
      datasets.push({
        id: "emendas-municipais",
        titulo: publicMunicipalAmendments.title,
        descricao: "emendas dos vereadores ao orçamento municipal (ADPF 854)",
        registros: amendments.total - amendments.hidden,
        naoPublicados: amendments.hidden,
        atualizadoEm: amendments.at ? new Date(amendments.at).toISOString() : null,
        formatos: (["csv", "xlsx", "json"] as const).map((formato) => ({ formato, url: `${amendmentsBase}.${formato}` })),
        dicionario: [...MUNICIPAL_AMENDMENT_DICTIONARY],
      });
      // The fiscal indicators (the "Indicadores fiscais" page), when the portal publishes that section.
      if (company.settings.sections.fiscalIndicators) {
        const [fiscal] = await db.select({ total: count(), at: max(fiscalIndicators.updatedAt) }).from(fiscalIndicators).where(eq(fiscalIndicators.companyId, company.id));
        datasets.push({
          id: FISCAL_DATASET,
          titulo: texts.fiscal.title,
          descricao: "indicadores fiscais do município (RREO e RGF): receita corrente líquida, despesa com pessoal, dívida consolidada, educação e saúde, com os limites legais",
          registros: fiscal.total,
          naoPublicados: 0,
          atualizadoEm: fiscal.at ? new Date(fiscal.at).toISOString() : null,
          formatos: (["csv", "xlsx", "json"] as const).map((formato) => ({ formato, url: `/api/public/${slug}/fiscal-indicators.${formato}` })),
          dicionario: dictionaryOf(fiscalIndicatorColumns()),
        });
      }
      return cacheable(request, reply, datasets);
    },
  );

  app.get(
    "/public/:slug",
    {
      schema: { tags: TAGS, summary: "O município: nome, brasão, UF e a data da última atualização dos dados", params: slugParams, response: { 200: publicMunicipalitySchema } },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await loadCompany(request.params.slug);
      return cacheable(request, reply, { ...company.municipality, updatedAt: await lastUpdate(company) });
    },
  );

  app.get(
    "/public/:slug/summary",
    {
      schema: {
        tags: TAGS,
        summary: "Painel: totais por tipo e ano, principais concedentes e parlamentares (year filtra os rankings)",
        params: slugParams,
        querystring: summaryQuery,
        response: { 200: publicSummarySchema },
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await loadSection(request.params.slug, "dashboard");
      const year = request.query.year ? Number(request.query.year) : null;
      // A hidden section's transfers stay out of the totals and rankings too.
      const sources = kindSources(company.settings);
      const inYear = (table: TransferTable): SQL | undefined => and(publicRows(table, company.id), year === null ? undefined : eq(table.year, year));

      const byYear = await Promise.all(
        sources.map(({ kind, table, planned }) =>
          db
            .select({ year: table.year, count: count(), planned: sum(planned), paid: sum(table.paidValue) })
            .from(table)
            .where(publicRows(table, company.id))
            .groupBy(table.year)
            .then((rows) => rows.map((r): PublicYearTotal => ({ kind, year: r.year, count: r.count, plannedValue: fromCents(cents(r.planned)), paidValue: fromCents(cents(r.paid)) }))),
        ),
      );
      const grantors = await Promise.all(
        sources.map(({ table, planned }) =>
          db
            .select({ key: table.grantorAcronym, name: max(table.grantorName), count: count(), planned: sum(planned), paid: sum(table.paidValue) })
            .from(table)
            .where(and(inYear(table), isNotNull(table.grantorAcronym)))
            .groupBy(table.grantorAcronym),
        ),
      );
      const parliamentarians = await Promise.all(
        sources.map(({ table, planned }) =>
          db
            .select({ key: table.parliamentarianName, count: count(), planned: sum(planned), paid: sum(table.paidValue) })
            .from(table)
            .where(and(inYear(table), isNotNull(table.parliamentarianName)))
            .groupBy(table.parliamentarianName),
        ),
      );
      const totals = byYear.flat().sort((a, b) => b.year - a.year || sources.findIndex((s) => s.kind === a.kind) - sources.findIndex((s) => s.kind === b.kind));
      return cacheable(request, reply, {
        year,
        years: [...new Set(totals.map((t) => t.year))],
        byYear: totals,
        topGrantors: mergeRankings(grantors.flat().map((g) => ({ ...g, key: g.key ?? "", acronym: g.key, name: g.name ?? g.key ?? "" }))),
        topParliamentarians: mergeRankings(parliamentarians.flat().map((p) => ({ ...p, key: p.key ?? "", name: p.key ?? "", acronym: null }))),
      });
    },
  );

  app.get(
    "/public/:slug/fiscal-indicators",
    {
      schema: { tags: TAGS, summary: "Indicadores fiscais por ano, com o limite legal", params: slugParams, response: { 200: z.array(publicFiscalIndicatorSchema) } },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const company = await loadSection(request.params.slug, "fiscalIndicators");
      const rows = await db
        .select({ year: fiscalIndicators.year, indicator: fiscalIndicators.indicator, value: fiscalIndicators.value, limitValue: fiscalIndicators.limitValue })
        .from(fiscalIndicators)
        .where(eq(fiscalIndicators.companyId, company.id))
        .orderBy(desc(fiscalIndicators.year), asc(fiscalIndicators.indicator));
      return cacheable(request, reply, rows);
    },
  );

  app.get(
    "/public/:slug/fiscal-indicators.:format",
    {
      schema: {
        tags: TAGS,
        summary: "Exporta os indicadores fiscais (csv, xlsx ou json com o dicionário de dados; os mesmos campos em pt-BR)",
        params: slugParams.extend({ format: z.string() }),
      },
      config: { rateLimit: EXPORT_LIMIT },
    },
    async (request, reply) => {
      const company = await loadSection(request.params.slug, "fiscalIndicators");
      const format = exportFormat(request.params.format);
      const columns = fiscalIndicatorColumns();
      const read: PageReader<PublicFiscalIndicator> = (offset, limit) =>
        db
          .select({ year: fiscalIndicators.year, indicator: fiscalIndicators.indicator, value: fiscalIndicators.value, limitValue: fiscalIndicators.limitValue })
          .from(fiscalIndicators)
          .where(eq(fiscalIndicators.companyId, company.id))
          .orderBy(desc(fiscalIndicators.year), asc(fiscalIndicators.indicator))
          .limit(limit)
          .offset(offset);
      const { slug, name } = company.municipality;
      reply.header("content-disposition", `attachment; filename="${FISCAL_DATASET}-${slug}.${format}"`);
      reply.header("cache-control", PUBLIC_CACHE_CONTROL);
      if (format === "json") {
        reply.type("application/json; charset=utf-8");
        return reply.send(datasetJsonStream({ municipio: name, geradoEm: new Date(app.now()).toISOString() }, "indicadores_fiscais", columns, read));
      }
      reply.type(CONTENT_TYPES[format]);
      return reply.send(format === "csv" ? csvStream(columns, read) : xlsxStream(texts.fiscal.title, columns, read));
    },
  );

  // ---------- the two kinds of transfers: list, filter options, export and detail ----------

  type Page = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

  const kinds: TransferKindRoutes[] = [
    {
      path: "imposition-transfers",
      section: "impositionTransfers",
      what: "transferências especiais",
      exportName: "transferencias-especiais",
      table: impositionTransfers,
      spec: impositionList,
      nrPattern: IMPOSITION_NR,
      listSchema: publicImpositionSchema,
      detailSchema: publicImpositionDetailSchema,
      columns: impositionDatasetColumns as (slug: string) => DatasetColumn<unknown>[],
      jsonKey: "transferencias_especiais",
      sheet: "Transferências especiais",
      rows: (q: Page) => db.select(impositionColumns).from(impositionTransfers).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
      detail: async (where: SQL | undefined, withPayments: boolean, slug: string) => {
        const [row] = await db.select({ id: impositionTransfers.id, ...impositionDetailColumns }).from(impositionTransfers).where(where).limit(1);
        if (!row) return null;
        const { id, ...transfer } = row;
        return {
          ...transfer,
          payments: withPayments ? await payments(transactionPayments.impositionTransferId, id) : null,
          lc210Notice: await publicLc210Notice(db, id),
          instrument: await publicInstrumentLink(db, "imposition-transfers", { id, nrTransfer: transfer.nrTransfer }, slug),
        };
      },
    },
    {
      path: "voluntary-transfers",
      section: "voluntaryTransfers",
      what: "transferências voluntárias (convênios e contratos de repasse)",
      exportName: "transferencias-voluntarias",
      table: voluntaryTransfers,
      spec: voluntaryList,
      nrPattern: VOLUNTARY_NR,
      listSchema: publicVoluntarySchema,
      detailSchema: publicVoluntaryDetailSchema,
      columns: voluntaryDatasetColumns as (slug: string) => DatasetColumn<unknown>[],
      jsonKey: "transferencias_voluntarias",
      sheet: "Transferências voluntárias",
      rows: (q: Page) => db.select(voluntaryColumns).from(voluntaryTransfers).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
      detail: async (where: SQL | undefined, withPayments: boolean, slug: string) => {
        const [row] = await db.select({ id: voluntaryTransfers.id, ...voluntaryColumns }).from(voluntaryTransfers).where(where).limit(1);
        if (!row) return null;
        const { id, ...transfer } = row;
        return {
          ...transfer,
          payments: withPayments ? await payments(transactionPayments.voluntaryTransferId, id) : null,
          instrument: await publicInstrumentLink(db, "voluntary-transfers", { id, nrTransfer: transfer.nrTransfer }, slug),
        };
      },
    },
  ];

  for (const kind of kinds) {
    const { table, spec } = kind;

    app.get(
      `/public/:slug/${kind.path}`,
      {
        schema: { tags: TAGS, summary: `Lista paginada de ${kind.what} (filtros e ordenação no contrato simple-rest)`, params: slugParams, querystring: listQuery, response: { 200: z.array(kind.listSchema) } },
        config: { rateLimit: READ_LIMIT },
      },
      async (request, reply) => {
        const company = await loadSection(request.params.slug, kind.section);
        const rows = await sendList(reply, request.query, spec, publicRows(table, company.id), {
          rows: kind.rows,
          count: async (where) => (await db.select({ n: count() }).from(table).where(where))[0].n,
        });
        return cacheable(request, reply, rows);
      },
    );

    app.get(
      `/public/:slug/${kind.path}/options`,
      { schema: { tags: TAGS, summary: `Valores para os filtros da lista de ${kind.what}`, params: slugParams, response: { 200: publicListOptionsSchema } }, config: { rateLimit: READ_LIMIT } },
      async (request, reply) => {
        const company = await loadSection(request.params.slug, kind.section);
        return cacheable(request, reply, await listOptions(table, company.id));
      },
    );

    app.get(
      `/public/:slug/${kind.path}.:format`,
      {
        schema: {
          tags: TAGS,
          summary: `Exporta ${kind.what} filtradas (csv, xlsx ou json com o dicionário de dados; os mesmos campos em pt-BR), o conjunto inteiro`,
          params: slugParams.extend({ format: z.string() }),
          querystring: listQuery,
        },
        config: { rateLimit: EXPORT_LIMIT },
      },
      async (request, reply) => {
        const company = await loadSection(request.params.slug, kind.section);
        const format = exportFormat(request.params.format);
        const read = exportReader(request.query, kind, company.id);
        const { slug, name } = company.municipality;
        const columns = kind.columns(slug);
        reply.header("content-disposition", `attachment; filename="${kind.exportName}-${slug}.${format}"`);
        reply.header("cache-control", PUBLIC_CACHE_CONTROL);
        if (format === "json") {
          reply.type("application/json; charset=utf-8");
          return reply.send(datasetJsonStream({ municipio: name, geradoEm: new Date(app.now()).toISOString() }, kind.jsonKey, columns, read));
        }
        reply.type(CONTENT_TYPES[format]);
        return reply.send(format === "csv" ? csvStream(columns, read) : xlsxStream(kind.sheet, columns, read));
      },
    );

    app.get(
      `/public/:slug/${kind.path}/dictionary`,
      {
        schema: { tags: TAGS, summary: `Dicionário de dados de ${kind.what} (cada campo das exportações CSV, XLSX e JSON)`, params: slugParams, response: { 200: z.array(dictionaryEntrySchema) } },
        config: { rateLimit: READ_LIMIT },
      },
      async (request, reply) => {
        const company = await loadSection(request.params.slug, kind.section);
        return cacheable(request, reply, dictionaryOf(kind.columns(company.municipality.slug)));
      },
    );

    app.get(
      `/public/:slug/${kind.path}/:nr`,
      {
        schema: { tags: TAGS, summary: `Uma das ${kind.what}, com o histórico de pagamentos (null quando o município não publica pagamentos)`, params: transferParams, response: { 200: kind.detailSchema } },
        config: { rateLimit: READ_LIMIT },
      },
      async (request, reply) => {
        const company = await loadSection(request.params.slug, kind.section);
        const nr = request.params.nr;
        const where = and(publicRows(table, company.id), eq(table.nrTransfer, nr));
        const detail = kind.nrPattern.test(nr) ? await kind.detail(where, company.settings.showPayments, company.municipality.slug) : null;
        if (!detail) throw notFound("Transferência não encontrada.");
        return cacheable(request, reply, detail);
      },
    );
  }
};

function exportFormat(format: string): "csv" | "xlsx" | "json" {
  if (format !== "csv" && format !== "xlsx" && format !== "json") throw badRequest(`Formato de exportação desconhecido: ${format} (use csv, xlsx ou json).`);
  return format;
}

/** The fiscal indicators' dataset: its id on the open-data page and its files' name. */
const FISCAL_DATASET = "indicadores-fiscais";

const dictionaryEntrySchema = z.object({ campo: z.string(), descricao: z.string(), tipo: z.string() });

export default publicRoutes;
