import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { followAnswerSchema, followRequestSchema, followTokenSchema, publicTrailSchema } from "../../src/domain/transfer-trail";
import { LC210_RECIPIENTS } from "../../src/domain/accountability";
import { sendCacheable } from "../lib/http-cache";
import { notFound } from "../lib/errors";
import { sendDocument } from "../storage/serve";
import { resolveUploadSecret } from "../storage";
import { createHmac } from "node:crypto";
import { FOLLOW_REQUESTED, TRAIL_NOTICE_JOB, TRAIL_NOTICE_SCHEDULE, confirmFollow, leaveFollow, requestFollow, sendTrailNotices, smtpFollowMailer, unsubscribePageOf, type FollowDeps, type FollowMailer } from "./followers";
import { lc210ProofOf, publicTransferOf, publicTrailOf } from "./queries";

/**
 * "Siga a emenda" (issue 34 item 1), public routes under /api/public/ (PUBLIC_ROUTES): the trail of
 * one public transfer, the proofs of its LC 210 notice, and following it by e-mail. No session;
 * rate-limited per client through the shared limits (the follow form tightly: it sends e-mail).
 */

const TAGS = ["transparência (pública)"];
const READ_LIMIT = { max: 300, timeWindow: "1 minute" };
// A person follows a few transfers at a time; more from one client in a minute is someone flooding inboxes.
const FOLLOW_LIMIT = { max: 10, timeWindow: "1 minute" };
const LINK_LIMIT = { max: 30, timeWindow: "1 minute" };
const transferParams = z.object({ slug: z.string(), nr: z.string() });
const message = z.object({ message: z.string() });

const transferTrail: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  let mailer: FollowMailer | undefined;
  app.addHook("onClose", async () => mailer?.close());
  // The links' key, its own: derived from the server's signing secret, never the secret itself.
  const secret = createHmac("sha256", resolveUploadSecret(app.config.uploads.secret, app.config.dataDir)).update("transfer-followers").digest("hex");
  const deps = (): FollowDeps => ({
    db,
    mailer: app.config.mail.smtpUrl ? (mailer ??= smtpFollowMailer(app.config.mail.smtpUrl)) : null,
    from: app.config.mail.from,
    origin: app.config.publicOrigin,
    secret,
    now: app.now(),
  });

  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058):
  // the token is in the URL, the body is not needed (this parser stays inside this plugin).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) => done(null, {}));

  app.jobs.define({
    name: TRAIL_NOTICE_JOB,
    schedule: TRAIL_NOTICE_SCHEDULE,
    timeoutMinutes: 30,
    handler: async () => {
      const { failed } = await sendTrailNotices(deps());
      if (failed > 0) throw new Error(`${failed} aviso(s) de movimentação não enviado(s); serão tentados de novo.`);
    },
  });

  app.get(
    "/public/:slug/imposition-transfers/:nr/trail",
    {
      schema: {
        tags: TAGS,
        summary: "Siga a emenda: autor, objeto, plano, conta específica com cada lançamento, fornecedores pagos, saldo, rendimentos, devoluções, LC 210 e prestação de contas",
        params: transferParams,
        response: { 200: publicTrailSchema, 404: message },
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const found = await publicTransferOf(db, request.params.slug, request.params.nr);
      return sendCacheable(request, reply, await publicTrailOf(db, found));
    },
  );

  app.get(
    "/public/:slug/imposition-transfers/:nr/lc210-proofs/:recipient",
    {
      schema: {
        tags: TAGS,
        summary: "O comprovante de uma comunicação da LC 210/2024 (art. 8) da transferência",
        params: transferParams.extend({ recipient: z.string() }),
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const { transfer } = await publicTransferOf(db, request.params.slug, request.params.nr);
      const recipient = request.params.recipient.toUpperCase();
      const proof = (LC210_RECIPIENTS as readonly string[]).includes(recipient) ? await lc210ProofOf(db, transfer.id, recipient) : null;
      if (!proof) throw notFound("Comprovante não encontrado.");
      return sendDocument(reply, app.storage.files, proof);
    },
  );

  app.post(
    "/public/:slug/imposition-transfers/:nr/followers",
    {
      schema: {
        tags: TAGS,
        summary: "Seguir a transferência por e-mail: envia o e-mail de confirmação (dupla confirmação, sem conta)",
        params: transferParams,
        body: followRequestSchema,
        response: { 202: message },
      },
      config: { rateLimit: FOLLOW_LIMIT },
    },
    async (request, reply) => {
      const found = await publicTransferOf(db, request.params.slug, request.params.nr);
      await requestFollow(deps(), found, request.body.email);
      return reply.code(202).send({ message: FOLLOW_REQUESTED });
    },
  );

  app.post(
    "/public/follows/confirm",
    {
      schema: { tags: TAGS, summary: "Confirma o acompanhamento (o link do e-mail de confirmação)", body: followTokenSchema, response: { 200: followAnswerSchema } },
      config: { rateLimit: LINK_LIMIT },
    },
    async (request) => confirmFollow(deps(), request.body.token),
  );

  app.post(
    "/public/follows/unsubscribe",
    {
      schema: {
        tags: TAGS,
        summary: "Deixa de seguir: o link de todo aviso, e o cancelamento em um clique do programa de e-mail (List-Unsubscribe-Post)",
        querystring: followTokenSchema,
        response: { 200: followAnswerSchema },
      },
      config: { rateLimit: LINK_LIMIT },
    },
    async (request) => leaveFollow(deps(), request.query.token),
  );

  // A mail client without one-click support opens the List-Unsubscribe address: a GET changes
  // nothing itself (link scanners fetch links too); it leads to the transfer's page, whose script
  // (which scanners do not run) posts the unsubscribe and says so.
  app.get(
    "/public/follows/unsubscribe",
    {
      schema: { tags: TAGS, summary: "Leva à página da transferência, que conclui o cancelamento", querystring: followTokenSchema },
      config: { rateLimit: LINK_LIMIT },
    },
    async (request, reply) => {
      return reply.redirect(await unsubscribePageOf(db, request.query.token), 303);
    },
  );
};

export default transferTrail;
