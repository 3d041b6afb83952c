import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { buildApp, type App } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { accountabilityObligations, companies, digestRuns } from "../../server/db/schema";
import { createPgBossJobRunner, type JobRunner } from "../../server/jobs";
import { createTestContext, sessionCookie, type TestContext } from "../support/api";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * The digest goes out once even with two server instances on one PostgreSQL database: pg-boss fires
 * the schedule once per due time across them, and two "Enviar agora" at the same moment on the two
 * instances send one e-mail (the per-company lock: the second run finds nothing new).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)("deadline digest with two server instances (PostgreSQL)", () => {
  let smtp: TestSmtp;
  let seeded: TestContext;
  const instances: { app: App; database: Database; jobs: JobRunner; dataDir: string }[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // A fresh seeded database (and its emulator accounts); the two instances below share it.
    seeded = await createTestContext();
    const url = new URL(serverUrl!);
    url.pathname = `/${seeded.databaseName}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "sol-digest-"));
      const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, SMTP_URL: smtp.url, DIGEST_SCHEDULE: "* * * * *", UPLOAD_SECRET: "digest-instances-secret-0123456789" });
      const database = await openDatabase({ databaseUrl: url.toString() });
      const jobs = createPgBossJobRunner({ connectionString: url.toString(), pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
      const app = await buildApp({ config, db: database.db, identity: seeded.identity, jobs });
      await app.ready();
      instances.push({ app, database, jobs, dataDir });
    }
    // Sequential starts: pg-boss creates its schema on the first one.
    for (const instance of instances) await instance.jobs.start();
  }, 120_000);

  afterAll(async () => {
    for (const { app, database, dataDir } of instances) {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await seeded?.close();
    await smtp?.close();
  });

  const withEmails = async () => (await seeded.database.db.select({ id: companies.id, parametrization: companies.parametrization }).from(companies)).filter((c) => ((c.parametrization.alertEmails as string[] | undefined) ?? []).length > 0);

  it("sends each company's scheduled digest once, whichever instance fires it", { timeout: 120_000 }, async () => {
    const companiesToTell = await withEmails();
    expect(companiesToTell.length).toBeGreaterThanOrEqual(2);
    // Both instances check the every-minute schedule: wait for the first delivery, then for repeats.
    for (let waited = 0; smtp.messages.length < companiesToTell.length && waited < 90_000; waited += 250) await sleep(250);
    await sleep(4000);
    expect(smtp.messages).toHaveLength(companiesToTell.length);
    const sent = await seeded.database.db.select({ companyId: digestRuns.companyId, n: sql<number>`count(*)::int` }).from(digestRuns).where(and(eq(digestRuns.status, "SENT"), eq(digestRuns.trigger, "SCHEDULE"))).groupBy(digestRuns.companyId);
    expect(sent.map((row) => row.n)).toEqual(companiesToTell.map(() => 1));
  });

  it("sends one e-mail when both instances are asked to send it now at the same moment", { timeout: 60_000 }, async () => {
    const [company] = await withEmails();
    // Something new for the next digest: an obligation's due date moves.
    const [obligation] = await seeded.database.db.select({ id: accountabilityObligations.id }).from(accountabilityObligations).where(and(eq(accountabilityObligations.companyId, company.id), eq(accountabilityObligations.kind, "LC210"))).limit(1);
    await seeded.database.db.update(accountabilityObligations).set({ dueDate: sql`current_date + 3`, dueDateManual: true, status: "PENDENTE" }).where(eq(accountabilityObligations.id, obligation.id));
    const before = smtp.messages.length;
    const cookie = await sessionCookie(instances[0].app, "admin@demo.local");
    const answers = await Promise.all(instances.map(({ app }) => app.inject({ method: "POST", url: `/api/companies/${company.id}/digest`, headers: { cookie } })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(202);
    const ids = answers.map((res) => res.json().jobId as string);
    for (const id of ids) {
      for (let i = 0; i < 200; i++) {
        const state = await instances[1].jobs.state("deadline-digest", id);
        if (state?.state === "succeeded" || state?.state === "failed") break;
        await sleep(100);
      }
    }
    expect(smtp.messages.length - before).toBe(1);
    expect(smtp.messages.at(-1)!.text).toContain(`/admin/accountability/${obligation.id}?`);
    const manual = await seeded.database.db.select({ status: digestRuns.status }).from(digestRuns).where(and(eq(digestRuns.companyId, company.id), eq(digestRuns.trigger, "MANUAL")));
    expect(manual.map((r) => r.status).sort()).toEqual(["NOTHING_NEW", "SENT"]);
  });
});
