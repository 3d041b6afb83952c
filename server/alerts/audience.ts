import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { alerts } from "../db/schema";
import type { Bind } from "../resources/list-query";

/**
 * Which alerts a company sees (issue 13): the queries the alerts area, the deadline center and the
 * digest share. Other areas read them from here, never from the alerts' routes.
 */

/** Today in the product's time zone, computed by the database so a statement's shape never changes. */
const today = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/** Valid today: started, and not yet over. */
export const validAlert = and(sql`${alerts.validFrom} <= ${today}`, or(isNull(alerts.validUntil), sql`${alerts.validUntil} >= ${today}`))!;

/** Addressed to a company: to all, or to the chosen ones among which it is. */
export const addressedTo = (bind: Bind, companyId: number): SQL => or(eq(alerts.audience, "ALL"), sql`${alerts.companyIds} @> ${bind(JSON.stringify([companyId]))}::jsonb`)!;
