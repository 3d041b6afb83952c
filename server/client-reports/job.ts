import type { FastifyInstance } from "fastify";
import { smtpMailer, type Mailer } from "../deadlines/digest";
import { CLIENT_REPORTS_JOB, CLIENT_REPORTS_SCHEDULE, generateMonthlyReports, type ReportDeps } from "./service";

/**
 * The monthly reports' wiring to the server: the deps a generation needs (the app's database, file
 * store, clock and the digest's SMTP setup) and the scheduled job. On PostgreSQL pg-boss fires the
 * schedule once across instances; the handler acts only on the month's first business day and skips
 * clients that already have last month's scheduled report, so a second run changes nothing.
 */

/** One SMTP transport per server (keyed by its config, shared by every plugin context), closed with it. */
const mailers = new WeakMap<object, Mailer>();

/** The public address links in e-mails point to: PUBLIC_ORIGIN, else this server on localhost. */
const originOf = (app: FastifyInstance) => app.config.publicOrigin ?? `http://localhost:${app.config.port}`;

export function reportDeps(app: FastifyInstance): ReportDeps {
  const smtpUrl = app.config.mail.smtpUrl;
  let mailer: Mailer | null = null;
  if (smtpUrl) {
    mailer = mailers.get(app.config) ?? smtpMailer(smtpUrl);
    mailers.set(app.config, mailer);
  }
  return { db: app.db, files: app.storage.files, mailer, from: app.config.mail.from, origin: originOf(app), now: app.now() };
}

export function defineClientReportsJob(app: FastifyInstance): void {
  app.addHook("onClose", async () => mailers.get(app.config)?.close());
  app.jobs.define({
    name: CLIENT_REPORTS_JOB,
    schedule: CLIENT_REPORTS_SCHEDULE,
    timeoutMinutes: 60,
    handler: async () => {
      const { failures } = await generateMonthlyReports(reportDeps(app));
      if (failures.length) throw new Error(`Relatório mensal não gerado para ${failures.length} cliente(s): ${failures.join("; ")}`);
    },
  });
}
