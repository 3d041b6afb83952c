import { and, eq, gte, inArray, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { CLOSING_SOON_DAYS, openWindows, type OpenProgram, type OpenProgramsAnswer, type OpenProgramsQuery } from "../../src/domain/captacao";
import type { Db } from "../db/client";
import { grantors, programOpenings, programs } from "../db/schema";

/**
 * The radar (issue 14): the programs a municipality can apply to today. Its SQL is the area's query
 * other areas read (the deadline center's closing programs), so it lives here, not in the routes.
 */

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

/** A municipality as the radar needs it: where it is and its CNPJ (a program may name it). */
export interface RadarMunicipality {
  name: string;
  uf: string | null;
  cnpj: string;
}

/** The radar's answer for one municipality on `today`: one page, the total, and the nearest window to close. */
export async function openProgramsAnswer(db: Db, company: RadarMunicipality, today: string, query: OpenProgramsQuery): Promise<OpenProgramsAnswer> {
  const answer = { municipality: { name: company.name, uf: company.uf }, today };
  if (!company.uf) return { ...answer, total: 0, nearest: null, rows: [] };
  const municipality = { uf: company.uf, cnpj: company.cnpj };
  const { rows, first, total } = await openProgramsPage(db, municipality, today, query);
  // The windows of each row on the page, by the shared rule (the SQL already kept only open programs).
  const windowsOf = (row: (typeof rows)[number]) => openWindows({ ...row, enabledUfs: [municipality.uf], beneficiaryCnpjs: row.named ? [municipality.cnpj] : [] }, municipality, today);
  const open: OpenProgram[] = rows.map((row) => ({
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
    windows: windowsOf(row),
    daysLeft: row.daysLeft,
    closingSoon: row.daysLeft <= CLOSING_SOON_DAYS,
  }));
  const nearestWindow = first && windowsOf(first)[0];
  return {
    ...answer,
    total,
    nearest: first && nearestWindow ? { id: first.id, code: first.code, name: first.name, end: nearestWindow.end, daysLeft: first.daysLeft } : null,
    rows: open,
  };
}
