import { z } from "zod";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { actsAcrossClients } from "../../src/domain/guards";
import {
  radarSchema,
  riskAssignSchema,
  riskBatchResultSchema,
  riskCalendarCreateSchema,
  riskCalendarRowSchema,
  riskCommentCreateSchema,
  riskCommentSchema,
  riskCommentsQuerySchema,
  riskCommentsSchema,
  riskQueuePage,
  riskQueueQuerySchema,
  riskQueueSchema,
  riskRequirementsResultSchema,
  riskRequirementsSchema,
  riskStateSchema,
} from "../../src/domain/risks";
import { updateSchemaOf } from "../../src/domain/updates";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { AuthUser } from "../auth/session";
import { impositionTransfers, riskCalendar, riskComments } from "../db/schema";
import { registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineAction } from "../resources/define-action";
import { defineResource } from "../resources/define-resource";
import { areaPlugin } from "../resources/declared";
import { idParams } from "../resources/params";
import { scheduleDataChangesPruning } from "./changes";
import { checkOwner, commentsOf, resolveKeys, riskQueue, updateHandlings, type QueueRequest } from "./queries";
import { generateRequirements } from "./requirements";
import { radarOf } from "./radar";

/**
 * The risk queue (issue 33): GET /api/risks lists every item that can cost a client money or standing
 * (ADMIN: every client, a chosen one or a set; MANAGER: its municipality), ranked by money at risk and
 * days left; the batch actions assign, change the state (snooze until a day, done) and generate a
 * requirement document per item; each item has a comment thread. GET /api/risks/radar/{id} is one
 * emenda's impediment radar; /api/risk-calendar the impediment date and lead times per exercise.
 */

registerConstraintMessage("risk_calendar_year_key", "Já existe um calendário para este exercício.", "year");

const TAG = "riscos";

/** What the caller may see: the consultancy without a chosen client every client; anyone else one. */
function requestOf(app: FastifyInstance, user: AuthUser, companyId: number | null, companyIds?: readonly number[]): QueueRequest {
  const now = new Date(app.now());
  return { allowed: companyId === null ? null : [companyId], companyIds, today: todayInSaoPaulo(now), now, includeSync: actsAcrossClients(user.role) };
}

const queue = defineAction({
  method: "GET",
  path: "/risks",
  tag: TAG,
  summary: "A fila de riscos dos clientes, ordenada pelo dinheiro em risco e pelos dias restantes",
  guard: "manager-only",
  scope: { kind: "tenant" },
  query: riskQueueQuerySchema,
  response: { 200: riskQueueSchema },
  handler: async ({ app, reply, user, companyId, query }) => {
    const answer = await riskQueue(app.db, requestOf(app, user, companyId, query.companyIds), { kind: query.kind, state: query.state, owner: query.owner, ...riskQueuePage(query) });
    // Like every paged list of the API: the count of items past the filters, whatever the page.
    reply.header("X-Total-Count", String(answer.total));
    return answer;
  },
});

const assign = defineAction({
  method: "POST",
  path: "/risks/assign",
  tag: TAG,
  summary: "Atribui (ou retira) o responsável de vários itens de uma vez",
  guard: "manager-only",
  scope: { kind: "tenant" },
  body: riskAssignSchema,
  response: { 200: riskBatchResultSchema },
  handler: async ({ app, user, companyId, body }) => {
    const request = requestOf(app, user, companyId);
    if (body.ownerId !== null) await checkOwner(app.db, request.allowed, body.ownerId);
    const items = await resolveKeys(app.db, request, body.keys);
    return { updated: await updateHandlings(app.db, items, { ownerUserId: body.ownerId }, user.id, request.now) };
  },
});

const changeState = defineAction({
  method: "POST",
  path: "/risks/state",
  tag: TAG,
  summary: "Muda a situação de vários itens (em andamento, aguardando o município, concluído, adiado até uma data)",
  guard: "manager-only",
  scope: { kind: "tenant" },
  body: riskStateSchema,
  response: { 200: riskBatchResultSchema },
  handler: async ({ app, user, companyId, body }) => {
    const request = requestOf(app, user, companyId);
    const until = body.snoozedUntil ?? null;
    if (body.state === "SNOOZED" && (!until || until <= request.today)) {
      const message = "Para adiar, informe uma data depois de hoje.";
      throw unprocessable(message, { snoozedUntil: message });
    }
    if (body.state !== "SNOOZED" && until) {
      const message = "A data só vale para adiar um item.";
      throw unprocessable(message, { snoozedUntil: message });
    }
    const items = await resolveKeys(app.db, request, body.keys);
    return { updated: await updateHandlings(app.db, items, { state: body.state, snoozedUntil: until }, user.id, request.now) };
  },
});

const requirementsBatch = defineAction({
  method: "POST",
  path: "/risks/requirements",
  tag: TAG,
  summary: "Gera, a partir de um modelo, um requerimento (rascunho) para cada item escolhido",
  guard: "manager-only",
  scope: { kind: "tenant" },
  body: riskRequirementsSchema,
  response: { 200: riskRequirementsResultSchema },
  handler: async ({ app, user, companyId, body }) => {
    const request = requestOf(app, user, companyId);
    const items = await resolveKeys(app.db, request, body.keys);
    return { created: await generateRequirements(app.db, items, body.templateId, request.today) };
  },
});

const comments = defineAction({
  method: "GET",
  path: "/risks/comments",
  tag: TAG,
  summary: "Os comentários de um item da fila",
  guard: "manager-only",
  scope: { kind: "tenant" },
  query: riskCommentsQuerySchema,
  response: { 200: riskCommentsSchema },
  handler: async ({ app, user, companyId, query }) => {
    const [item] = await resolveKeys(app.db, requestOf(app, user, companyId), [query.key]);
    return { key: item.key, comments: await commentsOf(app.db, item) };
  },
});

const addComment = defineAction({
  method: "POST",
  path: "/risks/comments",
  tag: TAG,
  summary: "Comenta um item da fila",
  guard: "manager-only",
  scope: { kind: "tenant" },
  body: riskCommentCreateSchema,
  response: { 201: riskCommentSchema },
  handler: async ({ app, reply, user, companyId, body }) => {
    const [item] = await resolveKeys(app.db, requestOf(app, user, companyId), [body.key]);
    const [row] = await app.db
      .insert(riskComments)
      .values({ companyId: item.companyId, itemKey: item.key, authorUserId: user.id, authorName: user.name, body: body.body, createdAt: new Date(app.now()) })
      .returning();
    reply.code(201);
    return { id: row.id, itemKey: row.itemKey, authorName: row.authorName, body: row.body, createdAt: row.createdAt.toISOString() };
  },
});

const radar = defineAction({
  method: "GET",
  path: "/risks/radar/:id",
  tag: TAG,
  summary: "O radar de impedimento de uma emenda: o plano de trabalho, quem o analisa, desde quando, e a data de impedimento",
  guard: "user-only",
  scope: { kind: "child", parent: impositionTransfers, notFound: "Emenda não encontrada." },
  params: idParams("Emenda não encontrada."),
  response: { 200: radarSchema },
  handler: ({ app, parent }) => {
    const t = parent as unknown as typeof impositionTransfers.$inferSelect;
    return radarOf(app.db, t, todayInSaoPaulo(app.now()));
  },
});

/** The impediment calendar: the consultancy keeps it; everyone who sees the radar reads it. */
export const riskCalendarResource = defineResource({
  name: "risk-calendar",
  tag: TAG,
  table: riskCalendar,
  scope: { kind: "shared" },
  access: { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" },
  row: riskCalendarRowSchema,
  create: riskCalendarCreateSchema,
  update: updateSchemaOf(riskCalendarCreateSchema),
  notFound: "Calendário de impedimentos não encontrado.",
  list: { defaultSort: [{ field: "year", order: "desc" }] },
});

export const riskActions = { queue, assign, changeState, requirementsBatch, comments, addComment, radar };
export type RiskQueueAnswer = z.infer<typeof riskQueueSchema>;

const area = areaPlugin(queue, assign, changeState, requirementsBatch, comments, addComment, radar, riskCalendarResource);

/** The area, and the pruning of the change log its cache is checked against (./changes.ts). */
const risksArea: FastifyPluginAsync = async (app, options) => {
  scheduleDataChangesPruning(app);
  await area(app, options);
};

export default risksArea;
