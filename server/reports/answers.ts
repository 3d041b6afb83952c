import { eq } from "drizzle-orm";
import type { z } from "zod";
import { ENDING_SOON_DAYS, PROPOSALS_LISTED, REPORT_QUERIES, type ReportExportFormat, type ReportName } from "../../src/domain/reports";
import { reportLabels as L } from "../../src/domain/labels/reports";
import { labelOf, transferLabels } from "../../src/domain/labels/transfers";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { companies, grantors, programs } from "../db/schema";
import type { Db } from "../db/client";
import { fundraisingReport, municipalAmendmentsReport, paymentsReport, proposalReport, transactionsReport } from "../domain/reports";
import { municipalAmendmentLabels } from "../../src/domain/labels/municipal-amendments";
import { renderReport } from "./documents";
import { SECTIONS } from "./sections";

/**
 * The reports' answers (issue 17): one report's figures for a company, or every company (null), with
 * the scope they cover; and the same figures as a document, the chosen filters written on it in pt-BR.
 */

export type ReportScope = { companyId: number | null; companyName: string | null };

export async function scopeOf(db: Db, companyId: number | null): Promise<ReportScope> {
  if (companyId === null) return { companyId, companyName: null };
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return { companyId, companyName: row?.name ?? null };
}

/** Each filter the person chose, named and valued in pt-BR (ids become the names they stand for). */
export async function describeFilters(db: Db, name: ReportName, q: Record<string, unknown>): Promise<[string, string][]> {
  const F = L.filters;
  const out: [string, string][] = [];
  const add = (label: string, value: unknown) => value !== undefined && value !== null && value !== "" && out.push([label, String(value)]);
  const month = (v: unknown) => (typeof v === "string" ? `${v.slice(5, 7)}/${v.slice(0, 4)}` : undefined);
  add(F.yearFrom, q.yearFrom);
  add(F.yearTo, q.yearTo);
  if (name === "payments") {
    add(F.from, month(q.from));
    add(F.to, month(q.to));
    add(F.paymentKind, labelOf(transferLabels.paymentKinds)((q.kind as string) ?? null));
    add(F.paymentStatus, labelOf(transferLabels.paymentStatuses)((q.status as string) ?? null));
    add(F.transfer, q.transfer);
  } else if (name !== "municipal-amendments") add(F.kind, labelOf(L.kinds)((q.kind as string) ?? null));
  if (name === "proposal") {
    add(F.status, labelOf(L.proposalStatuses)((q.status as string) ?? null));
    if (typeof q.grantorId === "number") {
      const [g] = await db.select({ acronym: grantors.acronym, name: grantors.name }).from(grantors).where(eq(grantors.id, q.grantorId));
      add(F.grantorId, g ? `${g.acronym} – ${g.name}` : `#${q.grantorId}`);
    }
    if (typeof q.programId === "number") {
      const [p] = await db.select({ code: programs.code, name: programs.name }).from(programs).where(eq(programs.id, q.programId));
      add(F.programId, p ? `${p.code} – ${p.name}` : `#${q.programId}`);
    }
  }
  if (name === "municipal-amendments") add(F.stage, labelOf(municipalAmendmentLabels.stages)((q.stage as string) ?? null));
  if (name === "transactions") {
    const situation = q.situation as string | undefined;
    const names = { ...transferLabels.fundSituations, ...transferLabels.voluntaryStatuses, ...transferLabels.impositionSituations };
    add(F.situation, situation && (names[situation] ?? situation));
    add(F.days, q.days);
  }
  return out;
}

/** What an answer is for: the screen, or an export (which lists more rows). */
export type ReportUse = keyof typeof PROPOSALS_LISTED;

/** The report's figures (without the scope) for a company, or every company (null); an export lists more rows. */
const FIGURES: { [N in ReportName]: (db: Db, companyId: number | null, q: never, use: ReportUse, now: number) => Promise<object> } = {
  fundraising: (db, companyId, q) => fundraisingReport(db, companyId, q),
  payments: (db, companyId, q) => paymentsReport(db, companyId, q),
  proposal: (db, companyId, q, use, now) => proposalReport(db, companyId, q, new Date(now), PROPOSALS_LISTED[use]),
  transactions: async (db, companyId, q: z.infer<typeof REPORT_QUERIES.transactions.query>, _use, now) => {
    const today = todayInSaoPaulo(now);
    return { today, days: q.days ?? ENDING_SOON_DAYS, ...(await transactionsReport(db, companyId, q, today)) };
  },
  "municipal-amendments": (db, companyId, q) => municipalAmendmentsReport(db, companyId, q),
};

/** A report's answer: whose figures they are, and the figures (`now`: the server's clock, ms). */
export async function reportAnswer(db: Db, name: ReportName, companyId: number | null, q: Record<string, unknown>, use: ReportUse, now: number) {
  const [scope, data] = await Promise.all([scopeOf(db, companyId), FIGURES[name](db, companyId, q as never, use, now)]);
  return { scope, ...data };
}

const moment = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

/** A report as a file in `format`: its title, whose figures, the filters chosen, when, and its sections. */
export async function reportFile(db: Db, name: ReportName, companyId: number | null, filters: Record<string, unknown>, format: ReportExportFormat, now: number): Promise<Buffer> {
  const [data, described] = await Promise.all([reportAnswer(db, name, companyId, filters, "export", now), describeFilters(db, name, filters)]);
  return renderReport(
    {
      title: L.titles[name],
      scope: data.scope.companyName ?? L.scope.all,
      filters: described,
      generatedAt: moment.format(new Date(now)),
      sections: SECTIONS[name](data as never),
    },
    format,
  );
}
