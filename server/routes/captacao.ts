import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq, gte, inArray, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import {
  AMENDMENTS_OVER_TRANSFER,
  CLOSING_SOON_DAYS,
  WINDOW_FIELDS,
  WINDOW_ORDER_MESSAGE,
  amendmentsExceedTransfer,
  canMoveProposal,
  grantorCreateSchema,
  grantorRowSchema,
  openProgramsAnswerSchema,
  openProgramsQuery,
  openWindows,
  programCreateSchema,
  programRowSchema,
  programUpdateSchema,
  proposalCreateSchema,
  proposalRowSchema,
  proposalUpdateSchema,
  type OpenProgram,
  type OpenProgramsQuery,
  type ProposalAmendment,
  type ProposalHistoryEntry,
  type ProposalStatus,
} from "../../src/domain/captacao";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { codeLabels } from "../../src/domain/labels/codes";
import { requireUser, resolveCompanyId } from "../auth/guards";
import { companies, grantors, programOpenings, programs, proposals } from "../db/schema";
import { notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineResource, resourcesPlugin, type StoredRow, type WriteContext } from "../resources/define-resource";
import type { Db } from "../db/client";

/**
 * Captação (issue 14): the national catalogue of grantors and programs (every signed-in user reads it,
 * ADMIN writes it), the municipality's proposals (ADMIN and MANAGER write, USER reads) and the radar
 * (GET /api/programs/open): the programs the active municipality can apply to today.
 */

const catalogueAccess = { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" } as const;

registerConstraintMessage("grantors_siafi_code_key", "Já existe um órgão com este código SIAFI.", "siafiCode");
registerConstraintMessage("grantors_parent_id_grantors_id_fk", "Este órgão tem órgãos subordinados: exclua ou mova-os antes.");
registerConstraintMessage("programs_grantor_id_grantors_id_fk", "Este órgão concede programas do catálogo: troque o concedente deles antes de excluí-lo.");
registerConstraintMessage("programs_code_key", "Já existe um programa com este código.", "code");
for (const kind of Object.keys(WINDOW_FIELDS)) registerConstraintMessage(`programs_${kind}_order`, WINDOW_ORDER_MESSAGE);
registerConstraintMessage("proposals_company_nr_entity_key", "Já existe uma proposta com este número para este proponente.", "nrProposal");
registerConstraintMessage("proposals_validity_order", "O fim da vigência não pode ser antes do início.", "validityEnd");

const refuse = (field: string, message: string) => unprocessable(message, { [field]: message });

/** The grantor named by `id` exists (checked in the write's transaction). */
async function grantorExists(tx: Db, id: number): Promise<{ id: number; parentId: number | null } | undefined> {
  const [row] = await tx.select({ id: grantors.id, parentId: grantors.parentId }).from(grantors).where(eq(grantors.id, id));
  return row;
}

/** A grantor's parent must exist and must not be the grantor itself or one of its subordinates. */
async function checkParent(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const parentId = values.parentId;
  if (typeof parentId !== "number") return values;
  const message = "Escolha um órgão superior válido.";
  let current = await grantorExists(ctx.tx, parentId);
  if (!current) throw refuse("parentId", message);
  // Walk up from the new parent: meeting the grantor itself means a cycle.
  for (let depth = 0; current && depth < 20; depth++) {
    if (existing && current.id === existing.id) throw refuse("parentId", "Um órgão não pode ficar subordinado a si mesmo nem a um dos seus subordinados.");
    current = current.parentId === null ? undefined : await grantorExists(ctx.tx, current.parentId);
  }
  return values;
}

export const grantorResource = defineResource({
  name: "grantors",
  tag: "captação",
  table: grantors,
  scope: { kind: "shared" },
  access: catalogueAccess,
  row: grantorRowSchema,
  create: grantorCreateSchema,
  notFound: "Órgão concedente não encontrado.",
  prepare: checkParent,
  list: { search: [grantors.acronym, grantors.name, grantors.siafiCode], defaultSort: [{ field: "name", order: "asc" }], maxPageSize: 1000 },
});

/** A program's grantor must exist; its windows (as stored after the change) must end after they start. */
async function checkProgram(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  if (typeof values.grantorId === "number" && !(await grantorExists(ctx.tx, values.grantorId))) throw refuse("grantorId", "Escolha um órgão concedente válido.");
  const merged = { ...existing, ...values };
  for (const [start, end] of Object.values(WINDOW_FIELDS)) {
    const a = merged[start];
    const b = merged[end];
    if (typeof a === "string" && typeof b === "string" && b < a) throw refuse(end, WINDOW_ORDER_MESSAGE);
    if ((a == null) !== (b == null)) throw refuse(a == null ? start : end, "Informe o início e o fim do período de recebimento, ou nenhum dos dois.");
  }
  return values;
}

export const programResource = defineResource({
  name: "programs",
  tag: "captação",
  table: programs,
  scope: { kind: "shared" },
  access: catalogueAccess,
  row: programRowSchema,
  create: programCreateSchema,
  update: programUpdateSchema,
  notFound: "Programa não encontrado.",
  prepare: checkProgram,
  list: {
    search: [programs.code, programs.name, programs.objective],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "code", order: "asc" },
    ],
  },
  options: ["policyArea"],
});

/** Money as cents (numeric(15,2) strings fit in a double's exact range). */
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/**
 * A proposal's rules, inside its write: the program and grantor exist (the grantor defaults to the
 * program's), the global value is transfer plus counterpart, a status change follows the SICONV flow
 * and is recorded in the history with who made it.
 */
async function prepareProposal(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const next: Record<string, unknown> = { ...values };
  if (typeof values.programId === "number") {
    const [program] = await ctx.tx.select({ grantorId: programs.grantorId }).from(programs).where(eq(programs.id, values.programId));
    if (!program) throw refuse("programId", "Escolha um programa válido.");
    if (values.grantorId == null && (existing?.grantorId ?? null) === null) next.grantorId = program.grantorId;
  }
  if (typeof values.grantorId === "number" && !(await grantorExists(ctx.tx, values.grantorId))) throw refuse("grantorId", "Escolha um órgão concedente válido.");

  if ("transferValue" in values || "counterpartValue" in values || !existing) {
    const total = cents(values.transferValue ?? existing?.transferValue) + cents(values.counterpartValue ?? existing?.counterpartValue);
    next.globalValue = (total / 100).toFixed(2);
  }

  // The emendas' sum against the transfer value as stored after the change (either may change alone).
  if ("amendments" in values || "transferValue" in values) {
    const amendments = (values.amendments ?? existing?.amendments ?? []) as ProposalAmendment[];
    if (amendmentsExceedTransfer(amendments, (values.transferValue ?? existing?.transferValue) as string)) throw refuse("amendments", AMENDMENTS_OVER_TRANSFER);
  }

  const from = existing?.status as ProposalStatus | undefined;
  const to = (values.status ?? from) as ProposalStatus;
  if (from && !canMoveProposal(from, to)) throw refuse("status", `A proposta não pode passar de "${STATUS_TEXT[from]}" para "${STATUS_TEXT[to]}".`);
  if (!from || from !== to) {
    const entry: ProposalHistoryEntry = { status: to, at: ctx.now.toISOString(), by: ctx.user.name ?? ctx.user.email ?? null };
    next.statusHistory = [...((existing?.statusHistory as ProposalHistoryEntry[] | undefined) ?? []), entry];
  }
  return next;
}

/** The status names in refusal messages: the catalogue's, as the screens and the reports show them. */
const STATUS_TEXT = codeLabels.proposalStatuses;

export const proposalResource = defineResource({
  name: "proposals",
  tag: "captação",
  table: proposals,
  scope: { kind: "tenant" },
  access: { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" },
  row: proposalRowSchema,
  create: proposalCreateSchema,
  update: proposalUpdateSchema,
  notFound: "Proposta não encontrada.",
  prepare: prepareProposal,
  list: {
    search: [proposals.nrProposal, proposals.object, proposals.proponentName],
    defaultSort: [
      { field: "proposalDate", order: "desc" },
      { field: "nrProposal", order: "desc" },
    ],
  },
  totals: { globalValue: proposals.globalValue, transferValue: proposals.transferValue },
});

/** A value of the radar's SQL: known now, or a placeholder filled when a prepared statement runs. */
type Param<T> = T | Placeholder;

/** The radar's filters as its SQL takes them (the money bounds as numeric text). */
interface RadarFilters {
  grantorId?: Param<number>;
  policyArea?: Param<string>;
  modality?: Param<string>;
  minValue?: Param<string>;
  maxValue?: Param<string>;
}

/**
 * The radar in SQL: the programs open to a municipality today (the rule of `openWindows`), one row per
 * program with the days to its nearest closing open window. It reads the narrow `program_openings`
 * (a UF's windows, kept by triggers) and asks the GIN index on `beneficiary_cnpjs` once for the
 * programs that name the municipality, so no program's wide row is read to rank. `today` is São
 * Paulo's calendar day.
 */
export function openProgramsSql(db: Db, municipality: { uf: Param<string>; cnpj: Param<string> }, today: Param<string>, filters: RadarFilters = {}) {
  const o = programOpenings;
  const naming = db.select({ id: programs.id }).from(programs).where(sql`${programs.beneficiaryCnpjs} @> array[${municipality.cnpj}]::varchar[]`);
  return db
    .select({ programId: o.programId, code: o.code, daysLeft: sql<number>`min(${o.ends} - ${today}::date)`.mapWith(Number).as("days_left") })
    .from(o)
    .where(and(eq(o.uf, municipality.uf), lte(o.starts, sql`${today}::date`), gte(o.ends, sql`${today}::date`), or(eq(o.namedOnly, false), inArray(o.programId, naming)), radarFilters(db, filters)))
    .groupBy(o.programId, o.code);
}

/** The radar's filters (grantor: the program's own or its superior body's). */
function radarFilters(db: Db, filters: RadarFilters): SQL | undefined {
  const o = programOpenings;
  const { grantorId, policyArea, modality, minValue, maxValue } = filters;
  return and(
    grantorId !== undefined ? or(eq(o.grantorId, grantorId), inArray(o.grantorId, db.select({ id: grantors.id }).from(grantors).where(eq(grantors.parentId, grantorId)))) : undefined,
    policyArea !== undefined ? eq(o.policyArea, policyArea) : undefined,
    modality !== undefined ? sql`${o.modality} = ${modality}::program_modality` : undefined,
    minValue !== undefined ? sql`${o.globalValue} >= ${minValue}::numeric` : undefined,
    maxValue !== undefined ? sql`${o.globalValue} <= ${maxValue}::numeric` : undefined,
  );
}

const RADAR_FILTERS = ["grantorId", "policyArea", "modality", "minValue", "maxValue"] as const;

/**
 * One page of the radar as a prepared statement, one per set of filters in use: the query is built
 * and planned once per connection instead of on every request (the radar is asked on every dashboard
 * and programs screen). The ranking reads only the narrow openings; the page's rows then bring their
 * programs' columns.
 */
function prepareRadarPage(db: Db, used: readonly (typeof RADAR_FILTERS)[number][], name: string) {
  const p = sql.placeholder;
  const filters = Object.fromEntries(used.map((key) => [key, p(key)])) as RadarFilters;
  const open = openProgramsSql(db, { uf: p("uf"), cnpj: p("cnpj") }, p("today"), filters).as("open");
  const ranked = db.$with("ranked").as(
    db
      .select({ id: open.programId, code: open.code, daysLeft: open.daysLeft, total: sql<number>`count(*) over ()`.as("total") })
      .from(open)
      .orderBy(open.daysLeft, open.code)
      .offset(p("offset"))
      .limit(p("limit")),
  );
  return db
    .with(ranked)
    .select({
      id: programs.id,
      code: programs.code,
      name: programs.name,
      year: programs.year,
      modality: programs.modality,
      policyArea: programs.policyArea,
      globalValue: programs.globalValue,
      grantorId: programs.grantorId,
      grantorAcronym: grantors.acronym,
      grantorName: grantors.name,
      situation: programs.situation,
      // Whether the municipality is named, not the whole list (national programs name thousands).
      named: sql<boolean>`${p("cnpj")}::varchar = any(${programs.beneficiaryCnpjs})`,
      voluntaryStart: programs.voluntaryStart,
      voluntaryEnd: programs.voluntaryEnd,
      amendmentStart: programs.amendmentStart,
      amendmentEnd: programs.amendmentEnd,
      specificStart: programs.specificStart,
      specificEnd: programs.specificEnd,
      daysLeft: sql<number>`${ranked.daysLeft}`.mapWith(Number),
      total: sql<number>`${ranked.total}`.mapWith(Number),
    })
    .from(ranked)
    .innerJoin(programs, eq(programs.id, ranked.id))
    .innerJoin(grantors, eq(grantors.id, programs.grantorId))
    .orderBy(ranked.daysLeft, ranked.code)
    .prepare(name);
}

type RadarPage = ReturnType<typeof prepareRadarPage>;
const radarPages = new WeakMap<Db, Map<string, RadarPage>>();

/** The prepared page for the filters in use on this database (made on first use). */
function radarPage(db: Db, used: readonly (typeof RADAR_FILTERS)[number][]): RadarPage {
  const name = `radar_page_${used.join("_") || "all"}`;
  let prepared = radarPages.get(db);
  if (!prepared) radarPages.set(db, (prepared = new Map()));
  let page = prepared.get(name);
  if (!page) prepared.set(name, (page = prepareRadarPage(db, used, name)));
  return page;
}

/** One page of the programs open to the municipality, nearest closing first, with how many are open in all. */
async function openProgramsPage(db: Db, municipality: { uf: string; cnpj: string }, today: string, query: OpenProgramsQuery) {
  const values = {
    grantorId: query.grantorId,
    policyArea: query.policyArea || undefined,
    modality: query.modality || undefined,
    minValue: query.minValue?.toFixed(2),
    maxValue: query.maxValue?.toFixed(2),
  };
  const used = RADAR_FILTERS.filter((key) => values[key] !== undefined);
  const statement = radarPage(db, used);
  const page = (offset: number, limit: number) => statement.execute({ ...values, uf: municipality.uf, cnpj: municipality.cnpj, today, offset, limit });
  const rows = await page(query._start, query._end - query._start);
  // The first page carries the nearest window; a later page (or one past the end) asks for it apart.
  const [first] = query._start === 0 ? rows : await page(0, 1);
  return { rows, first, total: rows[0]?.total ?? first?.total ?? 0 };
}

const radar: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/programs/open",
    {
      schema: {
        tags: ["captação"],
        summary: "Radar: programas abertos hoje ao município ativo, pelo prazo que resta (dias no fuso de São Paulo)",
        querystring: openProgramsQuery,
        response: { 200: openProgramsAnswerSchema },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const companyId = resolveCompanyId(request);
      const today = todayInSaoPaulo(app.now());
      // An ADMIN across every company: the radar answers for one municipality, so it is empty until one is chosen.
      if (companyId === null) return { municipality: null, today, total: 0, nearest: null, rows: [] };
      // A MANAGER's or USER's own company came with the session; an ADMIN's chosen client is read.
      const own = request.user?.company?.id === companyId ? request.user.company : undefined;
      const [company] = own ? [own] : await app.db.select({ name: companies.name, uf: companies.uf, cnpj: companies.cnpj }).from(companies).where(eq(companies.id, companyId));
      if (!company) throw notFound("Cliente não encontrado.");
      const answer = { municipality: { name: company.name, uf: company.uf }, today };
      if (!company.uf) return { ...answer, total: 0, nearest: null, rows: [] };
      const municipality = { uf: company.uf, cnpj: company.cnpj };
      const { rows, first, total } = await openProgramsPage(app.db, municipality, today, request.query);
      // The windows of each row on the page, by the shared rule (the SQL already kept only open programs).
      const windowsOf = (row: (typeof rows)[number]) => openWindows({ ...row, enabledUfs: [municipality.uf], beneficiaryCnpjs: row.named ? [municipality.cnpj] : [] }, municipality, today);
      const open: OpenProgram[] = rows.map((row) => {
        const windows = windowsOf(row);
        return {
          id: row.id,
          code: row.code,
          name: row.name,
          year: row.year,
          modality: row.modality,
          policyArea: row.policyArea,
          globalValue: row.globalValue,
          grantorId: row.grantorId,
          grantorAcronym: row.grantorAcronym,
          grantorName: row.grantorName,
          windows,
          daysLeft: row.daysLeft,
          closingSoon: row.daysLeft <= CLOSING_SOON_DAYS,
        };
      });
      const nearestWindow = first && windowsOf(first)[0];
      return {
        ...answer,
        total,
        nearest: first && nearestWindow ? { id: first.id, code: first.code, name: first.name, end: nearestWindow.end, daysLeft: first.daysLeft } : null,
        rows: open,
      };
    },
  );
};

/** /api/grantors, /api/programs (with /api/programs/open) and /api/proposals. */
const captacao: FastifyPluginAsync = async (app) => {
  await app.register(radar);
  await resourcesPlugin(grantorResource, programResource, proposalResource)(app, {});
};
export default captacao;
