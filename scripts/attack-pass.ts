/**
 * `npm run attack:pass`: a repeated attack pass against the real server over HTTP, on a throwaway
 * database with the demo data (not part of `npm test`). Every API route the OpenAPI description
 * lists is called by every non-ADMIN role with the other municipality's record ids, with forged
 * company headers and anonymously; failed logins rotate X-Forwarded-For. It prints the figures:
 * requests, 5xx answers, cross-tenant successes (any 2xx that reaches or shows another company's
 * data) and what the rate limit did. Exit 1 when a 5xx or a cross-tenant success happened.
 *
 * Options: `-- --rounds N` (default 3). Uses FIREBASE_AUTH_EMULATOR_HOST when set, else starts an
 * emulator on ATTACK_AUTH_EMULATOR_PORT (9397); TEST_DATABASE_URL runs it on PostgreSQL.
 */
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startAuthEmulator, type RunningEmulator } from "../server/local/emulator";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const ROUNDS = Number(args.rounds);

let emulator: RunningEmulator | undefined;
if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  const port = Number(process.env.ATTACK_AUTH_EMULATOR_PORT ?? 9397);
  console.log(`[ataque] iniciando o emulador de autenticação na porta ${port}…`);
  emulator = await startAuthEmulator({ projectId: "demo-sol-test", port, dir: mkdtempSync(path.join(os.tmpdir(), "sol-attack-auth-")), persist: false });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = "demo-sol-test";
}
// Imported after the emulator's variables are set: the identity client reads them.
const { createTestContext, sessionCookie } = await import("../tests/support/api");
const { startRecordedTransferegov } = await import("../tests/support/transferegov/server");

const say = (message: string) => console.log(`[ataque] ${message}`);
say("preparando o servidor com os dados de demonstração…");
// The sync routes are attacked too: they talk to a recorded Transferegov, never the real one.
const transferegov = await startRecordedTransferegov({});
const ctx = await createTestContext({ env: { TRANSFEREGOV_API_URL: transferegov.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
await ctx.app.listen({ host: "127.0.0.1", port: 0 });
const { port } = ctx.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

interface Answer {
  status: number;
  body: string;
}

const figures = { requests: 0, serverErrors: [] as string[], crossTenant: [] as string[], byStatus: new Map<number, number>() };

async function send(method: string, url: string, options: { cookie?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: "manual" });
  const body = await res.text();
  figures.requests += 1;
  figures.byStatus.set(res.status, (figures.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 500) figures.serverErrors.push(`${res.status} ${method} ${url}: ${body.slice(0, 120)}`);
  return { status: res.status, body };
}

const json = <T>(answer: Answer): T => JSON.parse(answer.body) as T;

// ── Who attacks, and what belongs to whom ─────────────────────────────────────────────────────────
const admin = await sessionCookie(ctx.app, "admin@demo.local");
const SJC = { id: 1, cnpj: "46643466000106" };
const CAMPINAS = { id: 2, cnpj: "51885242000140" };

/** A MANAGER of Campinas, so both municipalities have a MANAGER and a USER attacking. */
async function campinasManager(): Promise<string> {
  const email = `gestora.campinas.${Date.now()}@teste.local`;
  const created = await send("POST", "/api/users", { cookie: admin, body: { name: "Gestora Campinas", email, role: "MANAGER", companyId: CAMPINAS.id, sendInvite: true } });
  const link = new URL(json<{ invite: { link: string } }>(created).invite.link);
  const emulatorApi = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const password = "senha-gestora-1";
  await fetch(`${emulatorApi}/accounts:resetPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ oobCode: link.searchParams.get("oobCode"), newPassword: password }),
  });
  const signIn = await fetch(`${emulatorApi}/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ firebaseIdToken: idToken }) });
  const cookie = `__session=${/__session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1]}`;
  const me = json<{ user: { id: number } }>(await send("GET", "/api/auth/me", { cookie }));
  await send("PATCH", `/api/users/${me.user.id}`, { cookie, body: { acceptTerms: true } });
  return cookie;
}

interface Attacker {
  name: string;
  cookie: string;
  company: typeof SJC;
  /** The municipality it must never reach. */
  other: typeof SJC;
}
const attackers: Attacker[] = [
  { name: "MANAGER SJC", cookie: await sessionCookie(ctx.app, "gestor@demo.local"), company: SJC, other: CAMPINAS },
  { name: "USER SJC", cookie: await sessionCookie(ctx.app, "usuario@demo.local"), company: SJC, other: CAMPINAS },
  { name: "USER Campinas", cookie: await sessionCookie(ctx.app, "usuario2@demo.local"), company: CAMPINAS, other: SJC },
  { name: "MANAGER Campinas", cookie: await campinasManager(), company: CAMPINAS, other: SJC },
];

// Every list declared with defineResource (read from the app's routes): the shared ones belong to no
// company, and each company's first record of every other one is a target.
const declaredResources = ctx.app.apiRoutes
  .filter((route) => route.declared?.list)
  .map((route) => ({ name: route.declared!.list!.name, scope: { kind: route.declared!.scope } }))
  .filter((resource, i, all) => all.findIndex((other) => other.name === resource.name) === i);
const tenantResources = declaredResources.filter((resource) => resource.scope.kind !== "shared");
/** The declared area a route template belongs to (the longest `/api/<name>/` prefix). */
const declaredOf = (template: string) =>
  declaredResources.filter((resource) => template.startsWith(`/api/${resource.name}/`)).sort((a, b) => b.name.length - a.name.length)[0];

/** Sample identifiers of one company's records, read by the ADMIN. */
async function recordsOf(companyId: number) {
  const headers = { "x-company-id": String(companyId) };
  const first = async <T>(url: string) => json<T[]>(await send("GET", url, { cookie: admin, headers }))[0];
  const imposition = await first<{ id: number; nrTransfer: string }>("/api/imposition-transfers?_end=1");
  const voluntary = await first<{ id: number; nrTransfer: string }>("/api/voluntary-transfers?_end=1");
  const fund = await first<{ id: number; codPlan: string }>("/api/fund-to-fund-transfers?_end=1");
  const payment = await first<{ id: number }>("/api/transaction-payments?_end=1");
  const person = await first<{ id: number }>("/api/users?_end=1");
  // Declared areas: the company's first record of each (an id that exists nowhere when it has none).
  const declared = new Map<string, number>();
  for (const resource of tenantResources) {
    const row = await first<{ id: number } | undefined>(`/api/${resource.name}?_end=1`).catch(() => undefined);
    declared.set(resource.name, row?.id ?? 987654);
  }
  return { imposition, voluntary, fund, payment, person, companyId, declared };
}
const records = new Map([
  [SJC.id, await recordsOf(SJC.id)],
  [CAMPINAS.id, await recordsOf(CAMPINAS.id)],
]);

/** Fills a route template with the other company's record ids (the id the attacker must not reach). */
function foreignUrl(template: string, other: Awaited<ReturnType<typeof recordsOf>>): string {
  const idFor = (url: string) => {
    if (url.includes("imposition-transfers")) return other.imposition.id;
    if (url.includes("voluntary-transfers")) return other.voluntary.id;
    if (url.includes("fund-to-fund-transfers")) return other.fund.id;
    if (url.includes("transaction-payments")) return other.payment.id;
    if (url.includes("/users")) return other.person.id;
    if (url.includes("/companies")) return other.companyId;
    const declared = declaredOf(url);
    return (declared && other.declared.get(declared.name)) ?? 1;
  };
  return template
    .replace("{NR_TRANSFER}", template.includes("voluntary") ? other.voluntary.nrTransfer : other.imposition.nrTransfer)
    .replace("{key}", template.includes("voluntary") ? other.voluntary.nrTransfer : template.includes("fund") ? other.fund.codPlan : other.imposition.nrTransfer)
    .replace("{codPlan}", other.fund.codPlan)
    .replace("{cnpj}", other.companyId === SJC.id ? SJC.cnpj : CAMPINAS.cnpj)
    .replace("{slug}", "campinas")
    .replace("{*}", "avatars/1/00000000-0000-0000-0000-000000000000.png")
    .replace(/\{id\}/g, String(idFor(template)));
}

/** Any company id or CNPJ in a 2xx body that is not the attacker's own is a leak. */
function leaksOtherCompany(body: string, attacker: Attacker): boolean {
  return (
    new RegExp(`"companyId":${attacker.other.id}\\b`).test(body) ||
    body.includes(`"companyCNPJ":"${attacker.other.cnpj}"`) ||
    body.includes(`"cnpj":"${attacker.other.cnpj}"`)
  );
}

const SAMPLE_BODY: Record<string, unknown> = { name: "Ataque", phone: "(11) 90000-0000", situation: "CONCLUIDO", objectName: "ataque", acceptTerms: true, storagePath: null };

/** A fingerprint of the other company's data as the ADMIN sees it: unchanged means no write crossed. */
async function fingerprint(companyId: number): Promise<string> {
  const headers = { "x-company-id": String(companyId) };
  const parts = [];
  const declared = tenantResources.map((resource) => `/api/${resource.name}?_end=1000`);
  for (const url of [...new Set([...declared, "/api/transaction-payments?_end=5000", "/api/users?_end=1000", `/api/companies/${companyId}`])]) {
    parts.push((await send("GET", url, { cookie: admin, headers })).body);
  }
  return createHash("sha256").update(parts.join("\n")).digest("hex");
}

const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await send("GET", "/api/docs/json"));
const routes = Object.entries(doc.paths).flatMap(([template, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), template })));
// Shared areas (the content library, the programs catalogue…) belong to no company: every client reads the same rows.
const isShared = (template: string) => declaredOf(template)?.scope.kind === "shared";
// Routes that are the attacker's own session or public by design: crossing them proves nothing.
const skip = (template: string) => /^\/api\/(auth\/(login|logout|forgot-password)|log|health|config|docs|public\/|files\/|uploads\/)/.test(template);

say(`${routes.length} rotas na descrição OpenAPI; ${attackers.length} atacantes; ${ROUNDS} rodadas`);
const before = new Map([
  [SJC.id, await fingerprint(SJC.id)],
  [CAMPINAS.id, await fingerprint(CAMPINAS.id)],
]);
const startedAt = Date.now();
const countBefore = figures.requests;

for (let round = 1; round <= ROUNDS; round++) {
  for (const attacker of attackers) {
    const other = records.get(attacker.other.id)!;
    for (const { method, template } of routes) {
      if (skip(template)) continue;
      const url = foreignUrl(template, other);
      const body = method === "GET" || method === "DELETE" ? undefined : SAMPLE_BODY;
      const foreignHeaders: Record<string, string>[] = [{ "x-company-id": String(attacker.other.id) }, { "x-company-cnpj": attacker.other.cnpj }, { "x-company-id": String(attacker.company.id), "x-company-cnpj": attacker.other.cnpj }];
      // 1. The other company's record ids with the attacker's own session.
      const direct = await send(method, url, { cookie: attacker.cookie, body });
      const reachesForeignRecord = /\{(id|NR_TRANSFER|key|codPlan|cnpj)\}/.test(template) && !template.startsWith("/api/v1/") && !isShared(template);
      if (direct.status < 300 && (reachesForeignRecord || leaksOtherCompany(direct.body, attacker))) {
        figures.crossTenant.push(`${attacker.name}: ${method} ${url} → ${direct.status}`);
      }
      // 2. Forged company headers, on the attacker's own route shapes (lists, own ids).
      for (const headers of foreignHeaders) {
        const own = foreignUrl(template, records.get(attacker.company.id)!);
        const forged = await send(method, own, { cookie: attacker.cookie, headers, body });
        if (forged.status < 300 && !/^\/api\/auth\/me$/.test(template)) figures.crossTenant.push(`${attacker.name} (cabeçalho ${JSON.stringify(headers)}): ${method} ${own} → ${forged.status}`);
      }
    }
  }
  // 3. Anonymous on every private route.
  for (const { method, template } of routes) {
    if (skip(template)) continue;
    const res = await send(method, foreignUrl(template, records.get(SJC.id)!), { body: method === "GET" || method === "DELETE" ? undefined : SAMPLE_BODY });
    if (res.status < 300) figures.crossTenant.push(`anônimo: ${method} ${template} → ${res.status}`);
  }
  say(`rodada ${round}: ${figures.requests - countBefore} requisições até aqui`);
}
const crossingRequests = figures.requests - countBefore;
const crossingSeconds = (Date.now() - startedAt) / 1000;

// 4. Failed logins from one client rotating X-Forwarded-For (no TRUST_PROXY: the socket is the client).
const loginStatuses: number[] = [];
for (let i = 0; i < 120; i++) {
  const res = await send("POST", "/api/auth/login", { headers: { "x-forwarded-for": `198.51.100.${(i % 250) + 1}` }, body: { firebaseIdToken: `forjado-${i}` } });
  loginStatuses.push(res.status);
}
const firstLimited = loginStatuses.indexOf(429);

const after = new Map([
  [SJC.id, await fingerprint(SJC.id)],
  [CAMPINAS.id, await fingerprint(CAMPINAS.id)],
]);
const changed = [...before].filter(([id, hash]) => after.get(id) !== hash).map(([id]) => id);

console.log("");
say("══ resultado ══");
say(`requisições: ${figures.requests} (cruzamentos de cliente e perfil: ${crossingRequests} em ${crossingSeconds.toFixed(0)} s)`);
say(`respostas por status: ${[...figures.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(", ")}`);
say(`respostas 5xx: ${figures.serverErrors.length}`);
for (const line of figures.serverErrors.slice(0, 20)) say(`  ${line}`);
say(`sucessos entre clientes: ${figures.crossTenant.length}`);
for (const line of figures.crossTenant.slice(0, 20)) say(`  ${line}`);
say(`dados alterados por quem não podia (impressão digital dos dados de cada cliente antes e depois): ${changed.length ? changed.join(", ") : "nenhum"}`);
say(
  `login com X-Forwarded-For rotativo: ${loginStatuses.length} tentativas, ${loginStatuses.filter((s) => s === 401).length}×401 e ${loginStatuses.filter((s) => s === 429).length}×429; ` +
    `primeiro 429 na tentativa ${firstLimited + 1}`,
);

await ctx.app.close().catch(() => undefined);
await ctx.close().catch(() => undefined);
await transferegov.close();
await emulator?.stop();
process.exit(figures.serverErrors.length || figures.crossTenant.length || changed.length ? 1 : 0);
