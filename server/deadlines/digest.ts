import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { parametrizationOf } from "../../src/domain/companies";
import { digestSignature, type DeadlineItem } from "../../src/domain/deadlines";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { Db } from "../db/client";
import { companies, digestRuns, digestSentItems } from "../db/schema";
import { composeDigest } from "../mail/digest-email";
import { deadlineCenter } from "./center";

/**
 * One company's digest: the deadline center's items that are new or changed since the last digest
 * (digest_sent_items keeps, per item, the signature last sent), e-mailed to the company's alertEmails.
 * Runs under a per-company advisory lock inside one transaction, so two runs at once (two instances,
 * a click during the schedule) never send the same thing twice: the second finds nothing new.
 * Every run leaves a digest_runs row; a failed send leaves one marked FAILED and throws.
 */

/** The job that sends the digests: on its schedule every company, or one company now ("Enviar agora"). */
export const DIGEST_JOB = "deadline-digest";
/** Why a digest cannot be sent from this server. */
export const NO_SMTP = "O envio de e-mail não está configurado neste servidor (SMTP_URL).";

export type DigestTrigger = "SCHEDULE" | "MANUAL";
export type DigestOutcome = { status: "SENT" | "NOTHING_NEW" | "NO_RECIPIENTS"; itemCount: number; recipients: string[] };

export interface Mailer {
  /** `attachments`: files sent with the message (the monthly client report's PDF). */
  send(message: { from: string; to: string[]; subject: string; html: string; text: string; attachments?: { filename: string; content: Buffer; contentType: string }[] }): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP (SMTP_URL). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/** The advisory lock's first key: "digest" in ASCII, so it never meets another area's locks. */
const DIGEST_LOCK = 0x64696765;

export interface DigestOptions {
  db: Db;
  mailer: Mailer;
  from: string;
  origin: string;
  now: number;
}

export async function runDigest(options: DigestOptions, companyId: number, trigger: DigestTrigger): Promise<DigestOutcome> {
  const { db, mailer, from, origin } = options;
  const today = todayInSaoPaulo(options.now);
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK}, ${companyId})`);
      const [company] = await t.select({ id: companies.id, name: companies.name, cnpj: companies.cnpj, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
      if (!company) throw new Error(`Cliente ${companyId} não encontrado.`);
      const recipients = parametrizationOf(company.parametrization).alertEmails;
      const record = (status: DigestOutcome["status"], items: DeadlineItem[]) =>
        t.insert(digestRuns).values({ companyId, trigger, status, recipients, itemCount: items.length, items, createdAt: new Date(options.now) });
      if (recipients.length === 0) {
        await record("NO_RECIPIENTS", []);
        return { status: "NO_RECIPIENTS", itemCount: 0, recipients };
      }
      const center = await deadlineCenter(t, companyId, today);
      const sent = new Map((await t.select({ key: digestSentItems.itemKey, signature: digestSentItems.signature }).from(digestSentItems).where(eq(digestSentItems.companyId, companyId))).map((row) => [row.key, row.signature]));
      const fresh = (center?.items ?? []).filter((item) => sent.get(item.key) !== digestSignature(item));
      if (fresh.length === 0) {
        await record("NOTHING_NEW", []);
        return { status: "NOTHING_NEW", itemCount: 0, recipients };
      }
      const email = composeDigest({ company, today, origin, items: fresh });
      const at = new Date(options.now);
      for (let i = 0; i < fresh.length; i += 500) {
        await t
          .insert(digestSentItems)
          .values(fresh.slice(i, i + 500).map((item) => ({ companyId, itemKey: item.key, signature: digestSignature(item), sentAt: at })))
          .onConflictDoUpdate({ target: [digestSentItems.companyId, digestSentItems.itemKey], set: { signature: sql`excluded.signature`, sentAt: at } });
      }
      await record("SENT", fresh);
      // Sent last, inside the transaction: a refused message rolls back what would say it was sent.
      await mailer.send({ from, to: recipients, ...email });
      return { status: "SENT", itemCount: fresh.length, recipients };
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .insert(digestRuns)
      .values({ companyId, trigger, status: "FAILED", error: message.slice(0, 1000), createdAt: new Date(options.now) })
      .catch(() => undefined);
    throw error;
  }
}

/** Companies with someone to tell: at least one alert e-mail in their parametrization. */
export async function companiesWithAlertEmails(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`jsonb_typeof(${companies.parametrization} -> 'alertEmails') = 'array' and jsonb_array_length(${companies.parametrization} -> 'alertEmails') > 0`)
    .orderBy(companies.id);
  return rows.map((row) => row.id);
}
