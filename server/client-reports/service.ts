import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { CLIENT_REPORT_LABELS, previousMonth, type ClientReportData, type ClientReportMailStatus, type ClientReportTrigger } from "../../src/domain/client-reports";
import { actsAcrossClients, rolesOf } from "../../src/domain/guards";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { Db } from "../db/client";
import { clientReports, companies, users, type ClientReportRow } from "../db/schema";
import type { Mailer } from "../deadlines/digest";
import type { FileStore } from "../storage";
import { clientReportPdf } from "./document";
import { clientReportData } from "./figures";
import { CLIENT_REPORT_RISKS, type RiskProvider } from "./risks";

/**
 * Generating a monthly report: its figures (the JSON twin), the PDF drawn from them, stored in the file
 * store, archived as a row and e-mailed (PDF attached) to the client's managers through the digest's
 * mail setup. The schedule runs on the first business day of each month for the month before.
 */

export const CLIENT_REPORTS_JOB = "client-reports-monthly";
/** Every day from the 1st to the 7th at 06:30 (São Paulo); the handler acts only on the first business day. */
export const CLIENT_REPORTS_SCHEDULE = "30 6 1-7 * *";

/** National holidays with a fixed date (MM-DD) that can fall on the first days of a month. */
const FIXED_HOLIDAYS = new Set(["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "11-20", "12-25"]);
const isBusinessDay = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !FIXED_HOLIDAYS.has(day.slice(5));
};

/** Whether `today` (AAAA-MM-DD) is its month's first business day: a weekday that is not a fixed national holiday. */
export function isFirstBusinessDay(today: string): boolean {
  if (!isBusinessDay(today)) return false;
  for (let d = 1; d < Number(today.slice(8, 10)); d++) if (isBusinessDay(`${today.slice(0, 8)}${String(d).padStart(2, "0")}`)) return false;
  return true;
}

/** The client's managers (active people of the municipality with a manager's role): the report's recipients. */
export async function managersOf(db: Db, companyId: number): Promise<string[]> {
  const managerRoles = rolesOf("manager-only").filter((role) => !actsAcrossClients(role));
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), inArray(users.role, [...managerRoles]), isNotNull(users.email)))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

export interface ReportDeps {
  db: Db;
  files: FileStore;
  /** null: no SMTP configured (the report is archived, its mail status says why it was not sent). */
  mailer: Mailer | null;
  from: string;
  origin: string;
  now: number;
  risks?: RiskProvider;
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** The e-mail that carries the report: a short summary in pt-BR and the PDF attached. */
export function reportEmail(data: ClientReportData, origin: string) {
  const subject = `SOL Transferências: relatório mensal de ${data.monthLabel} — ${data.company.name}`;
  const link = new URL("/admin/client-reports", origin);
  link.searchParams.set("authComp", `${data.company.id}_${data.company.cnpj}`);
  const overdue = data.deadlines.filter((d) => d.overdue).length;
  const lines = [
    `Segue o relatório mensal de ${data.company.name} referente a ${data.monthLabel} (PDF anexo).`,
    "",
    `Recebido no mês: ${brl.format(Number(data.money.month.received))}; no ano: ${brl.format(Number(data.money.year.received))}.`,
    `Pago a fornecedores no mês: ${brl.format(Number(data.money.month.paid))}; no ano: ${brl.format(Number(data.money.year.paid))}.`,
    `Emendas e convênios em aberto: ${data.transfers.count}. Prazos atrasados: ${overdue}. Riscos acompanhados: ${data.risks.length}.`,
    "",
    `O arquivo de relatórios do cliente: ${link.toString()}`,
  ];
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f; line-height: 1.4">
${lines
  .filter(Boolean)
  .map((line) => `<p>${escape(line)}</p>`)
  .join("\n")}
</body></html>`;
  return { subject, text: lines.join("\n"), html };
}

export const reportFileName = (data: Pick<ClientReportData, "company" | "month">) =>
  `relatorio-mensal-${data.month}-${data.company.name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.pdf`;

/** A new storage path for a client's report PDF. */
const storagePathOf = (companyId: number) => `client-reports/${companyId}/${randomUUID()}.pdf`;

/**
 * Generates, stores, archives and e-mails one client's report of `month`. Returns the archived row, or
 * null when the client does not exist. A refused e-mail does not lose the report: it is archived with
 * its mail status FAILED and the reason.
 */
export async function generateClientReport(
  deps: ReportDeps,
  input: { companyId: number; month?: string; trigger: ClientReportTrigger; requestedBy?: number | null },
): Promise<ClientReportRow | null> {
  const month = input.month ?? previousMonth(todayInSaoPaulo(deps.now));
  const data = await clientReportData(deps.db, input.companyId, month, deps.now, deps.risks ?? CLIENT_REPORT_RISKS);
  if (!data) return null;
  const pdf = await clientReportPdf(data);
  const storagePath = storagePathOf(input.companyId);
  await deps.files.create(storagePath, pdf);
  const recipients = await managersOf(deps.db, input.companyId);
  let mailStatus: ClientReportMailStatus = "SENT";
  let mailError: string | null = null;
  if (recipients.length === 0) mailStatus = "NO_RECIPIENTS";
  else if (!deps.mailer) {
    mailStatus = "NO_SMTP";
    mailError = "O envio de e-mail não está configurado neste servidor (SMTP_URL).";
  } else {
    try {
      await deps.mailer.send({ from: deps.from, to: recipients, ...reportEmail(data, deps.origin), attachments: [{ filename: reportFileName(data), content: pdf, contentType: "application/pdf" }] });
    } catch (error) {
      mailStatus = "FAILED";
      mailError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    }
  }
  try {
    const [row] = await deps.db
      .insert(clientReports)
      .values({ companyId: input.companyId, month, trigger: input.trigger, requestedBy: input.requestedBy ?? null, data, storagePath, mailStatus, recipients: mailStatus === "SENT" ? recipients : [], mailError, generatedAt: new Date(deps.now) })
      .returning();
    return row;
  } catch (error) {
    // Nothing archived: the stored PDF would be an orphan.
    await deps.files.remove(storagePath).catch(() => undefined);
    throw error;
  }
}

/** The schedule's run: every client without a scheduled report of last month gets one; one failure does not stop the others. */
export async function generateMonthlyReports(deps: ReportDeps): Promise<{ generated: number; failures: string[] }> {
  const today = todayInSaoPaulo(deps.now);
  if (!isFirstBusinessDay(today)) return { generated: 0, failures: [] };
  const month = previousMonth(today);
  const done = new Set(
    (await deps.db.select({ companyId: clientReports.companyId }).from(clientReports).where(and(eq(clientReports.month, month), eq(clientReports.trigger, "SCHEDULE")))).map((r) => r.companyId),
  );
  const clients = await deps.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  let generated = 0;
  const failures: string[] = [];
  for (const { id } of clients) {
    if (done.has(id)) continue;
    try {
      if (await generateClientReport(deps, { companyId: id, month, trigger: "SCHEDULE" })) generated++;
    } catch (error) {
      failures.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { generated, failures };
}

export const mailStatusLabel = (status: ClientReportMailStatus) => CLIENT_REPORT_LABELS.mailStatuses[status];
