import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { desc, eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parametrizationOf } from "../../src/domain/companies";
import { digestRunSchema } from "../../src/domain/deadlines";
import { requireRole } from "../auth/guards";
import { companies, digestRuns } from "../db/schema";
import { conflict, notFound, unprocessable } from "../lib/errors";
import { toWire } from "../resources/wire";
import { companiesWithAlertEmails, runDigest, smtpMailer, type DigestTrigger, type Mailer } from "../deadlines/digest";

/**
 * The deadline center and its e-mail digest (issue 17):
 * - GET /api/deadlines: the active company's list (the bell and the dashboard), in server/deadlines/routes.ts;
 * - the job `deadline-digest`: every day (DIGEST_SCHEDULE, 07:00 São Paulo) each company with alert
 *   e-mails receives what is new or changed; on PostgreSQL pg-boss fires it once across instances;
 * - POST /api/companies/{id}/digest (ADMIN): the same for one company, now ("Enviar agora");
 * - GET /api/companies/{id}/digest-runs (ADMIN): the latest runs, what each sent and to whom.
 */

export const DIGEST_JOB = "deadline-digest";

const companyParams = z.object({ id: z.coerce.number().int().positive({ message: "Cliente não encontrado." }).max(2_147_483_647, "Cliente não encontrado.") });
const NO_SMTP = "O envio de e-mail não está configurado neste servidor (SMTP_URL).";

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

  app.post(
    "/companies/:id/digest",
    {
      schema: { tags: ["prazos"], summary: "Envia agora o resumo de prazos do cliente aos e-mails de alerta (202 com o id do job)", params: companyParams, response: { 202: z.object({ jobId: z.string() }) } },
      preHandler: requireRole("ADMIN"),
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const [company] = await app.db.select({ id: companies.id, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, request.params.id));
      if (!company) throw notFound("Cliente não encontrado.");
      if (parametrizationOf(company.parametrization).alertEmails.length === 0) {
        const message = "Cadastre ao menos um e-mail de alerta na parametrização do cliente antes de enviar o resumo.";
        throw unprocessable(message, { alertEmails: message });
      }
      if (!app.config.mail.smtpUrl) throw conflict(NO_SMTP);
      const jobId = await app.jobs.enqueue(DIGEST_JOB, { companyId: company.id });
      return reply.status(202).send({ jobId });
    },
  );

  app.get(
    "/companies/:id/digest-runs",
    { schema: { tags: ["prazos"], summary: "Os últimos resumos de prazos do cliente: quando, para quem e quantos itens", params: companyParams, response: { 200: z.array(digestRunSchema) } }, preHandler: requireRole("ADMIN") },
    async (request) => {
      const [company] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, request.params.id));
      if (!company) throw notFound("Cliente não encontrado.");
      const rows = await app.db
        .select({ id: digestRuns.id, companyId: digestRuns.companyId, trigger: digestRuns.trigger, status: digestRuns.status, recipients: digestRuns.recipients, itemCount: digestRuns.itemCount, error: digestRuns.error, createdAt: digestRuns.createdAt })
        .from(digestRuns)
        .where(eq(digestRuns.companyId, company.id))
        .orderBy(desc(digestRuns.createdAt), desc(digestRuns.id))
        .limit(10);
      return rows.map((row) => toWire(row)) as never;
    },
  );
};

export default deadlines;
