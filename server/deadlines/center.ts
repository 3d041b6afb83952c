import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { OBLIGATION_STATUSES, addDays, isOpen, type ObligationStatus } from "../../src/domain/accountability";
import { daysBetween } from "../../src/domain/dates";
import { screenUrl } from "../../src/domain/admin-screens";
import { parametrizationOf, type AlertDaysSetting } from "../../src/domain/companies";
import type { DeadlineItem } from "../../src/domain/deadlines";
import { codeLabels } from "../../src/domain/labels/codes";
import type { Db } from "../db/client";
import { accountabilityObligations, alerts, companies, grantors, programs } from "../db/schema";
import { upcomingDeadlines, type Deadline } from "../domain/transfers";
import { addressedTo, validAlert } from "../alerts/audience";
import { openProgramsSql } from "../captacao/radar";
import { stalledMunicipalAmendments } from "../municipal-amendments/deadlines";
import { sourceFreshnessItems } from "../sync/freshness";
import { impedimentDeadlines } from "../risks/radar";

/**
 * The deadline center (issue 17): everything with a date that asks the company to act, each kind
 * within the lead time its parametrization sets, soonest first (overdue obligations on top). The
 * header's bell, the dashboard and the daily e-mail digest all read this one list.
 */

/** An obligation is named by its kind, as the accountability screens name it. */
const OBLIGATION_WHAT = codeLabels.obligationKinds;

const TRANSFER_WHAT: Record<Deadline["deadline"], string> = {
  executionEnd: "Fim da execução",
  validityEnd: "Fim da vigência",
  accountabilityDeadline: "Prestação de contas",
  suspensiveClauseDue: "Prazo da cláusula suspensiva",
  caucValidUntil: "Validade do item do CAUC",
};

const transferPath = (kind: Deadline["kind"], key: string) =>
  kind === "imposition"
    ? screenUrl("imposition-transfers", "show", { id: key })
    : kind === "voluntary"
      ? screenUrl("voluntary-transfers", "show", { id: key })
      : kind === "fund"
        ? screenUrl("fund-to-fund-transfers", "show", { id: key })
        : screenUrl("regularity", "list");

export type AlertDays = Record<AlertDaysSetting, number>;

export interface CenterAnswer {
  today: string;
  alertDays: AlertDays;
  items: DeadlineItem[];
}

const OPEN_STATUSES = OBLIGATION_STATUSES.filter((status) => isOpen(status as ObligationStatus)) as ObligationStatus[];

/** The company's deadline center on `today` (São Paulo's calendar day); null when the company does not exist. */
export async function deadlineCenter(db: Db, companyId: number, today: string): Promise<CenterAnswer | null> {
  const [company] = await db.select({ uf: companies.uf, cnpj: companies.cnpj, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const { validityAlertDays, accountabilityAlertDays, caucAlertDays } = parametrizationOf(company.parametrization);

  const [transferDeadlines, obligations, openPrograms, validAlerts, stalledAmendments, staleSources, impediments] = await Promise.all([
    upcomingDeadlines(db, companyId, today, 500),
    db
      .select({ id: accountabilityObligations.id, kind: accountabilityObligations.kind, status: accountabilityObligations.status, transferKey: accountabilityObligations.transferKey, title: accountabilityObligations.title, dueDate: accountabilityObligations.dueDate })
      .from(accountabilityObligations)
      .where(
        and(
          eq(accountabilityObligations.companyId, companyId),
          inArray(accountabilityObligations.status, OPEN_STATUSES),
          isNotNull(accountabilityObligations.dueDate),
          lte(accountabilityObligations.dueDate, addDays(today, accountabilityAlertDays)),
        ),
      )
      .orderBy(asc(accountabilityObligations.dueDate), asc(accountabilityObligations.id)),
    company.uf ? closingPrograms(db, company.uf, company.cnpj, today, validityAlertDays) : Promise.resolve([]),
    db
      .select({ id: alerts.id, title: alerts.title, validUntil: alerts.validUntil, validFrom: alerts.validFrom, severity: alerts.severity })
      .from(alerts)
      .where(and(validAlert, addressedTo((v) => v, companyId)))
      .orderBy(asc(alerts.validUntil), asc(alerts.id))
      .limit(50),
    stalledMunicipalAmendments(db, companyId, today, validityAlertDays),
    sourceFreshnessItems(db, companyId),
    // The impediment radar: its own lead time, per exercise (risk_calendar).
    impedimentDeadlines(db, companyId, today),
  ]);

  const items: DeadlineItem[] = [];
  for (const d of transferDeadlines) {
    // Accountability comes from the obligations (with their statuses), not from the convênio's date alone.
    if (d.deadline === "accountabilityDeadline") continue;
    const kind = d.deadline === "suspensiveClauseDue" ? "suspensive" : d.deadline === "caucValidUntil" ? "cauc" : "validity";
    items.push({
      key: `${kind}:${d.kind}:${d.id}`,
      kind,
      title: d.title ?? d.key,
      reference: d.key,
      what: TRANSFER_WHAT[d.deadline],
      date: d.date,
      daysLeft: daysBetween(today, d.date),
      overdue: false,
      status: null,
      path: transferPath(d.kind, d.key),
    });
  }
  for (const ob of obligations) {
    const daysLeft = daysBetween(today, ob.dueDate!);
    items.push({
      key: `${ob.kind === "LC210" ? "lc210" : "accountability"}:${ob.id}`,
      kind: ob.kind === "LC210" ? "lc210" : "accountability",
      title: ob.title ?? ob.transferKey,
      reference: ob.transferKey,
      what: OBLIGATION_WHAT[ob.kind],
      date: ob.dueDate,
      daysLeft,
      overdue: daysLeft < 0,
      status: ob.status,
      path: screenUrl("accountability-obligations", "show", { id: ob.id }),
    });
  }
  for (const program of openPrograms) {
    items.push({
      key: `program:${program.id}`,
      kind: "program",
      title: program.name,
      reference: program.code,
      what: `Prazo para propostas (${program.grantorAcronym})`,
      date: addDays(today, program.daysLeft),
      daysLeft: program.daysLeft,
      overdue: false,
      status: null,
      path: screenUrl("programs", "list"),
    });
  }
  for (const alert of validAlerts) {
    items.push({
      key: `alert:${alert.id}`,
      kind: "alert",
      title: alert.title,
      reference: null,
      what: "Aviso da consultoria",
      date: alert.validUntil,
      daysLeft: alert.validUntil ? daysBetween(today, alert.validUntil) : null,
      overdue: false,
      status: alert.severity,
      path: screenUrl("dashboard", "list"),
    });
  }
  items.push(...stalledAmendments, ...staleSources, ...impediments);
  items.sort((a, b) => Number(b.overdue) - Number(a.overdue) || (a.date ?? "9999-12-31").localeCompare(b.date ?? "9999-12-31") || a.key.localeCompare(b.key));
  return { today, alertDays: { validityAlertDays, accountabilityAlertDays, caucAlertDays }, items };
}

/** Programs open to the municipality (the radar's rule) whose nearest window closes within `days`. */
async function closingPrograms(db: Db, uf: string, cnpj: string, today: string, days: number) {
  const open = openProgramsSql(db, { uf, cnpj }, today).as("open");
  return db
    .select({ id: programs.id, code: programs.code, name: programs.name, grantorAcronym: grantors.acronym, daysLeft: open.daysLeft })
    .from(open)
    .innerJoin(programs, eq(programs.id, open.programId))
    .innerJoin(grantors, eq(grantors.id, programs.grantorId))
    .where(lte(open.daysLeft, days))
    .orderBy(open.daysLeft, open.code)
    .limit(30);
}

