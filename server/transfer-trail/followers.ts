import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { accountabilityObligations, companies, impositionTransfers, transactionPayments, transferAccountBalances, transferAccountEntries, transferFollowers } from "../db/schema";
import { transparencyOf } from "../../src/domain/companies";
import { codeLabels } from "../../src/domain/labels/codes";
import { transferLabels } from "../../src/domain/labels/transfers";
import { HttpError, badRequest, notFound } from "../lib/errors";
import { composeConfirmation, composeNotice, type FollowMail } from "./mail";
import type { PublicTransfer } from "./queries";
import type { JobRunner } from "../jobs";

/**
 * Following a public transfer by e-mail (issue 34 item 1): the address asks, a signed link confirms
 * (double opt-in: nothing is sent to an address that did not confirm), a job tells each confirmed
 * follower once per change of the transfer's trail, and a signed link (or the mail client's
 * one-click List-Unsubscribe) ends it. Links carry `{id}.{purpose}.{expires}.{hmac}`; the HMAC also
 * covers the follower's nonce, so leaving and following again invalidates every older link.
 */

export const TRAIL_NOTICE_JOB = "transfer-trail-notices";
/** Every ten minutes: a sync, an import or a write shows up in the notices within that. */
export const TRAIL_NOTICE_SCHEDULE = "*/10 * * * *";
/** How long a confirmation link is valid. */
const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;
/** A second request for the same address and transfer within this resends nothing (no mail bombing). */
const RESEND_AFTER_MS = 10 * 60 * 1000;

export const FOLLOW_REQUESTED = "Enviamos um e-mail de confirmação. Abra o link dele para começar a receber os avisos desta transferência.";
export const FOLLOW_CONFIRMED = "Pronto: você receberá um e-mail quando a movimentação desta transferência mudar.";
export const FOLLOW_LEFT = "Você não receberá mais avisos desta transferência.";
export const BAD_LINK = "Link inválido: abra o link do e-mail novamente.";
export const EXPIRED_LINK = "Este link de confirmação expirou. Peça um novo na página da transferência.";
export const LEFT_BEFORE = "Este acompanhamento foi cancelado. Para voltar a segui-lo, peça de novo na página da transferência.";
export const NO_MAIL = "O envio de e-mail não está disponível agora. Tente de novo mais tarde.";

type Purpose = "c" | "u";

export interface FollowMailer {
  send(message: FollowMail & { from: string; to: string }): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP, passing the List-Unsubscribe headers along. */
export function smtpFollowMailer(smtpUrl: string): FollowMailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ from, to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, html, headers });
    },
    close: () => transport.close(),
  };
}

export interface FollowDeps {
  db: Db;
  /** Null when this server cannot send e-mail. */
  mailer: FollowMailer | null;
  from: string;
  origin: string;
  /** The HMAC key of the links. */
  secret: string;
  now: number;
}

function signature(secret: string, id: number, purpose: Purpose, expires: number, nonce: string): string {
  return createHmac("sha256", secret).update(`transfer-follow\n${id}\n${purpose}\n${expires}\n${nonce}`).digest("hex");
}

/** A signed link token; `expires` 0 never expires (the unsubscribe link must always work). */
export function followToken(secret: string, follower: { id: number; nonce: string }, purpose: Purpose, expires: number): string {
  return `${follower.id}.${purpose}.${expires}.${signature(secret, follower.id, purpose, expires, follower.nonce)}`;
}

/** The follower a token names, checked: untampered (constant time), of this purpose, unexpired. */
async function followerOfToken(deps: FollowDeps, token: string, purpose: Purpose) {
  const [idText, given, expiresText, mac] = token.split(".");
  const id = Number(idText);
  const expires = Number(expiresText);
  if (given !== purpose || !Number.isSafeInteger(id) || !mac) throw badRequest(BAD_LINK);
  const [follower] = await deps.db.select().from(transferFollowers).where(eq(transferFollowers.id, id)).limit(1);
  if (!follower) throw badRequest(BAD_LINK);
  const expected = Buffer.from(signature(deps.secret, id, purpose, expires, follower.nonce), "hex");
  const received = Buffer.from(mac, "hex");
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw badRequest(BAD_LINK);
  if (expires !== 0 && expires < Math.floor(deps.now / 1000)) throw new HttpError(410, EXPIRED_LINK);
  return follower;
}

const pageOf = (origin: string, slug: string, nr: string) => `${origin}/transparency/${encodeURIComponent(slug)}/transactions-imposition/info/${encodeURIComponent(nr)}`;

/** Asks to follow: a confirmation e-mail to a new (or returning) address; the same answer in every case. */
export async function requestFollow(deps: FollowDeps, { company, transfer }: PublicTransfer, email: string): Promise<void> {
  const { db, mailer } = deps;
  if (!mailer) throw new HttpError(503, NO_MAIL);
  const now = new Date(deps.now);
  await db
    .insert(transferFollowers)
    .values({ companyId: company.id, impositionTransferId: transfer.id, email, nonce: randomBytes(16).toString("hex") })
    .onConflictDoNothing();
  const [follower] = await db
    .select()
    .from(transferFollowers)
    .where(and(eq(transferFollowers.impositionTransferId, transfer.id), eq(transferFollowers.email, email)));
  if (follower.status === "CONFIRMED") return;
  if (follower.status === "PENDING" && follower.confirmationSentAt && deps.now - follower.confirmationSentAt.getTime() < RESEND_AFTER_MS) return;
  // Claim the send (two requests at once send one e-mail); a returning address gets a new nonce.
  const nonce = follower.status === "UNSUBSCRIBED" ? randomBytes(16).toString("hex") : follower.nonce;
  const [claimed] = await db
    .update(transferFollowers)
    .set({ status: "PENDING", nonce, confirmationSentAt: now, unsubscribedAt: null, updatedAt: now })
    .where(
      and(
        eq(transferFollowers.id, follower.id),
        follower.confirmationSentAt ? eq(transferFollowers.confirmationSentAt, follower.confirmationSentAt) : isNull(transferFollowers.confirmationSentAt),
      ),
    )
    .returning({ id: transferFollowers.id });
  if (!claimed) return;
  const token = followToken(deps.secret, { id: follower.id, nonce }, "c", Math.floor(deps.now / 1000) + CONFIRM_TTL_SECONDS);
  const mail = composeConfirmation({ municipality: company.name, nr: transfer.nrTransfer, object: transfer.objectName, link: `${pageOf(deps.origin, company.slug, transfer.nrTransfer)}?confirmar=${token}` });
  try {
    await mailer.send({ ...mail, from: deps.from, to: email });
  } catch {
    // Not sent: let the next request try again at once.
    await db.update(transferFollowers).set({ confirmationSentAt: null }).where(eq(transferFollowers.id, follower.id));
    throw new HttpError(503, NO_MAIL);
  }
}

/** Where the link's transfer is: its municipality's slug and number (only while it is public). */
async function publicPlaceOf(db: Db, transferId: number) {
  const [row] = await db
    .select({ slug: companies.slug, name: companies.name, transparency: companies.transparency, nr: impositionTransfers.nrTransfer, objectName: impositionTransfers.objectName })
    .from(impositionTransfers)
    .innerJoin(companies, eq(companies.id, impositionTransfers.companyId))
    .where(and(eq(impositionTransfers.id, transferId), eq(impositionTransfers.isPublic, true), eq(companies.publicPortalEnabled, true)));
  if (!row || !transparencyOf(row.transparency).sections.impositionTransfers) return null;
  return row;
}

/** The link of the confirmation e-mail: the follow starts, from the trail as it is now. */
export async function confirmFollow(deps: FollowDeps, token: string) {
  const follower = await followerOfToken(deps, token, "c");
  if (follower.status === "UNSUBSCRIBED") throw new HttpError(409, LEFT_BEFORE);
  const place = await publicPlaceOf(deps.db, follower.impositionTransferId);
  if (!place) throw notFound("Transferência não encontrada.");
  if (follower.status === "PENDING") {
    const state = (await trailStates(deps.db, [follower.impositionTransferId])).get(follower.impositionTransferId);
    const now = new Date(deps.now);
    await deps.db
      .update(transferFollowers)
      .set({ status: "CONFIRMED", confirmedAt: now, notifiedState: state ? { ...state } : null, notifiedHash: state ? hashOf(state) : null, updatedAt: now })
      .where(and(eq(transferFollowers.id, follower.id), eq(transferFollowers.status, "PENDING")));
  }
  return { message: FOLLOW_CONFIRMED, slug: place.slug, nrTransfer: place.nr };
}

/** The unsubscribe link (or the mail client's one-click POST): no more notices; doing it twice is fine. */
export async function leaveFollow(deps: FollowDeps, token: string) {
  const follower = await followerOfToken(deps, token, "u");
  if (follower.status !== "UNSUBSCRIBED") {
    const now = new Date(deps.now);
    await deps.db.update(transferFollowers).set({ status: "UNSUBSCRIBED", unsubscribedAt: now, updatedAt: now }).where(eq(transferFollowers.id, follower.id));
  }
  const place = await publicPlaceOf(deps.db, follower.impositionTransferId);
  return { message: FOLLOW_LEFT, ...(place ? { slug: place.slug, nrTransfer: place.nr } : {}) };
}

/** Where an unsubscribe address leads a browser: the transfer's page, which asks before leaving. */
export async function unsubscribePageOf(db: Db, token: string): Promise<string> {
  const [row] = await db
    .select({ slug: companies.slug, nr: impositionTransfers.nrTransfer })
    .from(transferFollowers)
    .innerJoin(impositionTransfers, eq(impositionTransfers.id, transferFollowers.impositionTransferId))
    .innerJoin(companies, eq(companies.id, transferFollowers.companyId))
    .where(eq(transferFollowers.id, Number(token.split(".")[0])));
  if (!row) throw badRequest(BAD_LINK);
  return `${pageOf("", row.slug, row.nr)}?cancelar=${encodeURIComponent(token)}`;
}

// ---------- what a follower is told about ----------

/** What counts as a change of a transfer's trail: its statuses, its statement, its payments, its balance. */
export interface TrailState {
  situation: string;
  workPlan: string | null;
  accountability: Record<string, string>;
  entries: number;
  payments: number;
  balance: string | null;
}

/** The fingerprint of a trail state: a follower is told when it differs from the one last told. */
export const hashOf = (state: TrailState) => createHash("sha256").update(JSON.stringify(state)).digest("hex");

/** The trail state of each transfer, read in a few grouped queries. */
export async function trailStates(db: Db, transferIds: number[]): Promise<Map<number, TrailState>> {
  if (transferIds.length === 0) return new Map();
  const [transfers, entries, payments, balances, obligations] = await Promise.all([
    db
      .select({ id: impositionTransfers.id, situation: impositionTransfers.situation, workPlan: impositionTransfers.workPlanStatus })
      .from(impositionTransfers)
      .where(inArray(impositionTransfers.id, transferIds)),
    db
      .select({ id: transferAccountEntries.impositionTransferId, n: sql<number>`count(*)::int` })
      .from(transferAccountEntries)
      .where(and(inArray(transferAccountEntries.impositionTransferId, transferIds), isNull(transferAccountEntries.sourceMissingSince)))
      .groupBy(transferAccountEntries.impositionTransferId),
    db
      .select({ id: transactionPayments.impositionTransferId, n: sql<number>`count(*)::int` })
      .from(transactionPayments)
      .where(and(inArray(transactionPayments.impositionTransferId, transferIds), sql`${transactionPayments.status} <> 'CANCELADO'`))
      .groupBy(transactionPayments.impositionTransferId),
    db
      .select({ id: transferAccountBalances.impositionTransferId, balance: transferAccountBalances.balance })
      .from(transferAccountBalances)
      .where(and(inArray(transferAccountBalances.impositionTransferId, transferIds), isNull(transferAccountBalances.sourceMissingSince))),
    db
      .select({ id: accountabilityObligations.impositionTransferId, kind: accountabilityObligations.kind, status: accountabilityObligations.status })
      .from(accountabilityObligations)
      .where(and(inArray(accountabilityObligations.impositionTransferId, transferIds), inArray(accountabilityObligations.kind, ["ESPECIAL_PARCIAL", "ESPECIAL_FINAL"]))),
  ]);
  const count = (rows: { id: number | null; n: number }[], id: number) => rows.find((r) => r.id === id)?.n ?? 0;
  return new Map(
    transfers.map((t) => [
      t.id,
      {
        situation: t.situation,
        workPlan: t.workPlan,
        accountability: Object.fromEntries(obligations.filter((o) => o.id === t.id).map((o) => [o.kind, o.status])),
        entries: count(entries, t.id),
        payments: count(payments, t.id),
        balance: balances.find((b) => b.id === t.id)?.balance ?? null,
      },
    ]),
  );
}

/**
 * Whether a confirmed follower of one of the company's published transfers has a change of its
 * trail not yet told (what the notice job would send now).
 */
export async function followedTrailsChanged(db: Db, companyId: number): Promise<boolean> {
  const followers = await db
    .select({ transferId: transferFollowers.impositionTransferId, notifiedHash: transferFollowers.notifiedHash, transparency: companies.transparency })
    .from(transferFollowers)
    .innerJoin(impositionTransfers, and(eq(impositionTransfers.id, transferFollowers.impositionTransferId), eq(impositionTransfers.isPublic, true)))
    .innerJoin(companies, and(eq(companies.id, transferFollowers.companyId), eq(companies.publicPortalEnabled, true)))
    .where(and(eq(transferFollowers.companyId, companyId), eq(transferFollowers.status, "CONFIRMED")));
  const published = followers.filter((f) => transparencyOf(f.transparency).sections.impositionTransfers);
  if (published.length === 0) return false;
  const states = await trailStates(db, [...new Set(published.map((f) => f.transferId))]);
  return published.some((f) => {
    const state = states.get(f.transferId);
    return state !== undefined && hashOf(state) !== f.notifiedHash;
  });
}

/**
 * After a sync of the company: when it changed a followed transfer's trail, the notice run is queued
 * at once (through the job queue, so one run across instances) instead of waiting for the schedule,
 * which stays as the safety net. Answers the queued run's id, or null when nobody has news.
 */
export async function queueTrailNoticesAfterSync(db: Db, jobs: Pick<JobRunner, "enqueue">, companyId: number): Promise<string | null> {
  if (!(await followedTrailsChanged(db, companyId))) return null;
  return jobs.enqueue(TRAIL_NOTICE_JOB, {});
}

/**
 * The notice job: each confirmed follower of a public transfer whose trail changed since what it was
 * last told receives one e-mail. The new state is claimed before sending (compare-and-set), so two
 * runs never send the same change twice; a failed send gives the claim back for the next run.
 */
export async function sendTrailNotices(deps: FollowDeps): Promise<{ sent: number; failed: number }> {
  const { db, mailer } = deps;
  if (!mailer) return { sent: 0, failed: 0 };
  const followers = await db
    .select({
      id: transferFollowers.id,
      email: transferFollowers.email,
      nonce: transferFollowers.nonce,
      transferId: transferFollowers.impositionTransferId,
      notifiedState: transferFollowers.notifiedState,
      notifiedHash: transferFollowers.notifiedHash,
      slug: companies.slug,
      municipality: companies.name,
      transparency: companies.transparency,
      nr: impositionTransfers.nrTransfer,
      objectName: impositionTransfers.objectName,
    })
    .from(transferFollowers)
    .innerJoin(impositionTransfers, and(eq(impositionTransfers.id, transferFollowers.impositionTransferId), eq(impositionTransfers.isPublic, true)))
    .innerJoin(companies, and(eq(companies.id, transferFollowers.companyId), eq(companies.publicPortalEnabled, true)))
    .where(eq(transferFollowers.status, "CONFIRMED"));
  const published = followers.filter((f) => transparencyOf(f.transparency).sections.impositionTransfers);
  const states = await trailStates(db, [...new Set(published.map((f) => f.transferId))]);
  let sent = 0;
  let failed = 0;
  for (const follower of published) {
    const state = states.get(follower.transferId);
    if (!state) continue;
    const hash = hashOf(state);
    if (hash === follower.notifiedHash) continue;
    const now = new Date(deps.now);
    const [claimed] = await db
      .update(transferFollowers)
      .set({ notifiedState: { ...state }, notifiedHash: hash, notifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(transferFollowers.id, follower.id),
          eq(transferFollowers.status, "CONFIRMED"),
          follower.notifiedHash ? eq(transferFollowers.notifiedHash, follower.notifiedHash) : isNull(transferFollowers.notifiedHash),
        ),
      )
      .returning({ id: transferFollowers.id });
    if (!claimed) continue;
    const changes = describeChanges(follower.notifiedState as TrailState | null, state);
    if (changes.length === 0) continue;
    const page = pageOf(deps.origin, follower.slug, follower.nr);
    const token = followToken(deps.secret, follower, "u", 0);
    const mail = composeNotice({
      municipality: follower.municipality,
      nr: follower.nr,
      object: follower.objectName,
      changes,
      link: page,
      unsubscribeLink: `${page}?cancelar=${token}`,
      oneClickUrl: `${deps.origin}/api/public/follows/unsubscribe?token=${token}`,
    });
    try {
      await mailer.send({ ...mail, from: deps.from, to: follower.email });
      sent += 1;
    } catch {
      failed += 1;
      await db
        .update(transferFollowers)
        .set({ notifiedState: follower.notifiedState, notifiedHash: follower.notifiedHash })
        .where(and(eq(transferFollowers.id, follower.id), eq(transferFollowers.notifiedHash, hash)));
    }
  }
  return { sent, failed };
}

// ---------- the changes in plain Portuguese ----------


const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const brl = (value: string) => Number(value).toLocaleString("pt-BR", { style: "currency", currency: "BRL" }).replace(/\u00a0/g, " ");
const statusLabel = (status: string) => (codeLabels.obligationStatuses as Record<string, string>)[status] ?? status;
const situationLabel = (situation: string) => (transferLabels.impositionSituations as Record<string, string>)[situation] ?? situation;

/** What changed between what the follower was told and now, one pt-BR sentence each. */
export function describeChanges(before: TrailState | null, after: TrailState): string[] {
  if (!before) return [];
  const changes: string[] = [];
  if (after.entries > before.entries) changes.push(`${plural(after.entries - before.entries, "novo lançamento", "novos lançamentos")} no extrato da conta específica.`);
  if (after.payments > before.payments) changes.push(`${plural(after.payments - before.payments, "novo pagamento registrado", "novos pagamentos registrados")}.`);
  if (after.payments < before.payments || after.entries < before.entries) changes.push("Lançamentos ou pagamentos foram corrigidos pela fonte.");
  if (after.situation !== before.situation) changes.push(`Situação: ${situationLabel(before.situation)} → ${situationLabel(after.situation)}.`);
  if (after.workPlan !== before.workPlan) changes.push(`Plano de trabalho: ${before.workPlan ?? "sem situação"} → ${after.workPlan ?? "sem situação"}.`);
  for (const [kind, status] of Object.entries(after.accountability)) {
    const old = before.accountability[kind];
    if (old !== status) changes.push(`${(codeLabels.obligationKinds as Record<string, string>)[kind] ?? kind}: ${old ? `${statusLabel(old)} → ` : ""}${statusLabel(status)}.`);
  }
  if (after.balance !== before.balance && after.balance !== null) changes.push(`Saldo da conta: ${brl(after.balance)}.`);
  return changes;
}
