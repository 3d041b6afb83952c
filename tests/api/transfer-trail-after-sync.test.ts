import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, transferAccountEntries, transferFollowers } from "../../server/db/schema";
import { demoTrailTransfer } from "../../server/db/seed/account-trail";
import { hashOf, queueTrailNoticesAfterSync, trailStates } from "../../server/transfer-trail/followers";
import type { SyncRun } from "../../src/domain/sync";
import { demoApi } from "../support/accounts";
import { startTestSmtp } from "../support/smtp";
import { recordedTransferegov } from "../support/transferegov/recorded";
import { startRecordedTransferegov } from "../support/transferegov/server";

/**
 * Issue 34: a Transferegov sync that changes a followed transfer's trail queues the notice run at
 * once (through the job queue), instead of leaving the followers to the ten-minute schedule, which
 * stays as the safety net. In tests the schedules are off: a notice that arrives came from the sync.
 */
const smtp = await startTestSmtp();
// A source with nothing for this municipality: the run succeeds quickly and imports nothing itself.
const source = await startRecordedTransferegov(recordedTransferegov([]));
afterAll(async () => {
  await smtp.close();
  await source.close();
});
const api = demoApi({ env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: "https://transparencia.exemplo.gov.br", TRANSFEREGOV_API_URL: source.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
const SLUG = "belo-horizonte";
const EMAIL = "acompanha@exemplo.com.br";

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`esperou demais por ${what}`);
}

async function syncNow(companyId: number): Promise<SyncRun> {
  const res = await api.admin()({ method: "POST", url: "/api/sync/transferegov", payload: { companyId } });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as { id: number };
  return waitFor(async () => {
    const run = (await api.admin()({ method: "GET", url: `/api/sync-runs/${id}` })).json() as SyncRun;
    return run.status === "succeeded" || run.status === "failed" ? run : undefined;
  }, "a sincronização");
}

describe("notices right after a sync", { timeout: 240_000 }, () => {
  it("queues the notice run as soon as a sync ends with a followed transfer's trail changed, and queues nothing when nobody has news", async () => {
    const db = api.ctx.app.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, SLUG));
    const emenda = await demoTrailTransfer(db, company.id);
    // A confirmed follower, told the trail as it is now.
    const state = (await trailStates(db, [emenda.id])).get(emenda.id)!;
    await db.insert(transferFollowers).values({
      companyId: company.id,
      impositionTransferId: emenda.id,
      email: EMAIL,
      status: "CONFIRMED",
      nonce: "a".repeat(32),
      confirmedAt: new Date(),
      notifiedState: { ...state },
      notifiedHash: hashOf(state),
    });
    expect(await queueTrailNoticesAfterSync(db, api.ctx.app.jobs, company.id)).toBeNull();
    // A sync with nothing new for the trail sends nothing.
    expect((await syncNow(company.id)).status).toBe("succeeded");

    // A statement line as the bank's export brings it, then the sync run ends.
    await db.insert(transferAccountEntries).values({
      companyId: company.id,
      impositionTransferId: emenda.id,
      accountKey: "teste",
      entryDate: "2026-05-06",
      operation: "C",
      kind: "INTEREST",
      amount: "7.89",
      description: "RENDIMENTO",
      source: "transferegov_especiais",
      externalId: "teste-apos-sincronizacao",
    });
    const run = await syncNow(company.id);
    expect(run.status, run.error ?? "").toBe("succeeded");
    const notice = await waitFor(() => smtp.messages.find((m) => m.envelopeTo.includes(EMAIL)), "o aviso depois da sincronização");
    expect(notice.subject).toContain("Novidades");
    expect(notice.text).toContain("1 novo lançamento no extrato da conta específica.");
    // Told: the next sync's check finds nothing to queue.
    await waitFor(async () => ((await queueTrailNoticesAfterSync(db, api.ctx.app.jobs, company.id)) === null ? true : undefined), "o aviso registrado", 100);
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(EMAIL))).toHaveLength(1);
  });
});
