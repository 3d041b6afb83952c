import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { auditLogs } from "../../server/db/schema";
import { contentDispositionFor } from "../../server/storage";
import { UPLOAD_CLEANUP_JOB } from "../../server/storage/ledger";
import { as, createTestContext, type TestContext } from "../support/api";
import { PNG_BYTES, demoApi, signInDemo, upload, type DemoCookies } from "../support/accounts";

/** Abuse limits: client addresses (hole 3), CSV/XLSX formulas (hole 8), upload quota and clean-up (hole 9). */
const api = demoApi();
const { manager, anonymous } = api;

const failedLogin = (remoteAddress: string, forwardedFor: string) =>
  anonymous()({ method: "POST", url: "/api/auth/login", remoteAddress, headers: { "x-forwarded-for": forwardedFor }, payload: { firebaseIdToken: "forjado" } });

describe("hole 3: rate limits and the audit log use the client's real address (TRUST_PROXY)", () => {
  it("with no proxy configured, 60 failed logins with a rotating X-Forwarded-For hit the limit after 30", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await failedLogin("10.3.0.1", `198.51.100.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(30).fill(429));
  });

  it("stores an anonymous report with the socket's address, marked ANONYMOUS, apart from what a session recorded", async () => {
    const report = await anonymous()({
      method: "POST",
      url: "/api/log",
      remoteAddress: "10.3.0.2",
      headers: { "x-forwarded-for": "6.6.6.6" },
      payload: { action: "LOGIN", comment: "Falha no login: x - e-mail: usuario@demo.local", userData: null },
    });
    expect(report.statusCode).toBe(201);
    await manager()({ method: "POST", url: "/api/log", payload: { action: "LOGIN", comment: "Login de gestor@demo.local", userData: null } });
    const logs = (await manager()({ method: "GET", url: "/api/audit-logs?_end=50" })).json() as { ip: string; source: string; action: string; email: string }[];
    const claimed = logs.find((l) => l.action === "LOGIN_FAILED" && l.email === "usuario@demo.local");
    expect(claimed).toMatchObject({ ip: "10.3.0.2", source: "ANONYMOUS" });
    expect(logs.some((l) => l.ip === "6.6.6.6")).toBe(false);
    expect(logs.find((l) => l.action === "LOGIN" && l.email === "gestor@demo.local")).toMatchObject({ source: "SESSION" });
    const onlyAnonymous = (await manager()({ method: "GET", url: "/api/audit-logs?source=ANONYMOUS" })).json() as { source: string }[];
    expect(onlyAnonymous.length).toBeGreaterThan(0);
    expect(onlyAnonymous.every((l) => l.source === "ANONYMOUS")).toBe(true);
  });

  it("limits anonymous reports per address per hour (counted in the table, so across instances and restarts)", async () => {
    const rows = Array.from({ length: 60 }, () => ({ action: "LOGIN_FAILED" as const, source: "ANONYMOUS" as const, ip: "10.3.0.3", comment: "x" }));
    await api.ctx.database.db.insert(auditLogs).values(rows);
    const send = (remoteAddress: string) => anonymous()({ method: "POST", url: "/api/log", remoteAddress, payload: { action: "LOGIN", comment: "x", userData: null } });
    const limited = await send("10.3.0.3");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Muitas tentativas. Aguarde um minuto e tente novamente.");
    expect((await send("10.3.0.4")).statusCode).toBe(201);
  });
});

describe("hole 8: CSV and XLSX exports neutralise cells that open like a formula", () => {
  const FORMULA = '=HYPERLINK("http://evil.example","Clique")';

  it("prefixes an apostrophe in the public CSV and the admin CSV and XLSX, leaving numbers and dates alone", async () => {
    const [publicRow] = (await anonymous()({ method: "GET", url: "/api/public/sao-jose-dos-campos/imposition-transfers?_end=1" })).json() as { nrTransfer: string }[];
    const transfer = (await manager()({ method: "GET", url: `/api/imposition-transfers/nr/${publicRow.nrTransfer}` })).json() as { id: number };
    const patch = await manager()({ method: "PATCH", url: `/api/imposition-transfers/${transfer.id}`, payload: { objectName: FORMULA, parliamentarianName: "@SOMA(1;2)" } });
    expect(patch.statusCode).toBe(200);

    const publicCsv = await anonymous()({ method: "GET", url: `/api/public/sao-jose-dos-campos/imposition-transfers.csv?q=${encodeURIComponent("evil.example")}` });
    const publicLine = publicCsv.body.split("\r\n").find((line) => line.startsWith(publicRow.nrTransfer))!;
    expect(publicLine).toContain(`"'=HYPERLINK(""http://evil.example"",""Clique"")"`);
    expect(publicLine).toContain(";'@SOMA(1;2)".replace(";'", ';"\'') + '"');
    expect(publicLine).not.toMatch(/;=|;"=|;@|;"@/);

    const adminCsv = await manager()({ method: "GET", url: `/api/imposition-transfers/export?format=csv&nrTransfer=${publicRow.nrTransfer}` });
    const [, adminLine] = adminCsv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(adminLine).toContain(`"'=HYPERLINK(""http://evil.example"",""Clique"")"`);
    expect(adminLine).toMatch(/;\d+,\d{2};/);
    expect(adminLine).toMatch(/;\d{2}\/\d{2}\/\d{4}/);

    const xlsx = await manager()({ method: "GET", url: `/api/imposition-transfers/export?format=xlsx&nrTransfer=${publicRow.nrTransfer}` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = (book.worksheets[0].getRow(2).values as unknown[]).filter((v) => typeof v === "string") as string[];
    expect(values).toContain(`'${FORMULA}`);
    expect(values).toContain("'@SOMA(1;2)");
    expect(values.some((v) => /^[=+\-@\t\r]/.test(v))).toBe(false);
  });
});

describe("hole 9: uploads have a per-company quota, a daily clean-up and a Content-Disposition", () => {
  let skew = 0;
  let ctx: TestContext;
  let cookies: DemoCookies;
  beforeAll(async () => {
    ctx = await createTestContext({ now: () => Date.now() + skew, env: { UPLOAD_PENDING_MAX: "3", TRUST_PROXY: "10.3.0.9" } });
    cookies = await signInDemo(ctx.app);
  });
  afterAll(async () => ctx?.close());
  const uploadUrl = (cookie: string) => as(ctx.app, cookie)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png", kind: "avatar" } });
  const put = (uploadURL: string) => ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
  const file = (storagePath: string) => ctx.app.inject({ method: "GET", url: `/api/files/${storagePath}` });

  it("refuses a company's next upload once it holds its quota of unattached ones, for any of its people, not other companies", async () => {
    const stored = [];
    for (let i = 0; i < 3; i++) stored.push(await upload(ctx.app, cookies.user, "avatar", "image/png", PNG_BYTES));
    const refused = await uploadUrl(cookies.user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Há 3 arquivos enviados e ainda não usados neste cliente (o limite é 3). Salve o arquivo no cadastro ou aguarde: arquivos não usados são apagados em 24 horas.",
    );
    expect((await uploadUrl(cookies.manager)).statusCode).toBe(429);
    expect((await uploadUrl(cookies.otherUser)).statusCode).toBe(200);

    // Attaching one frees its place.
    const me = (await as(ctx.app, cookies.user)({ method: "GET", url: "/api/auth/me" })).json().user;
    const attach = await as(ctx.app, cookies.user)({ method: "PATCH", url: `/api/users/${me.id}/avatar`, payload: { storagePath: stored[0] } });
    expect(attach.statusCode).toBe(200);
    expect((await uploadUrl(cookies.user)).statusCode).toBe(200);
  });

  it("counts parallel uploads one after another: of five links used at once, three store and two are refused", async () => {
    const urls = [];
    for (let i = 0; i < 5; i++) urls.push((await uploadUrl(cookies.admin)).json());
    const results = await Promise.all(urls.map((u) => put(u.uploadURL)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    for (const [i, res] of results.entries()) expect((await file(urls[i].storagePath)).statusCode).toBe(res.statusCode === 200 ? 200 : 404);
  });

  it("serves images inline with their name, and anything else as a download", async () => {
    const storagePath = await upload(ctx.app, cookies.otherUser, "avatar", "image/png", PNG_BYTES);
    const res = await file(storagePath);
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${storagePath.split("/").pop()}"`);
    expect(contentDispositionFor("application/pdf", "documentos/7/relatorio final.pdf")).toBe('attachment; filename="relatorio_final.pdf"');
    expect(contentDispositionFor("image/svg+xml", "x/1/a.svg")).toMatch(/^attachment;/);
  });

  it("removes the uploads never attached within a day, and keeps attached and recent ones", async () => {
    const me = (await as(ctx.app, cookies.otherUser)({ method: "GET", url: "/api/auth/me" })).json().user;
    const kept = await upload(ctx.app, cookies.otherUser, "avatar", "image/png", PNG_BYTES);
    await as(ctx.app, cookies.otherUser)({ method: "PATCH", url: `/api/users/${me.id}/avatar`, payload: { storagePath: kept } });
    const stale = await upload(ctx.app, cookies.otherUser, "avatar", "image/png", PNG_BYTES);
    expect((await ctx.app.cleanUploads()).length).toBe(0);

    skew = 25 * 60 * 60 * 1000;
    const recent = await upload(ctx.app, cookies.otherUser, "avatar", "image/png", PNG_BYTES);
    // What the hourly schedule runs, through the job runner.
    const id = await ctx.app.jobs.enqueue(UPLOAD_CLEANUP_JOB, {});
    for (let i = 0; i < 50 && (await ctx.app.jobs.state(UPLOAD_CLEANUP_JOB, id))?.state !== "succeeded"; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await ctx.app.jobs.state(UPLOAD_CLEANUP_JOB, id))?.state).toBe("succeeded");
    expect((await file(stale)).statusCode).toBe(404);
    expect((await file(kept)).statusCode).toBe(200);
    expect((await file(recent)).statusCode).toBe(200);
    // The company's pending count is down to the recent one: the quota has room again.
    expect((await uploadUrl(cookies.user)).statusCode).toBe(200);
    skew = 0;
  });

  it("with TRUST_PROXY naming the proxy, the client is the address the proxy appended, not one the client forged", async () => {
    const report = (forwardedFor: string) =>
      ctx.app.inject({ method: "POST", url: "/api/log", remoteAddress: "10.3.0.9", headers: { "x-forwarded-for": forwardedFor }, payload: { action: "LOGIN", comment: "x", userData: null } });
    expect((await report("6.6.6.6, 203.0.113.7")).statusCode).toBe(201);
    const [last] = (await as(ctx.app, cookies.admin)({ method: "GET", url: "/api/audit-logs?source=ANONYMOUS&_end=1" })).json() as { ip: string }[];
    expect(last.ip).toBe("203.0.113.7");
    // Each real client behind the proxy has its own login budget; one client is limited.
    const login = (client: string) =>
      ctx.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "10.3.0.9", headers: { "x-forwarded-for": client }, payload: { firebaseIdToken: "x" } });
    for (let i = 0; i < 35; i++) expect((await login(`203.0.113.${100 + i}`)).statusCode).toBe(401);
    const one = [];
    for (let i = 0; i < 31; i++) one.push((await login("203.0.113.250")).statusCode);
    expect(one.at(-1)).toBe(429);
  });
});
