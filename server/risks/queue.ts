import { sql, type SQL } from "drizzle-orm";
import { isOpen, type ObligationKind, type ObligationStatus, OBLIGATION_STATUSES } from "../../src/domain/accountability";
import { screenUrl } from "../../src/domain/admin-screens";
import { parametrizationOf } from "../../src/domain/companies";
import { daysBetween } from "../../src/domain/dates";
import { formatReais } from "../../src/domain/fields";
import { codeLabels } from "../../src/domain/labels/codes";
import type { RiskItem, RiskKind } from "../../src/domain/risks";
import {
  accountabilityObligations,
  companies,
  fundTransferPlans,
  impositionTransfers,
  programOpenings,
  programs,
  proposals,
  regularityItems,
  riskCalendar,
  syncSourceFreshness,
  transferAccountBalances,
  transferAccountEntries,
  voluntaryTransfers,
} from "../db/schema";
import { impedimentReason, impedimentRowsSql, impedimentStanding, type ImpedimentRow } from "./radar";
import { brazilianDate, col } from "./sql";

/**
 * The risk queue's items (issue 33 item 1), computed from the areas' own tables for a set of clients
 * (null: every client): each kind's rows are one part of the queue's single statement (./snapshot.ts),
 * turned into items here. Each item carries its client, a pt-BR
 * reason, its deadline, the money involved and the link to the screen where it is solved (with the
 * client chosen). The handling (owner, state, comments) is joined on by ./handling.ts.
 */

/** A computed item, before its handling is joined. */
export type ComputedRisk = Omit<RiskItem, "handling">;

/** What ranks and filters an item (compareRisks, the filters, the totals). */
type RankFields = "key" | "kind" | "companyId" | "companyName" | "deadline" | "daysLeft" | "overdue" | "money" | "transferKind" | "transferId";

/**
 * An item as the queue ranks it: the few fields ranking, filtering and totals read, and `describe()`,
 * which builds the rest (title, pt-BR reason, link). Describing is most of the queue's JavaScript
 * (dates and money in words, the link's query string), so a request describes only the items of the
 * page it returns: 50 of ~300 for 30 clients (bench/results/2026-11-27-fila-de-riscos-pagina.md).
 */
export type RankedRisk = Pick<ComputedRisk, RankFields> & { describe(): ComputedRisk };

export interface QueueCompany {
  id: number;
  name: string;
  cnpj: string;
  uf: string | null;
  alert: { validity: number; accountability: number; cauc: number };
}

/** A sync source not read successfully for this long is stale. */
export const STALE_SYNC_DAYS = 3;
/** The idle-money rule's months when no calendar row of the current exercise says otherwise. */
export const DEFAULT_IDLE_MONTHS = 3;
/** Lead times are read per client; SQL first narrows to the longest any parametrization allows. */
const MAX_LEAD_DAYS = 366;

const OPEN_STATUSES = OBLIGATION_STATUSES.filter((status) => isOpen(status as ObligationStatus));

const daysWord = (n: number) => `${n} ${n === 1 ? "dia" : "dias"}`;
/** "vence em 3 dias (10/12/2026)", "venceu há 2 dias (…)", "vence hoje (…)". */
function dueText(date: string, daysLeft: number): string {
  const when = daysLeft > 0 ? `vence em ${daysWord(daysLeft)}` : daysLeft === 0 ? "vence hoje" : `venceu há ${daysWord(-daysLeft)}`;
  return `${when} (${brazilianDate(date)})`;
}

/** A client as the queue's statement gives it; its lead times are read in JS (the parametrization's defaults). */
export interface CompanyRow {
  id: number;
  name: string;
  cnpj: string;
  uf: string | null;
  parametrization: unknown;
}

/** The clients a queue covers, with what their parametrization says about lead times. */
export function queueCompaniesOf(rows: readonly CompanyRow[]): QueueCompany[] {
  return rows.map((c) => {
    const p = parametrizationOf(c.parametrization);
    return { id: c.id, name: c.name, cnpj: c.cnpj, uf: c.uf, alert: { validity: p.validityAlertDays, accountability: p.accountabilityAlertDays, cauc: p.caucAlertDays } };
  });
}

/** The options of one computation of the queue. */
export interface ComputeOptions {
  today: string;
  now: Date;
  /** Sync sources are the consultancy's to fix: only its queue lists them. */
  includeSync: boolean;
}

/** The rows of each kind, as the queue's one statement gives them (./snapshot.ts). */
export interface KindRows {
  workPlan: ImpedimentRow[];
  cauc: CaucRow[];
  obligations: ObligationRow[];
  programs: ProgramRow[];
  idleMoney: IdleMoneyRow[];
  sync: SyncRow[];
}

/**
 * The columns of each kind's rows, in the order the statement sends them: a row travels as a JSON
 * array, not an object (./snapshot.ts). The keys were half the ~100 KB the queue of 30 clients read
 * from PostgreSQL, and receiving those bytes was the largest share of its Node time.
 */
export const KIND_COLUMNS: { [K in keyof KindRows]: readonly (keyof KindRows[K][number] & string)[] } = {
  workPlan: ["id", "company_id", "nr_transfer", "title", "planned_value", "work_plan_status", "impediment_date", "body_name", "pending_since"],
  cauc: ["id", "company_id", "code", "label", "status", "valid_until"],
  obligations: ["id", "company_id", "kind", "status", "transfer_key", "title", "due_date", "imposition_id", "voluntary_id", "money"],
  programs: ["id", "company_id", "nr_proposal", "entity", "object", "money", "program_code", "program_name", "closes"],
  idleMoney: ["id", "company_id", "transfer_id", "balance", "nr_transfer", "title", "last_move", "interest", "months"],
  sync: ["company_id", "source", "last_success_at", "last_failure_at", "last_failure"],
};

/** The statement's parts that select each kind's rows for the clients `company(column)` keeps, on `:today`. */
export function kindSql(company: (column: SQL) => SQL, today: SQL) {
  return {
    workPlan: impedimentRowsSql(company(col("t.company_id")), today),
    cauc: caucSql(company(col("r.company_id")), today),
    obligations: obligationSql(company(col("o.company_id")), today),
    programs: programSql(company(col("p.company_id")), today),
    idleMoney: idleMoneySql(company(col("b.company_id")), today),
    sync: syncSql(company(col("f.company_id"))),
  };
}

/** Every item of the clients' queue, unranked and undescribed, from their rows. */
export function rankedRisks(rows: KindRows, clients: readonly QueueCompany[], options: ComputeOptions): RankedRisk[] {
  if (clients.length === 0) return [];
  const byId = new Map(clients.map((c) => [c.id, c]));
  const days = daysFrom(options.today);
  const parts = [
    workPlanItems(rows.workPlan, options.today, days),
    caucItems(rows.cauc, days),
    obligationItems(rows.obligations, days),
    programItems(rows.programs, days),
    idleMoneyItems(rows.idleMoney, options.today),
    options.includeSync ? syncItems(rows.sync, options.now) : [],
  ];
  const out: RankedRisk[] = [];
  for (const part of parts) {
    for (const raw of part) {
      const company = byId.get(raw.companyId);
      if (!company || !raw.keep(company)) continue;
      out.push(ranked(raw, company));
    }
  }
  return out;
}

function ranked(raw: Raw, company: QueueCompany): RankedRisk {
  const { key, kind, companyId, deadline, daysLeft, overdue, money, transferKind, transferId } = raw;
  // Described once: the item is kept with its snapshot (./cache.ts) and each request gets a copy.
  let description: ComputedRisk | undefined;
  return {
    key,
    kind,
    companyId,
    companyName: company.name,
    deadline,
    daysLeft,
    overdue,
    money,
    transferKind,
    transferId,
    describe() {
      if (!description) {
        const { title, reference, reason, path } = raw.text();
        description = { key, kind, companyId, companyName: company.name, title, reference, reason, deadline, daysLeft, overdue, money, link: linkFor(path, company), transferKind, transferId };
      }
      return { ...description };
    },
  };
}

/** Every item of the clients' queue, unranked, described. */
export function computeRisks(rows: KindRows, clients: readonly QueueCompany[], options: ComputeOptions): ComputedRisk[] {
  return rankedRisks(rows, clients, options).map((item) => item.describe());
}

/**
 * Days from `today` to each date, remembered per date: the queue's rows share few dates (one
 * impediment date per exercise, due dates by the month), and parsing each was a tenth of its time.
 */
function daysFrom(today: string): (date: string) => number {
  const known = new Map<string, number>();
  return (date) => {
    let n = known.get(date);
    if (n === undefined) {
      n = daysBetween(today, date);
      known.set(date, n);
    }
    return n;
  };
}

/** The SPA path with the client chosen, as every admin link carries it (src/lib/auth-comp.ts). */
export function linkFor(path: string, company: { id: number; cnpj: string }): string {
  const [pathname, query] = path.split("?");
  const params = new URLSearchParams(query);
  // The companies area never carries authComp (the client is in its path).
  if (!pathname.startsWith("/admin/companies")) params.set("authComp", `${company.id}_${company.cnpj}`);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The words of an item, built only when it is described. */
interface RawText {
  title: string;
  reference: string | null;
  reason: string;
  path: string;
}

/** What a kind's query gives: the item's ranking fields, whether the client's lead time keeps it, and its words (lazily). */
type Raw = Omit<ComputedRisk, "companyName" | "link" | "title" | "reference" | "reason"> & { keep(company: QueueCompany): boolean; text(): RawText };

const always = () => true;

function dated(kind: RiskKind, days: (date: string) => number, date: string | null) {
  const daysLeft = date ? days(date) : null;
  return { kind, deadline: date, daysLeft, overdue: daysLeft !== null && daysLeft < 0 };
}

function workPlanItems(rows: readonly ImpedimentRow[], today: string, days: (date: string) => number): Raw[] {
  const out: Raw[] = [];
  for (const row of rows) {
    const standing = impedimentStanding(row, days);
    if (!standing) continue;
    out.push({
      key: `work-plan:${row.id}`,
      companyId: row.company_id,
      ...dated("work-plan", days, row.impediment_date),
      money: row.planned_value,
      transferKind: "IMPOSITION",
      transferId: row.id,
      keep: always,
      text: () => ({
        title: row.title,
        reference: row.nr_transfer,
        reason: impedimentReason(row, standing, today),
        path: screenUrl("imposition-transfers", "show", { id: row.nr_transfer }),
      }),
    });
  }
  return out;
}

export interface CaucRow {
  id: number;
  company_id: number;
  code: string;
  label: string;
  status: string;
  valid_until: string | null;
}

/** Irregular items, and dated ones up to the longest lead time any client allows (each client's is applied in JS). */
function caucSql(clients: SQL, today: SQL): SQL {
  return sql`
      select r.id, r.company_id, r.code, r.label, r.status, r.valid_until::text as valid_until
      from ${regularityItems} r
      where ${clients} and (r.status = 'IRREGULAR' or (r.valid_until is not null and r.valid_until <= ${today}::date + ${sql.raw(String(MAX_LEAD_DAYS))} and r.status <> 'DESABILITADO'))`;
}

function caucItems(rows: readonly CaucRow[], days: (date: string) => number): Raw[] {
  return rows.map((row) => {
    const validUntil = row.valid_until;
    const d = dated("cauc", days, validUntil);
    return {
      key: `cauc:${row.id}`,
      companyId: row.company_id,
      ...d,
      overdue: d.overdue || row.status === "IRREGULAR",
      money: null,
      transferKind: null,
      transferId: null,
      keep: (c) => row.status === "IRREGULAR" || d.daysLeft! <= c.alert.cauc,
      text: () => ({
        title: row.label,
        reference: row.code,
        reason:
          row.status === "IRREGULAR"
            ? `Item do CAUC irregular${validUntil ? `; ${dueText(validUntil, d.daysLeft!)}` : ""}: impede novas transferências voluntárias.`
            : d.overdue
              ? `Item do CAUC vencido: ${dueText(validUntil!, d.daysLeft!)}. Renove a comprovação antes de celebrar ou receber transferências.`
              : `Item do CAUC ${dueText(validUntil!, d.daysLeft!)}.`,
        path: screenUrl("regularity", "list"),
      }),
    };
  });
}

const OBLIGATION_KIND: Record<ObligationKind, RiskKind> = {
  CONVENIO: "accountability",
  ESPECIAL_PARCIAL: "management-report",
  ESPECIAL_FINAL: "management-report",
  FUNDO_PARCIAL: "management-report",
  FUNDO_FINAL: "management-report",
  LC210: "lc210",
};

export interface ObligationRow {
  id: number;
  company_id: number;
  kind: ObligationKind;
  status: string;
  transfer_key: string;
  title: string | null;
  due_date: string | null;
  imposition_id: number | null;
  voluntary_id: number | null;
  money: string | null;
}

/** Open obligations due up to the longest lead time any client allows, with the money of their transfer. */
function obligationSql(clients: SQL, today: SQL): SQL {
  const open = sql.join(OPEN_STATUSES.map((status) => sql.raw(`'${status}'`)), sql`, `);
  return sql`
      select o.id, o.company_id, o.kind, o.status, o.transfer_key, o.title, o.due_date::text as due_date,
        o.imposition_transfer_id as imposition_id, o.voluntary_transfer_id as voluntary_id,
        coalesce(it.planned_value, vt.global_value, fp.total_transfer_value)::text as money
      from ${accountabilityObligations} o
      left join ${impositionTransfers} it on it.id = o.imposition_transfer_id
      left join ${voluntaryTransfers} vt on vt.id = o.voluntary_transfer_id
      left join ${fundTransferPlans} fp on fp.id = o.fund_transfer_plan_id
      where ${clients} and o.status::text in (${open}) and o.due_date is not null
        and o.due_date <= ${today}::date + ${sql.raw(String(MAX_LEAD_DAYS))}`;
}

function obligationItems(rows: readonly ObligationRow[], days: (date: string) => number): Raw[] {
  return rows.map((row) => {
    const kind = OBLIGATION_KIND[row.kind];
    const dueDate = row.due_date;
    const d = dated(kind, days, dueDate);
    const reason = () => {
      const what = codeLabels.obligationKinds[row.kind];
      const status = codeLabels.obligationStatuses[row.status as ObligationStatus].toLowerCase();
      return kind === "lc210"
        ? d.overdue
          ? `Comunicação da LC 210/2024 não enviada em 30 dias do recebimento (situação: ${status}); ${dueText(dueDate!, d.daysLeft!)}.`
          : `Comunicação da LC 210/2024 à Câmara, ao TCU e ao TCE ${dueText(dueDate!, d.daysLeft!)} (situação: ${status}).`
        : `${what} ${d.overdue ? "atrasada" : "a entregar"}: ${dueText(dueDate!, d.daysLeft!)} (situação: ${status}).`;
    };
    return {
      key: `${kind}:${row.id}`,
      companyId: row.company_id,
      ...d,
      money: row.money,
      transferKind: row.imposition_id ? "IMPOSITION" : row.voluntary_id ? "VOLUNTARY" : null,
      transferId: row.imposition_id ?? row.voluntary_id ?? null,
      keep: (c) => d.daysLeft! <= c.alert.accountability,
      text: () => ({
        title: row.title ?? row.transfer_key,
        reference: row.transfer_key,
        reason: reason(),
        path: screenUrl("accountability-obligations", "show", { id: row.id }),
      }),
    };
  });
}

/** Proposals saved but not sent whose program's window for the client's UF closes soon. */
export interface ProgramRow {
  id: number;
  company_id: number;
  nr_proposal: string;
  entity: string;
  object: string;
  money: string;
  program_code: string;
  program_name: string;
  closes: string;
}

function programSql(clients: SQL, today: SQL): SQL {
  return sql`
      select p.id, p.company_id, p.nr_proposal, p.proponent_cnpj as entity, p.object, p.transfer_value::text as money,
        g.code as program_code, g.name as program_name, min(o.ends)::text as closes
      from ${proposals} p
      join ${companies} c on c.id = p.company_id
      join ${programs} g on g.id = p.program_id
      join ${programOpenings} o on o.program_id = p.program_id and o.uf = c.uf and o.starts <= ${today}::date and o.ends >= ${today}::date
      where ${clients} and p.status = 'CADASTRADA'
      group by p.id, g.code, g.name`;
}

function programItems(rows: readonly ProgramRow[], days: (date: string) => number): Raw[] {
  return rows.map((row) => {
    const d = dated("program", days, row.closes);
    return {
      key: `program:${row.id}`,
      companyId: row.company_id,
      ...d,
      money: row.money,
      transferKind: null,
      transferId: null,
      keep: (c) => d.daysLeft! <= c.alert.validity,
      text: () => ({
        title: row.object,
        reference: row.nr_proposal,
        reason: `Proposta cadastrada e não enviada ao programa ${row.program_code} (${row.program_name}); o prazo de propostas ${dueText(row.closes, d.daysLeft!)}.`,
        path: screenUrl("proposals", "show", { nrProposal: row.nr_proposal, entity: row.entity }),
      }),
    };
  });
}

/** An emenda account with a balance and no debit for the idle months of the current exercise's calendar (its first credit when it never paid). */
export interface IdleMoneyRow {
  id: number;
  company_id: number;
  transfer_id: number;
  balance: string;
  nr_transfer: string;
  title: string;
  last_move: string | null;
  interest: string;
  months: number;
}

function idleMoneySql(clients: SQL, today: SQL): SQL {
  const b = transferAccountBalances;
  const e = transferAccountEntries;
  // The rule's months come from the calendar of the current exercise.
  const months = sql`coalesce((select rc.idle_months from ${riskCalendar} rc where rc.year = extract(year from ${today}::date)::int), ${sql.raw(String(DEFAULT_IDLE_MONTHS))})`;
  return sql`
      select b.id, b.company_id, b.imposition_transfer_id as transfer_id, b.balance::text as balance, t.nr_transfer,
        coalesce(t.object_name, t.amendment_number || ' — ' || t.parliamentarian_name) as title,
        m.last_move::text as last_move, coalesce(m.interest, 0)::text as interest, r.months
      from ${b} b
      cross join (select ${months}::int as months) r
      join ${impositionTransfers} t on t.id = b.imposition_transfer_id and t.company_id = b.company_id
      left join lateral (
        select coalesce(max(e.entry_date) filter (where e.operation = 'D'), min(e.entry_date) filter (where e.operation = 'C')) as last_move,
          sum(e.amount) filter (where e.kind = 'INTEREST') as interest
        from ${e} e where e.imposition_transfer_id = b.imposition_transfer_id and e.company_id = b.company_id
      ) m on true
      where ${clients} and b.balance > 0 and m.last_move is not null
        and m.last_move < ${today}::date - make_interval(months => r.months)`;
}

function idleMoneyItems(rows: readonly IdleMoneyRow[], today: string): Raw[] {
  return rows.map((row) => ({
    key: `idle-money:${row.id}`,
    companyId: row.company_id,
    kind: "idle-money",
    deadline: null,
    daysLeft: null,
    overdue: false,
    money: row.balance,
    transferKind: "IMPOSITION",
    transferId: row.transfer_id,
    keep: always,
    text: () => {
      const idleMonths = Math.max(row.months, Math.floor(daysBetween(row.last_move!, today) / 30));
      const interest = Number(row.interest) > 0 ? ` Rendimentos de ${formatReais(row.interest)}: aplique no objeto ou devolva à União.` : "";
      return {
        title: row.title,
        reference: row.nr_transfer,
        reason: `Saldo de ${formatReais(row.balance)} sem débito desde ${brazilianDate(row.last_move!)} (${idleMonths} meses).${interest}`,
        path: screenUrl("imposition-transfers", "show", { id: row.nr_transfer }),
      };
    },
  }));
}

export interface SyncRow {
  company_id: number;
  source: string;
  /** Milliseconds since the epoch (JSON has no timestamp). */
  last_success_at: number | null;
  last_failure_at: number | null;
  last_failure: string | null;
}

/** The clients' sources; `:sync` false (a MANAGER's queue) reads none. */
function syncSql(clients: SQL): SQL {
  return sql`
      select f.company_id, f.source, floor(extract(epoch from f.last_success_at) * 1000)::float8 as last_success_at,
        floor(extract(epoch from f.last_failure_at) * 1000)::float8 as last_failure_at, f.last_failure
      from ${syncSourceFreshness} f
      where ${sql.placeholder("sync")}::boolean and ${clients}`;
}

/** Transferegov sources that failed on their last read, or were not read for STALE_SYNC_DAYS. */
function syncItems(rows: readonly SyncRow[], now: Date): Raw[] {
  const staleBefore = now.getTime() - STALE_SYNC_DAYS * 86_400_000;
  const out: Raw[] = [];
  for (const row of rows) {
    const failing = row.last_failure_at !== null && (row.last_success_at === null || row.last_failure_at > row.last_success_at);
    const stale = row.last_success_at === null || row.last_success_at < staleBefore;
    if (!failing && !stale) continue;
    out.push({
      key: `sync:${row.company_id}-${row.source}`,
      companyId: row.company_id,
      kind: "sync",
      deadline: null,
      daysLeft: null,
      overdue: failing,
      money: null,
      transferKind: null,
      transferId: null,
      keep: always,
      text: () => {
        const last = row.last_success_at !== null ? `última leitura bem-sucedida em ${brazilianDate(new Date(row.last_success_at).toISOString().slice(0, 10))}` : "nunca lida com sucesso";
        return {
          title: `Transferegov — ${row.source}`,
          reference: row.source,
          reason: failing ? `A leitura da fonte falhou${row.last_failure ? `: ${row.last_failure.slice(0, 200)}` : ""} (${last}).` : `Fonte desatualizada: ${last}.`,
          path: `/admin/companies/${row.company_id}/sync`,
        };
      },
    });
  }
  return out;
}
