import type { FastifyRequest } from "fastify";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { alertCreateSchema, alertFields, alertInboxSchema, alertProblems, alertRowSchema } from "../../src/domain/alerts";
import { updateSchemaOf } from "../../src/domain/updates";
import { currentUser, resolveCompanyId } from "../auth/guards";
import type { AuthUser } from "../auth/session";
import { actsAcrossClients } from "../../src/domain/guards";
import type { Db } from "../db/client";
import { alertReads, alerts, companies } from "../db/schema";
import { notFound, unprocessable } from "../lib/errors";
import { defineResource, type WriteContext } from "../resources/define-resource";
import { defineAction, noContent } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { idParams } from "../resources/params";
import type { Bind } from "../resources/list-query";
import type { Preparable } from "../resources/prepared-list";
import { toWire } from "../resources/wire";
import { addressedTo, validAlert } from "./audience";

/**
 * /api/alerts: the consultancy's notices (issue 13). ADMIN writes them and sees every one with how
 * many people read it; everyone else sees only the valid ones addressed to their municipality.
 * GET /api/alerts/inbox is the header's bell; POST /api/alerts/{id}/read marks one read for the caller.
 */

/** What a request may see: ADMIN everything; a person of a company the valid alerts addressed to it. */
function audienceOf(request: FastifyRequest): ((bind: Bind) => SQL) | undefined {
  if (actsAcrossClients(currentUser(request).role)) return undefined;
  const companyId = resolveCompanyId(request);
  if (companyId === null) return () => sql`false`;
  return (bind) => and(validAlert, addressedTo(bind, companyId))!;
}

const readCount = sql<number>`(select count(*)::int from ${alertReads} where ${alertReads.alertId} = ${alerts.id})`.as("read_count");
const alertsWithReads = (db: Db) => db.select({ ...alertColumns(), readCount }).from(alerts);
function alertColumns() {
  const { id, title, message, severity, audience, companyIds, validFrom, validUntil, linkUrl, version, createdAt, updatedAt } = alerts;
  return { id, title, message, severity, audience, companyIds, validFrom, validUntil, linkUrl, version, createdAt, updatedAt };
}

/** The chosen municipalities must exist; the rules across fields hold on what the record becomes. */
async function checkAlert(ctx: WriteContext, values: Record<string, unknown>, existing: Record<string, unknown> | undefined) {
  const merged = { ...existing, ...values } as { audience?: string; companyIds?: number[]; validFrom?: string; validUntil?: string | null };
  const problems = alertProblems(merged);
  const ids = [...new Set(merged.companyIds ?? [])];
  if (ids.length > 0 && !problems.companyIds) {
    const found = await ctx.tx.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
    if (found.length !== ids.length) problems.companyIds = "Uma das prefeituras escolhidas não existe.";
  }
  const [field, message] = Object.entries(problems)[0] ?? [];
  if (field) throw unprocessable(message!, problems);
  return merged.audience === "ALL" ? { ...values, companyIds: [] } : { ...values, ...(values.companyIds ? { companyIds: ids } : {}) };
}

export const alertResource = defineResource({
  name: "alerts",
  tag: "avisos",
  table: alerts,
  scope: { kind: "shared" },
  access: { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" },
  row: alertRowSchema,
  create: alertCreateSchema,
  update: updateSchemaOf(alertFields),
  notFound: "Aviso não encontrado.",
  visible: (request) => {
    const build = audienceOf(request);
    return build ? { key: "alert-audience", build } : undefined;
  },
  prepare: checkAlert,
  // How many people read an alert is the consultancy's to know: every other role never receives it.
  hidden: (request) => (actsAcrossClients(currentUser(request).role) ? undefined : ["readCount"]),
  reader: {
    page: (db, q) => alertsWithReads(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never) as unknown as Preparable<Record<string, unknown>[]>,
    rows: (db, where) => alertsWithReads(db).where(where) as unknown as Promise<Record<string, unknown>[]>,
  },
  list: {
    fields: ["id", "title", "severity", "audience", "validFrom", "validUntil", "createdAt", "updatedAt"],
    search: [alerts.title, alerts.message],
    defaultSort: [{ field: "validFrom", order: "desc" }, { field: "id", order: "desc" }],
  },
});

const alertIdParams = idParams("Aviso não encontrado.");

/** The caller's own valid alerts (ADMIN: those of the chosen company, or all). */
const mine = (user: AuthUser, companyId: number | null): SQL =>
  companyId === null ? (actsAcrossClients(user.role) ? validAlert : sql`false`) : and(validAlert, addressedTo((v) => v, companyId))!;

const inbox = defineAction({
  method: "GET",
  path: "/alerts/inbox",
  tag: "avisos",
  summary: "Os avisos válidos para quem pergunta, com o que já leu",
  guard: "user-only",
  scope: { kind: "tenant" },
  response: { 200: alertInboxSchema },
  handler: async ({ app, user, companyId }) => {
    const rows = await app.db
      .select({ ...alertColumns(), read: sql<boolean>`(${alertReads.userId} is not null)` })
      .from(alerts)
      .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, user.id)))
      .where(mine(user, companyId))
      .orderBy(desc(alerts.validFrom), desc(alerts.id))
      .limit(50);
    const list = rows.map((row) => toWire(row) as unknown as z.infer<typeof alertInboxSchema>["alerts"][number]);
    return { unread: list.filter((a) => !a.read).length, alerts: list };
  },
});

const markRead = defineAction({
  method: "POST",
  path: "/alerts/:id/read",
  tag: "avisos",
  summary: "Marca um aviso como lido por quem pede",
  guard: "user-only",
  scope: { kind: "tenant" },
  params: alertIdParams,
  response: { 204: noContent },
  handler: async ({ app, user, companyId, params }) => {
    await app.db.transaction(async (tx) => {
      const [found] = await tx.select({ id: alerts.id }).from(alerts).where(and(eq(alerts.id, params.id), mine(user, companyId)));
      if (!found) throw notFound("Aviso não encontrado.");
      await tx.insert(alertReads).values({ alertId: params.id, userId: user.id }).onConflictDoNothing();
    });
  },
});

export default areaPlugin(inbox, markRead, alertResource);
