import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { DEFAULT_CHECKLISTS, FUNDO_STATUSES, LC210_TERM_DAYS, convenioStatusFromTransfer, type ObligationKind } from "../../src/domain/accountability";
import { VOLUNTARY_STATUSES } from "../../src/domain/transfers";

/**
 * Computes the company's accountability obligations from its transfers: creates the ones missing
 * (each with its kind's default checklist) and moves the transfer's number, title and computed due
 * date onto the existing ones when they changed (a due date set by hand stays). Idempotent and safe to
 * run concurrently (ON CONFLICT on the one-per-kind-and-transfer keys). `companyId` null: every company.
 *
 * Due dates:
 * - convênio: DIA_LIMITE_PREST_CONTAS (the transfer's accountability deadline);
 * - relatório de gestão parcial (especial, fundo a fundo): 30 June of the year after the plan's year,
 *   the yearly report on the previous year's execution;
 * - relatório de gestão final: 90 days after the end of execution / validity (STF ADPF 854);
 * - LC 210 notice: 30 days after the account indication (plan accepted) or the first receipt (first
 *   effective bank order), whichever came first (LC 210/2024 art. 8).
 */

interface Source {
  kind: ObligationKind;
  /** The obligation's column naming the transfer. */
  column: "imposition_transfer_id" | "voluntary_transfer_id" | "fund_transfer_plan_id";
  /** select id, company_id, transfer_key, title, due_date, status from … where the transfer has this obligation. */
  select: SQL;
}

const scope = (alias: string, companyId: number | null) => (companyId === null ? sql`true` : sql`${sql.raw(alias)}.company_id = ${companyId}`);
const convenioStatusCase = sql.raw(
  `case t.status::text ${VOLUNTARY_STATUSES.map((s) => `when '${s}' then '${convenioStatusFromTransfer(s)}'`).join(" ")} else 'AGUARDANDO' end`,
);
/** The fund plan's latest report (`PARCIAL · EM_ELABORACAO`) as the status of the report of that type, when it is one. */
const fundStatus = (type: "PARCIAL" | "FINAL") =>
  sql.raw(
    `case when split_part(coalesce(t.management_report_status, ''), ' · ', 1) = '${type}' and split_part(t.management_report_status, ' · ', 2) in (${FUNDO_STATUSES.map((s) => `'${s}'`).join(", ")}) then split_part(t.management_report_status, ' · ', 2) else 'PENDENTE' end`,
  );
const firstReceipt = sql.raw(
  `(select min(p.payment_date) from transaction_payments p where p.imposition_transfer_id = t.id and p.kind = 'BANK_ORDER' and p.status = 'EFETIVADO')`,
);
const ACCEPTED_IMPOSITION = sql.raw(`t.situation not in ('AGUARDANDO_CIENCIA', 'CANCELADO')`);

function sources(companyId: number | null): Source[] {
  const it = scope("t", companyId);
  return [
    {
      kind: "CONVENIO",
      column: "voluntary_transfer_id",
      select: sql`select t.id, t.company_id, t.nr_transfer as transfer_key, t.object as title, t.accountability_deadline as due_date, ${convenioStatusCase} as status
        from voluntary_transfers t where ${it} and t.status not in ('PROPOSTA_APROVADA', 'ANULADO', 'CANCELADO')`,
    },
    {
      kind: "ESPECIAL_PARCIAL",
      column: "imposition_transfer_id",
      select: sql`select t.id, t.company_id, t.nr_transfer as transfer_key, t.object_name as title, make_date(t.year + 1, 6, 30) as due_date, 'PENDENTE' as status
        from imposition_transfers t where ${it} and ${ACCEPTED_IMPOSITION} and t.accepted_at is not null`,
    },
    {
      kind: "ESPECIAL_FINAL",
      column: "imposition_transfer_id",
      select: sql`select t.id, t.company_id, t.nr_transfer as transfer_key, t.object_name as title, (t.execution_end + 90) as due_date, 'PENDENTE' as status
        from imposition_transfers t where ${it} and ${ACCEPTED_IMPOSITION} and t.accepted_at is not null`,
    },
    {
      kind: "LC210",
      column: "imposition_transfer_id",
      select: sql`select t.id, t.company_id, t.nr_transfer as transfer_key, t.object_name as title,
          (least(t.accepted_at, ${firstReceipt}) + ${sql.raw(String(LC210_TERM_DAYS))}) as due_date, 'PENDENTE' as status
        from imposition_transfers t where ${it} and t.situation <> 'CANCELADO' and (t.accepted_at is not null or ${firstReceipt} is not null)`,
    },
    {
      kind: "FUNDO_PARCIAL",
      column: "fund_transfer_plan_id",
      select: sql`select t.id, t.company_id, t.cod_plan as transfer_key, t.program_name as title, make_date(t.year + 1, 6, 30) as due_date, ${fundStatus("PARCIAL")} as status
        from fund_transfer_plans t where ${it} and t.situation in ('AUTORIZADO', 'EM_EXECUCAO', 'CONCLUIDO')`,
    },
    {
      kind: "FUNDO_FINAL",
      column: "fund_transfer_plan_id",
      select: sql`select t.id, t.company_id, t.cod_plan as transfer_key, t.program_name as title, (t.validity_end + 90) as due_date, ${fundStatus("FINAL")} as status
        from fund_transfer_plans t where ${it} and t.situation in ('AUTORIZADO', 'EM_EXECUCAO', 'CONCLUIDO')`,
    },
  ];
}

const checklistValues = (kind: ObligationKind) =>
  sql.raw(`(values ${DEFAULT_CHECKLISTS[kind].map((label, i) => `('${label.replace(/'/g, "''")}', ${(i + 1) * 10})`).join(", ")}) as d(label, position)`);

/** Creates the missing obligations and refreshes the computed columns of the others; answers how many were created. */
export async function refreshObligations(db: Db, companyId: number | null): Promise<number> {
  let created = 0;
  for (const source of sources(companyId)) {
    const column = sql.raw(source.column);
    const result = (await db.execute(sql`
      with src as (${source.select}),
      created as (
        insert into accountability_obligations (company_id, kind, status, ${column}, transfer_key, title, due_date)
        select src.company_id, ${source.kind}::obligation_kind, src.status::obligation_status, src.id, src.transfer_key, src.title, src.due_date from src
        on conflict do nothing
        returning id, company_id
      ),
      checklist as (
        insert into accountability_checklist_items (company_id, obligation_id, label, position)
        select created.company_id, created.id, d.label, d.position from created cross join ${checklistValues(source.kind)}
      ),
      moved as (
        update accountability_obligations o
        set transfer_key = src.transfer_key, title = src.title,
            due_date = case when o.due_date_manual then o.due_date else src.due_date end,
            updated_at = now(), version = o.version + 1
        from src
        where o.${column} = src.id and o.kind = ${source.kind}::obligation_kind
          and (o.transfer_key is distinct from src.transfer_key or o.title is distinct from src.title
               or (not o.due_date_manual and o.due_date is distinct from src.due_date))
      )
      select count(*)::int as created from created`)) as unknown as { rows: { created: number }[] };
    created += Number(result.rows[0]?.created ?? 0);
  }
  return created;
}

/**
 * A resource write hook for the records obligations are computed from (transfers and their payments):
 * the company's obligations follow in the same transaction, so reading them never has to write.
 */
export async function obligationsFollow(ctx: { tx: Db }, change: { op: string; row: Record<string, unknown> }): Promise<void> {
  if (change.op === "delete") return;
  await refreshObligations(ctx.tx, change.row.companyId as number);
}
