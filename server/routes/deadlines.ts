import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DIGEST_JOB, NO_SMTP, companiesWithAlertEmails, runDigest, smtpMailer, type DigestTrigger, type Mailer } from "../deadlines/digest";

/**
 * The deadline center and its e-mail digest (issue 17):
 * - GET /api/deadlines: the active company's list (the bell and the dashboard), in server/deadlines/routes.ts;
 * - the job `deadline-digest`: every day (DIGEST_SCHEDULE, 07:00 São Paulo) each company with alert
 *   e-mails receives what is new or changed; on PostgreSQL pg-boss fires it once across instances;
 * - POST /api/companies/{id}/digest and GET /api/companies/{id}/digest-runs (ADMIN) are the clients
 *   area's (server/companies/routes.ts): it enqueues this job for one company and lists the runs.
 */


/** The public address links in e-mails point to: PUBLIC_ORIGIN, else this server on localhost. */
const originOf = (app: FastifyInstance) => app.config.publicOrigin ?? `http://localhost:${app.config.port}`;

const deadlines: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  let mailer: Mailer | undefined;
  const mailerOf = () => {
    if (!app.config.mail.smtpUrl) throw new Error(NO_SMTP);
    return (mailer ??= smtpMailer(app.config.mail.smtpUrl));
  };
  app.addHook("onClose", async () => mailer?.close());

  const digestFor = (companyId: number, trigger: DigestTrigger) =>
    runDigest({ db: app.db, mailer: mailerOf(), from: app.config.mail.from, origin: originOf(app), now: app.now() }, companyId, trigger);

  app.jobs.define<{ companyId?: number }>({
    name: DIGEST_JOB,
    schedule: app.config.mail.digestSchedule,
    timeoutMinutes: 30,
    handler: async ({ companyId }) => {
      if (companyId !== undefined) {
        await digestFor(companyId, "MANUAL");
        return;
      }
      // The schedule: every company with someone to tell; one company's failure does not stop the others.
      const failures: string[] = [];
      for (const id of await companiesWithAlertEmails(app.db)) {
        await digestFor(id, "SCHEDULE").catch((error: unknown) => failures.push(`${id}: ${error instanceof Error ? error.message : String(error)}`));
      }
      if (failures.length) throw new Error(`Resumo não enviado para ${failures.length} cliente(s): ${failures.join("; ")}`);
    },
  });
};

export default deadlines;
