import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { rolesOf } from "../../src/domain/guards";
import { isOpen, type ObligationKind, type ObligationStatus, OBLIGATION_STATUSES } from "../../src/domain/accountability";
import { screenUrl } from "../../src/domain/admin-screens";
import { parametrizationOf } from "../../src/domain/companies";
import { daysBetween } from "../../src/domain/dates";
import { formatReais } from "../../src/domain/fields";
import { codeLabels } from "../../src/domain/labels/codes";
import type { RiskItem, RiskKind, RiskQueue } from "../../src/domain/risks";
import { handlingsOf, withHandling, type QueueFilters } from "../../server/risks/handling";
import type { Db } from "../../server/db/client";
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
  users,
  voluntaryTransfers,
} from "../../server/db/schema";
import { impedimentRisks } from "../../server/risks/radar";
import { addDays, brazilianDate, col, inCompanies, rowsOf } from "../../server/risks/sql";

/**
 * THE FORMER IMPLEMENTATION, kept as the reference of tests/api/risks-one-statement.test.ts: the risk
 * queue as it was before it became one prepared statement (server/risks/snapshot.ts), one query per
 * kind, all in parallel, plus the clients, the handling and the owners read apart. The test holds
 * the statement to the same answer on a seeded multi-client case. Not used by the server.
 *
 * The risk queue's items (issue 33 item 1), computed from the areas' own tables for a set of clients
 * (null: every client), one query per kind, all in parallel. Each item carries its client, a pt-BR
 * reason, its deadline, the money involved and the link to the screen where it is solved (with the
 * client chosen). The handling (owner, state, comments) is joined on by ./handling.ts.
 */

/** A computed item, before its handling is joined. */
export type ComputedRisk = Omit<RiskItem, "handling">;

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

/** The clients a queue covers, with what their parametrization says about lead times. */
export async function queueCompanies(db: Db, ids: readonly number[] | null): Promise<QueueCompany[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.name, cnpj: companies.cnpj, uf: companies.uf, parametrization: companies.parametrization })
    .from(companies)
    .where(inCompanies(companies.id, ids))
    .orderBy(companies.name);
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

/** Every item of the clients' queue, unranked. */
export async function computeRisks(db: Db, clients: QueueCompany[], options: ComputeOptions): Promise<ComputedRisk[]> {
  if (clients.length === 0) return [];
  const byId = new Map(clients.map((c) => [c.id, c]));
  const ids = clients.map((c) => c.id);
  const parts = await Promise.all([
    workPlanItems(db, ids, options.today),
    caucItems(db, ids, options.today),
    obligationItems(db, ids, options.today),
    programItems(db, ids, options.today),
    idleMoneyItems(db, ids, options.today),
    options.includeSync ? syncItems(db, ids, options.now) : Promise.resolve([]),
  ]);
  const out: ComputedRisk[] = [];
  for (const part of parts) {
    for (const raw of part) {
      const company = byId.get(raw.companyId);
      if (!company || !raw.keep(company)) continue;
      const { keep: _keep, path, ...item } = raw;
      out.push({ ...item, companyName: company.name, link: linkFor(path, company) });
    }
  }
  return out;
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

/** What a kind's query gives: the item without its client's name and link, and whether the client's lead time keeps it. */
type Raw = Omit<ComputedRisk, "companyName" | "link"> & { path: string; keep(company: QueueCompany): boolean };

const always = () => true;

function dated(kind: RiskKind, today: string, date: string | null) {
  const daysLeft = date ? daysBetween(today, date) : null;
  return { kind, deadline: date, daysLeft, overdue: daysLeft !== null && daysLeft < 0 };
}

async function workPlanItems(db: Db, ids: number[], today: string): Promise<Raw[]> {
  const risks = await impedimentRisks(db, inCompanies(col("t.company_id"), ids), today);
  return risks.map((r) => ({
    key: `work-plan:${r.transferId}`,
    companyId: r.companyId,
    title: r.title,
    reference: r.nrTransfer,
    reason: r.reason,
    ...dated("work-plan", today, r.impedimentDate),
    money: r.plannedValue,
    transferKind: "IMPOSITION",
    transferId: r.transferId,
    path: screenUrl("imposition-transfers", "show", { id: r.nrTransfer }),
    keep: always,
  }));
}

async function caucItems(db: Db, ids: number[], today: string): Promise<Raw[]> {
  const r = regularityItems;
  const rows = await db
    .select({ id: r.id, companyId: r.companyId, code: r.code, label: r.label, status: r.status, validUntil: r.validUntil })
    .from(r)
    .where(sql`${inCompanies(r.companyId, ids)} and (${r.status} = 'IRREGULAR' or (${r.validUntil} is not null and ${r.validUntil} <= ${addDays(today, MAX_LEAD_DAYS)}::date and ${r.status} <> 'DESABILITADO'))`);
  return rows.map((row) => {
    const d = dated("cauc", today, row.validUntil);
    const reason =
      row.status === "IRREGULAR"
        ? `Item do CAUC irregular${row.validUntil ? `; ${dueText(row.validUntil, d.daysLeft!)}` : ""}: impede novas transferências voluntárias.`
        : d.overdue
          ? `Item do CAUC vencido: ${dueText(row.validUntil!, d.daysLeft!)}. Renove a comprovação antes de celebrar ou receber transferências.`
          : `Item do CAUC ${dueText(row.validUntil!, d.daysLeft!)}.`;
    return {
      key: `cauc:${row.id}`,
      companyId: row.companyId,
      title: row.label,
      reference: row.code,
      reason,
      ...d,
      overdue: d.overdue || row.status === "IRREGULAR",
      money: null,
      transferKind: null,
      transferId: null,
      path: screenUrl("regularity", "list"),
      keep: (c) => row.status === "IRREGULAR" || d.daysLeft! <= c.alert.cauc,
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

async function obligationItems(db: Db, ids: number[], today: string): Promise<Raw[]> {
  const o = accountabilityObligations;
  const rows = await db
    .select({
      id: o.id,
      companyId: o.companyId,
      kind: o.kind,
      status: o.status,
      transferKey: o.transferKey,
      title: o.title,
      dueDate: o.dueDate,
      impositionId: o.impositionTransferId,
      voluntaryId: o.voluntaryTransferId,
      money: sql<string | null>`coalesce(${impositionTransfers.plannedValue}, ${voluntaryTransfers.globalValue}, ${fundTransferPlans.totalTransferValue})::text`,
    })
    .from(o)
    .leftJoin(impositionTransfers, sql`${impositionTransfers.id} = ${o.impositionTransferId}`)
    .leftJoin(voluntaryTransfers, sql`${voluntaryTransfers.id} = ${o.voluntaryTransferId}`)
    .leftJoin(fundTransferPlans, sql`${fundTransferPlans.id} = ${o.fundTransferPlanId}`)
    .where(
      sql`${inCompanies(o.companyId, ids)} and ${o.status}::text in (${sql.join(OPEN_STATUSES.map((s) => sql`${s}`), sql`, `)}) and ${o.dueDate} is not null and ${o.dueDate} <= ${addDays(today, MAX_LEAD_DAYS)}::date`,
    );
  return rows.map((row) => {
    const kind = OBLIGATION_KIND[row.kind];
    const d = dated(kind, today, row.dueDate);
    const what = codeLabels.obligationKinds[row.kind];
    const status = codeLabels.obligationStatuses[row.status as ObligationStatus].toLowerCase();
    const reason =
      kind === "lc210"
        ? d.overdue
          ? `Comunicação da LC 210/2024 não enviada em 30 dias do recebimento (situação: ${status}); ${dueText(row.dueDate!, d.daysLeft!)}.`
          : `Comunicação da LC 210/2024 à Câmara, ao TCU e ao TCE ${dueText(row.dueDate!, d.daysLeft!)} (situação: ${status}).`
        : `${what} ${d.overdue ? "atrasada" : "a entregar"}: ${dueText(row.dueDate!, d.daysLeft!)} (situação: ${status}).`;
    return {
      key: `${kind}:${row.id}`,
      companyId: row.companyId,
      title: row.title ?? row.transferKey,
      reference: row.transferKey,
      reason,
      ...d,
      money: row.money,
      transferKind: row.impositionId ? "IMPOSITION" : row.voluntaryId ? "VOLUNTARY" : null,
      transferId: row.impositionId ?? row.voluntaryId ?? null,
      path: screenUrl("accountability-obligations", "show", { id: row.id }),
      keep: (c) => d.daysLeft! <= c.alert.accountability,
    };
  });
}

/** Proposals saved but not sent whose program's window for the client's UF closes soon. */
async function programItems(db: Db, ids: number[], today: string): Promise<Raw[]> {
  const p = proposals;
  const o = programOpenings;
  const rows = await db
    .select({
      id: p.id,
      companyId: p.companyId,
      nrProposal: p.nrProposal,
      entity: p.proponentCnpj,
      object: p.object,
      money: sql<string>`${p.transferValue}::text`,
      programCode: programs.code,
      programName: programs.name,
      closes: sql<string>`min(${o.ends})::text`,
    })
    .from(p)
    .innerJoin(companies, sql`${companies.id} = ${p.companyId}`)
    .innerJoin(programs, sql`${programs.id} = ${p.programId}`)
    .innerJoin(o, sql`${o.programId} = ${p.programId} and ${o.uf} = ${companies.uf} and ${o.starts} <= ${today}::date and ${o.ends} >= ${today}::date`)
    .where(sql`${inCompanies(p.companyId, ids)} and ${p.status} = 'CADASTRADA'`)
    .groupBy(p.id, programs.code, programs.name);
  return rows.map((row) => {
    const d = dated("program", today, row.closes);
    return {
      key: `program:${row.id}`,
      companyId: row.companyId,
      title: row.object,
      reference: row.nrProposal,
      reason: `Proposta cadastrada e não enviada ao programa ${row.programCode} (${row.programName}); o prazo de propostas ${dueText(row.closes, d.daysLeft!)}.`,
      ...d,
      money: row.money,
      transferKind: null,
      transferId: null,
      path: screenUrl("proposals", "show", { nrProposal: row.nrProposal, entity: row.entity }),
      keep: (c) => d.daysLeft! <= c.alert.validity,
    };
  });
}

/** An emenda account with a balance and no debit for the idle months of the current exercise's calendar (its first credit when it never paid). */
async function idleMoneyItems(db: Db, ids: number[], today: string): Promise<Raw[]> {
  const b = transferAccountBalances;
  const e = transferAccountEntries;
  // The rule's months come from the calendar in the same statement (one round trip).
  const months = sql`coalesce((select ${riskCalendar.idleMonths} from ${riskCalendar} where ${riskCalendar.year} = ${Number(today.slice(0, 4))}), ${DEFAULT_IDLE_MONTHS})`;
  const rows = rowsOf<{ id: number; company_id: number; transfer_id: number; balance: string; nr_transfer: string; title: string; last_move: string | null; interest: string; months: number }>(
    await db.execute(sql`
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
      where ${inCompanies(col("b.company_id"), ids)} and b.balance > 0 and m.last_move is not null
        and m.last_move < ${today}::date - make_interval(months => r.months)`),
  );
  return rows.map((row) => {
    const idleMonths = Math.max(row.months, Math.floor(daysBetween(row.last_move!, today) / 30));
    const interest = Number(row.interest) > 0 ? ` Rendimentos de ${formatReais(row.interest)}: aplique no objeto ou devolva à União.` : "";
    return {
      key: `idle-money:${row.id}`,
      companyId: row.company_id,
      title: row.title,
      reference: row.nr_transfer,
      reason: `Saldo de ${formatReais(row.balance)} sem débito desde ${brazilianDate(row.last_move!)} (${idleMonths} meses).${interest}`,
      kind: "idle-money",
      deadline: null,
      daysLeft: null,
      overdue: false,
      money: row.balance,
      transferKind: "IMPOSITION",
      transferId: row.transfer_id,
      path: screenUrl("imposition-transfers", "show", { id: row.nr_transfer }),
      keep: always,
    };
  });
}

/** Transferegov sources that failed on their last read, or were not read for STALE_SYNC_DAYS. */
async function syncItems(db: Db, ids: number[], now: Date): Promise<Raw[]> {
  const f = syncSourceFreshness;
  const rows = await db.select().from(f).where(inCompanies(f.companyId, ids));
  const staleBefore = now.getTime() - STALE_SYNC_DAYS * 86_400_000;
  const out: Raw[] = [];
  for (const row of rows) {
    const failing = row.lastFailureAt !== null && (row.lastSuccessAt === null || row.lastFailureAt > row.lastSuccessAt);
    const stale = row.lastSuccessAt === null || row.lastSuccessAt.getTime() < staleBefore;
    if (!failing && !stale) continue;
    const last = row.lastSuccessAt ? `última leitura bem-sucedida em ${brazilianDate(row.lastSuccessAt.toISOString().slice(0, 10))}` : "nunca lida com sucesso";
    out.push({
      key: `sync:${row.companyId}-${row.source}`,
      companyId: row.companyId,
      title: `Transferegov — ${row.source}`,
      reference: row.source,
      reason: failing ? `A leitura da fonte falhou${row.lastFailure ? `: ${row.lastFailure.slice(0, 200)}` : ""} (${last}).` : `Fonte desatualizada: ${last}.`,
      kind: "sync",
      deadline: null,
      daysLeft: null,
      overdue: failing,
      money: null,
      transferKind: null,
      transferId: null,
      path: `/admin/companies/${row.companyId}/sync`,
      keep: always,
    });
  }
  return out;
}

/** The former owners query. */
async function ownersBefore(db: Db, allowed: readonly number[] | null): Promise<{ id: number; name: string }[]> {
  const consultancy = inArray(users.role, [...rolesOf("admin-only")]);
  const own = allowed && allowed.length === 1 ? and(eq(users.companyId, allowed[0]), inArray(users.role, [...rolesOf("manager-only"), ...rolesOf("user-only")])) : undefined;
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.active, true), own ? or(consultancy, own) : and(consultancy, isNull(users.companyId))))
    .orderBy(asc(users.name));
}

/** The former GET /api/risks answer for `ids` (what the caller covers) and `allowed` (what it may see). */
export async function riskQueueBefore(
  db: Db,
  request: { ids: readonly number[] | null; allowed: readonly number[] | null; today: string; now: Date; includeSync: boolean },
  filters: QueueFilters & { limit: number },
): Promise<RiskQueue> {
  const [clients, handlings, owners] = await Promise.all([queueCompanies(db, request.ids), handlingsOf(db, request.ids), ownersBefore(db, request.allowed)]);
  const computed = await computeRisks(db, clients, request);
  const items = withHandling(computed, handlings, request.today, filters);
  const totalMoney = items.reduce((sum, item) => sum + Math.round(Number(item.money ?? 0) * 100), 0);
  return {
    today: request.today,
    total: items.length,
    totalMoney: (totalMoney / 100).toFixed(2),
    items: items.slice(0, filters.limit),
    owners,
    companies: clients.map((c) => ({ id: c.id, name: c.name })),
  };
}
