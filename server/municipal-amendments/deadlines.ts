import { and, eq, inArray, sql } from "drizzle-orm";
import { addDays } from "../../src/domain/accountability";
import { daysBetween } from "../../src/domain/dates";
import { screenUrl } from "../../src/domain/admin-screens";
import type { DeadlineItem } from "../../src/domain/deadlines";
import type { Db } from "../db/client";
import { municipalAmendmentMovements, municipalAmendments } from "../db/schema";
import { settingsOf } from "./rules";

/**
 * The municipal emendas that stall (issue 37), as deadline-center items: a plan not sent within the
 * municipality's days of the indication (or of its return), a sent plan the Executive has not decided
 * within its days, and an approved emenda with no money moving for its idle days. The days come from
 * the municipality's settings (its budget law); an item shows from `leadDays` before its date.
 */
export async function stalledMunicipalAmendments(db: Db, companyId: number, today: string, leadDays: number): Promise<DeadlineItem[]> {
  const settings = await settingsOf(db, companyId);
  const a = municipalAmendments;
  const lastMove = sql<string | null>`(select max(${municipalAmendmentMovements.occurredOn}) from ${municipalAmendmentMovements} where ${municipalAmendmentMovements.amendmentId} = ${a.id})`;
  const rows = await db
    .select({ id: a.id, identifier: a.identifier, object: a.object, stage: a.stage, indicatedOn: a.indicatedOn, planSubmittedOn: a.planSubmittedOn, planDecidedOn: a.planDecidedOn, lastMove })
    .from(a)
    .where(and(eq(a.companyId, companyId), inArray(a.stage, ["INDICADA", "PLANO_DEVOLVIDO", "PLANO_ENVIADO", "APROVADA", "EMPENHADA", "PAGA"])));
  const items: DeadlineItem[] = [];
  for (const row of rows) {
    const due =
      row.stage === "INDICADA"
        ? { what: "Envio do plano de trabalho da emenda municipal", date: addDays(row.indicatedOn, settings.planDueDays) }
        : row.stage === "PLANO_DEVOLVIDO"
          ? { what: "Reenvio do plano de trabalho ajustado", date: addDays(row.planDecidedOn ?? row.indicatedOn, settings.planDueDays) }
          : row.stage === "PLANO_ENVIADO"
            ? { what: "Decisão do Executivo sobre o plano de trabalho", date: addDays(row.planSubmittedOn ?? row.indicatedOn, settings.decisionDueDays) }
            : { what: "Emenda municipal sem movimentação", date: addDays(row.lastMove ?? row.planDecidedOn ?? row.indicatedOn, settings.idleDays) };
    const daysLeft = daysBetween(today, due.date);
    if (daysLeft > leadDays) continue;
    items.push({
      key: `municipal-amendment:${row.id}:${row.stage}`,
      kind: "municipal-amendment",
      title: row.object,
      reference: row.identifier,
      what: due.what,
      date: due.date,
      daysLeft,
      overdue: daysLeft < 0,
      status: row.stage,
      path: screenUrl("municipal-amendments", "show", { id: String(row.id) }),
    });
  }
  return items;
}
