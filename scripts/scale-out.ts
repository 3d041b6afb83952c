/**
 * `npm run test:scale-out`: the product as production runs it, on this machine. A throwaway PostgreSQL
 * (or a fresh database on SCALE_OUT_POSTGRES_URL), a local S3-compatible bucket (s3rver, in this
 * process), the auth emulator, two app instances (DATABASE_URL and STORAGE_* set, each on its own port
 * and its own DATA_DIR, LOG_LEVEL=warn) and HAProxy in front, health-checking the readiness endpoint.
 * A bounded mixed load (sign-ins, lists, writes, uploads and downloads) goes through the proxy; one
 * instance is killed with SIGKILL in the middle and started again. It asserts:
 *  - no acknowledged write is lost: every write answered 2xx is readable afterwards through the proxy;
 *  - a file uploaded through one instance downloads through the other (a link signed by a, its file
 *    PUT to b), and every upload acknowledged during the load is readable straight from both instances;
 *  - a job enqueued through the proxy (the deadline digest of one client) runs once, on either instance;
 *  - no request failed except those in flight on the killed instance (at most one per load worker);
 *  - the rate limits hold across both instances (the password-reset limit: 5 a minute per address; wrong
 *    sign-ins: the 31st forged token within a minute is refused with 429 wherever it lands);
 *  - both instances serve again after the restart.
 * Its figures go to bench/results/<date>-scale-out.md. All traffic stays on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { loadConfig } from "../server/config";
import { createIdentity } from "../server/auth/identity";
import { ensureDemoIdentities } from "../server/local/demo-identities";
import { startAuthEmulator, type RunningEmulator } from "../server/local/emulator";
import { DEMO_PASSWORD } from "../server/db/seed/demo-accounts";
import { startLocalBucket } from "../tests/support/local-bucket";
import { freePort } from "../tests/support/ports";
import { startTestSmtp } from "../tests/support/smtp";

const LOAD_WORKERS = 6;
const LOAD_SECONDS = Number(process.env.SCALE_OUT_LOAD_SECONDS) || 24;
const KILL_AFTER_SECONDS = Math.round(LOAD_SECONDS / 3);
const PROJECT_ID = "demo-sol-scale";
const HAPROXY = process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy";
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const MANAGER = "gestor@demo.local";
const ADMIN = "admin@demo.local";
/** Uploads during the load: the upload links are limited to 30 a minute per address, and all the load comes from one. */
const LOAD_UPLOADS = 12;
/** The smallest valid PNG (1×1): the server proves an image's type by its bytes. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082",
  "hex",
);

const say = (message: string) => console.log(`[scale-out] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const root = process.cwd();
const work = mkdtempSync(path.join(os.tmpdir(), "sol-scale-out-"));
const cleanups: (() => Promise<unknown> | unknown)[] = [];

/** A PostgreSQL database for this run: on the server named by SCALE_OUT_POSTGRES_URL, else on a cluster of its own. */
async function startPostgres(): Promise<string> {
  let serverUrl = process.env.SCALE_OUT_POSTGRES_URL;
  if (!serverUrl) {
    const port = await freePort();
    // Its own folder under the system's temp (the run's folder is private to this user; the cluster's owner must reach it).
    const dir = mkdtempSync(path.join(os.tmpdir(), "sol-scale-pg-"));
    // initdb refuses to run as root: the cluster belongs to the postgres user, as in .ci/run.
    const asPostgres = process.getuid?.() === 0;
    if (asPostgres) chownSync(dir, Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim()), 0);
    const run = (command: string) => {
      const result = asPostgres ? spawnSync("su", ["postgres", "-c", command]) : spawnSync("sh", ["-c", command]);
      if (result.status !== 0) throw new Error(`${command}: ${result.stderr}`);
    };
    run(`${PG_BIN}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 >/dev/null`);
    run(`${PG_BIN}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1' -l ${dir}/log -w start >/dev/null`);
    cleanups.push(() => {
      run(`${PG_BIN}/pg_ctl -D ${dir}/data -m immediate stop >/dev/null`);
      rmSync(dir, { recursive: true, force: true });
    });
    serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  const name = `sol_scale_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Instance {
  name: string;
  port: number;
  child?: ChildProcess;
  output: string[];
}

/** Starts (or starts again) one app instance: server/main.ts as production runs it, against the shared database. */
async function startInstance(instance: Instance, env: Record<string, string>): Promise<number> {
  const began = performance.now();
  const folder = path.join(work, instance.name);
  mkdirSync(path.join(folder, "dist"), { recursive: true });
  writeFileSync(path.join(folder, "dist", "index.html"), "<!doctype html><title>SOL</title>");
  instance.output = [];
  // Node itself with tsx's loader, not the tsx wrapper: SIGKILL must hit the process that listens.
  const tsx = path.join(root, "node_modules/tsx/dist");
  const args = ["--require", path.join(tsx, "preflight.cjs"), "--import", pathToFileURL(path.join(tsx, "loader.mjs")).href, path.join(root, "server/main.ts")];
  const child = spawn(process.execPath, args, {
    cwd: folder,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(instance.port), DATA_DIR: path.join(folder, "data") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  instance.child = child;
  child.stdout!.on("data", (chunk) => instance.output.push(String(chunk)));
  child.stderr!.on("data", (chunk) => instance.output.push(String(chunk)));
  let exited = false;
  child.on("exit", () => (exited = true));
  for (let i = 0; i < 1800; i++) {
    if (/pronto em/.test(instance.output.join(""))) return performance.now() - began;
    if (exited) throw new Error(`${instance.name} terminou ao iniciar:\n${instance.output.join("")}`);
    await sleep(100);
  }
  throw new Error(`${instance.name} não ficou pronto em 3 minutos:\n${instance.output.join("")}`);
}

function haproxyConfig(frontPort: number, statsPort: number, instances: Instance[]): string {
  return [
    "global",
    "  maxconn 256",
    "defaults",
    "  mode http",
    "  timeout connect 1s",
    "  timeout client 30s",
    "  timeout server 30s",
    // A health check may take 2 s on a loaded machine (without it HAProxy allows only `inter`, 500 ms);
    // a killed instance is still noticed at once, its connections are refused.
    "  timeout check 2s",
    // A refused connection (the killed instance) is retried on the other one; a request already sent is not.
    "  retries 3",
    "  option redispatch",
    "  option forwardfor",
    "frontend web",
    `  bind 127.0.0.1:${frontPort}`,
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /api/health/ready",
    "  http-check expect status 200",
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter 500 fall 2 rise 2`),
    "listen stats",
    `  bind 127.0.0.1:${statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    "",
  ].join("\n");
}

async function idToken(emulatorHost: string, email: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`login no emulador falhou para ${email}`);
  return body.idToken;
}

interface Outcome {
  kind: "login" | "list" | "write" | "read" | "upload" | "download";
  status: number | "rede";
  at: number;
}

async function main() {
  const began = performance.now();
  const databaseUrl = await startPostgres();
  say("PostgreSQL pronto");
  const emulatorPort = await freePort();
  const emulator: RunningEmulator = await startAuthEmulator({ projectId: PROJECT_ID, port: emulatorPort, dir: path.join(work, "auth"), persist: false });
  cleanups.push(() => emulator.stop());
  say(`emulador de autenticação em ${emulator.host}`);
  // The bucket both instances keep their files in (on SCALE_OUT_BUCKET_PORT when the machine hands out ports).
  const bucket = await startLocalBucket({ bucket: "sol-escala", port: Number(process.env.SCALE_OUT_BUCKET_PORT) || undefined });
  cleanups.push(() => bucket.close());
  say(`bucket local (s3rver) em ${bucket.endpoint}`);
  // Where the digest goes: a catcher that counts the messages (a job that ran twice would send twice).
  const smtp = await startTestSmtp();
  cleanups.push(() => smtp.close());

  const env: Record<string, string> = {
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
    // Files in the bucket, links signed with one secret: what one instance stores or signs, the other serves.
    ...bucket.env,
    // The load's uploads are never attached to a record: room for them in the client's quota.
    UPLOAD_PENDING_MAX: "200",
  };
  const identity = createIdentity(loadConfig({ ...process.env, ...env }));
  await ensureDemoIdentities(identity.auth);
  await identity.close();

  const instances: Instance[] = [
    { name: "a", port: await freePort(), output: [] },
    { name: "b", port: await freePort(), output: [] },
  ];
  cleanups.push(() => instances.forEach((instance) => instance.child?.kill("SIGKILL")));
  // The first one migrates and seeds; the second then finds a ready database.
  const startA = await startInstance(instances[0], env);
  const startB = await startInstance(instances[1], env);
  say(`instâncias prontas (a em ${(startA / 1000).toFixed(1)} s, b em ${(startB / 1000).toFixed(1)} s)`);

  const frontPort = await freePort();
  const statsPort = await freePort();
  const configFile = path.join(work, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(frontPort, statsPort, instances));
  const haproxy = spawn(HAPROXY, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  const haproxyOutput: string[] = [];
  haproxy.stdout.on("data", (chunk) => haproxyOutput.push(String(chunk)));
  haproxy.stderr.on("data", (chunk) => haproxyOutput.push(String(chunk)));
  cleanups.push(() => haproxy.kill("SIGKILL"));
  const front = `http://127.0.0.1:${frontPort}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${front}/api/health/ready`).then((res) => res.ok, () => false);
    if (ok) break;
    if (i === 99) throw new Error(`o HAProxy não respondeu:\n${haproxyOutput.join("")}`);
    await sleep(100);
  }
  say(`HAProxy em ${front}`);

  // One session for the load: sessions live in the database, so either instance serves it.
  const login = async () => {
    const res = await fetch(`${front}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firebaseIdToken: await idToken(emulator.host, MANAGER) }),
    });
    return res;
  };
  const first = await login();
  if (first.status !== 200) throw new Error(`login pelo proxy falhou: ${first.status} ${await first.text()}`);
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
  const direct = (instance: Instance) => `http://127.0.0.1:${instance.port}`;

  // A file across instances: the link signed by a, the file PUT to b, read back from both.
  const crossUpload = await uploadPng(direct(instances[0]), direct(instances[1]), cookie);
  const crossReads = await Promise.all(instances.map((instance) => readsBack(direct(instance), crossUpload)));
  say(`arquivo enviado pela instância a e gravado pela b: lido pela a ${crossReads[0] ? "sim" : "não"}, pela b ${crossReads[1] ? "sim" : "não"}`);

  // A job enqueued through the proxy: the deadline digest of client 1 ("Enviar agora", ADMIN only).
  const adminLogin = await fetch(`${front}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firebaseIdToken: await idToken(emulator.host, ADMIN) }),
  });
  const adminCookie = (adminLogin.headers.get("set-cookie") ?? "").split(";")[0];
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  cleanups.push(() => sql.end());
  await sql.query(`update companies set parametrization = jsonb_set(parametrization, '{alertEmails}', '["operacao@escala.gov.br"]') where id = 1`);
  const runsBefore = Number((await sql.query("select count(*) from digest_runs where company_id = 1")).rows[0].count);
  const enqueued = await fetch(`${front}/api/companies/1/digest`, { method: "POST", headers: { cookie: adminCookie } });
  if (enqueued.status !== 202) throw new Error(`o resumo de prazos não foi enfileirado: ${enqueued.status} ${await enqueued.text()}`);

  const outcomes: Outcome[] = [];
  const written = new Map<number, string>();
  let serial = 0;
  const t0 = performance.now();
  const stamp = () => performance.now() - t0;
  const timed = async (kind: Outcome["kind"], run: () => Promise<Response>) => {
    try {
      const res = await run();
      outcomes.push({ kind, status: res.status, at: stamp() });
      return res;
    } catch {
      outcomes.push({ kind, status: "rede", at: stamp() });
      return undefined;
    }
  };
  const headers = { cookie, "content-type": "application/json" };
  const deadline = LOAD_SECONDS * 1000;
  let loginsLeft = 12;
  let uploadsLeft = LOAD_UPLOADS;
  const uploaded: string[] = [];
  let downloadsOk = 0;

  async function worker(index: number) {
    for (let round = 0; stamp() < deadline; round++) {
      const pick = (round + index) % 5;
      if (pick === 0 && loginsLeft > 0 && index === 0) {
        loginsLeft--;
        await timed("login", login);
      } else if (pick === 0 && uploadsLeft > 0 && index === 1) {
        // An upload through the proxy (link and PUT each to whichever instance), then its download.
        uploadsLeft--;
        const link = await timed("upload", () => fetch(`${front}/api/companies/upload-url`, { method: "POST", headers, body: JSON.stringify({ contentType: "image/png", kind: "logo" }) }));
        if (!link?.ok) {
          await link?.text();
          continue;
        }
        const { uploadURL, storagePath } = (await link.json()) as { uploadURL: string; storagePath: string };
        const put = await timed("upload", () => fetch(`${front}${uploadURL}`, { method: "PUT", headers: { "content-type": "image/png" }, body: PNG }));
        if (!put?.ok) {
          await put?.text();
          continue;
        }
        uploaded.push(storagePath);
        const file = await timed("download", () => fetch(`${front}/api/files/${storagePath}`));
        if (file?.ok && Buffer.from(await file.arrayBuffer()).equals(PNG)) downloadsOk++;
      } else if (pick <= 2) {
        await timed("list", () => fetch(`${front}/api/imposition-transfers?_end=20`, { headers }));
      } else {
        const number = `${String(++serial).padStart(6, "0")}`;
        const nrTransfer = `01012026-${number}`;
        const res = await timed("write", () =>
          fetch(`${front}/api/imposition-transfers`, {
            method: "POST",
            headers,
            body: JSON.stringify({
              nrTransfer,
              year: 2026,
              situation: "CIENTE",
              amendmentNumber: `2026${number}00`.slice(0, 12),
              parliamentarianName: "CARGA DE TESTE",
              expenseCategory: "INVESTIMENTO",
              costingValue: 0,
              investmentValue: "1000.00",
              acceptedAt: "2026-03-10",
              objectName: `Carga ${nrTransfer}`,
              executionStart: "2026-04-01",
              executionEnd: "2027-04-01",
            }),
          }),
        );
        if (res && res.status >= 200 && res.status < 300) written.set(((await res.json()) as { id: number }).id, nrTransfer);
        else if (res) await res.text();
      }
    }
  }

  // The kill: SIGKILL in the middle of the load, then a restart; the failover time is how long the
  // proxy took to stop sending to it, read from the outcomes (the last failure after the kill).
  const victim = instances[1];
  let killedAt = 0;
  let restartMs = 0;
  const chaos = (async () => {
    await sleep(KILL_AFTER_SECONDS * 1000);
    killedAt = stamp();
    victim.child!.kill("SIGKILL");
    say(`instância ${victim.name} morta com SIGKILL aos ${(killedAt / 1000).toFixed(1)} s de carga`);
    await sleep(1500);
    restartMs = await startInstance(victim, env);
    say(`instância ${victim.name} reiniciada em ${(restartMs / 1000).toFixed(1)} s`);
  })();
  await Promise.all([...Array.from({ length: LOAD_WORKERS }, (_, i) => worker(i)), chaos]);

  // Every acknowledged write is there, read through the proxy (so through either instance).
  let lost = 0;
  for (const [id, nrTransfer] of written) {
    const res = await fetch(`${front}/api/imposition-transfers/${id}`, { headers });
    const body = res.ok ? ((await res.json()) as { nrTransfer?: string }) : undefined;
    if (body?.nrTransfer !== nrTransfer) lost++;
  }

  // Both instances serve again: the proxy sends to the restarted one once its readiness passes.
  await sleep(1500);
  const readiness = await Promise.all(instances.map((instance) => fetch(`${direct(instance)}/api/health/ready`).then((res) => res.status, () => 0)));

  // Every upload acknowledged during the load is in the bucket: readable straight from each instance.
  let unreadable = 0;
  for (const storagePath of uploaded) {
    for (const instance of instances) if (!(await readsBack(direct(instance), storagePath))) unreadable++;
  }

  // The digest ran once: one run recorded and one message, whichever instance took it (pg-boss polls every 2 s).
  let digestRuns = 0;
  for (let i = 0; i < 40 && digestRuns === 0; i++) {
    await sleep(500);
    digestRuns = Number((await sql.query("select count(*) from digest_runs where company_id = 1")).rows[0].count) - runsBefore;
  }
  await sleep(3000);
  digestRuns = Number((await sql.query("select count(*) from digest_runs where company_id = 1")).rows[0].count) - runsBefore;
  const digestMessages = smtp.messages.filter((message) => message.envelopeTo.includes("operacao@escala.gov.br")).length;

  // The password-reset limit (5 a minute per address) holds across both: the 6th is refused wherever it lands.
  const resets: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${front}/api/auth/forgot-password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "ninguem@exemplo.gov.br" }) });
    resets.push(res.status);
    await res.text();
  }

  // Wrong sign-ins spread over both instances hit one limit: the token exchange takes 30 a minute per
  // client. In a fresh window (its counter removed, as a minute's wait would), 31 forged tokens go through
  // the proxy's round robin: 30 are refused as wrong (401) and the 31st is limited (429), as on one instance.
  await sql.query("delete from rate_limits where key like 'POST /api/auth/login|%'");
  const wrongSignIns: number[] = [];
  for (let i = 0; i < 31; i++) {
    const res = await fetch(`${front}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ firebaseIdToken: `token-forjado-${i}` }) });
    wrongSignIns.push(res.status);
    await res.text();
  }
  const wrongSignInsOk = wrongSignIns.slice(0, 30).every((status) => status === 401) && wrongSignIns[30] === 429;

  const failures = outcomes.filter((o) => o.status === "rede" || (typeof o.status === "number" && o.status >= 500));
  const failuresAfterKill = failures.filter((o) => o.at >= killedAt);
  const failoverMs = failuresAfterKill.length ? Math.max(...failuresAfterKill.map((o) => o.at)) - killedAt : 0;
  const count = (kind: Outcome["kind"]) => outcomes.filter((o) => o.kind === kind).length;
  const problems: string[] = [];
  if (lost) problems.push(`${lost} gravações confirmadas não foram encontradas depois`);
  if (failures.some((o) => o.at < killedAt)) problems.push("falhas antes da queda da instância");
  if (failures.length > LOAD_WORKERS) problems.push(`${failures.length} requisições falharam (no máximo ${LOAD_WORKERS} estavam em curso na instância morta)`);
  if (readiness.some((status) => status !== 200)) problems.push(`instâncias sem prontidão depois do reinício: ${readiness.join(", ")}`);
  if (crossReads.some((ok) => !ok)) problems.push("o arquivo enviado por uma instância não foi lido pela outra");
  if (uploaded.length === 0) problems.push("nenhum envio de arquivo confirmado durante a carga");
  if (unreadable) problems.push(`${unreadable} leituras de arquivos enviados falharam direto nas instâncias`);
  if (digestRuns !== 1 || digestMessages > 1) problems.push(`o job enfileirado rodou ${digestRuns} vezes (${digestMessages} mensagens); esperado: uma`);
  if (resets.join(",") !== "200,200,200,200,200,429") problems.push(`limite de redefinição de senha não se manteve entre as instâncias: ${resets.join(", ")}`);
  if (written.size === 0) problems.push("nenhuma gravação confirmada durante a carga");
  if (!wrongSignInsOk) problems.push(`o limite de logins errados (30/min) não se manteve entre as instâncias: ${wrongSignIns.join(", ")}`);

  const totalSeconds = (performance.now() - began) / 1000;
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# Escala horizontal: duas instâncias atrás do HAProxy (${date})`,
    "",
    "`npm run test:scale-out`: PostgreSQL 15, bucket S3 local (s3rver), emulador de autenticação, duas instâncias (`server/main.ts`, DATABASE_URL,",
    `STORAGE_*, LOG_LEVEL=warn) e HAProxy com verificação em /api/health/ready (a cada 500 ms, 2 falhas tiram a instância). Carga de ${LOAD_SECONDS} s`,
    `com ${LOAD_WORKERS} clientes (logins, listas, gravações, envios e downloads de arquivos); a instância b recebe SIGKILL aos ${(killedAt / 1000).toFixed(1)} s e é reiniciada.`,
    "",
    "| medida | valor |",
    "| --- | --- |",
    `| requisições | ${outcomes.length} (logins ${count("login")}, listas ${count("list")}, gravações ${count("write")}, envios ${count("upload")}, downloads ${count("download")}) |`,
    `| gravações confirmadas (2xx) | ${written.size}, perdidas: ${lost} |`,
    `| arquivo com link da instância a e PUT na b | lido pela a: ${crossReads[0] ? "sim" : "não"}, pela b: ${crossReads[1] ? "sim" : "não"} |`,
    `| envios confirmados na carga | ${uploaded.length}, baixados pelo proxy: ${downloadsOk}, leituras diretas em a e b que falharam: ${unreadable} |`,
    `| job enfileirado pelo proxy (resumo de prazos) | execuções: ${digestRuns}, mensagens: ${digestMessages} |`,
    `| falhas (rede ou 5xx) | ${failures.length}, todas depois da queda: ${failures.every((o) => o.at >= killedAt) ? "sim" : "não"} |`,
    `| tempo de failover (queda → última falha) | ${(failoverMs / 1000).toFixed(2)} s |`,
    `| reinício da instância | ${(restartMs / 1000).toFixed(1)} s |`,
    `| limite de redefinição de senha (5/min) pelo proxy | ${resets.join(", ")} |`,
    `| logins com token forjado pelo proxy (limite 30/min) | ${wrongSignIns.filter((s) => s === 401).length} × 401, depois ${wrongSignIns.slice(30).join(", ")} |`,
    `| duração total | ${totalSeconds.toFixed(0)} s |`,
    "",
    problems.length ? `Resultado: FALHOU — ${problems.join("; ")}.` : "Resultado: ok.",
    "",
  ].join("\n");
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", `${date}-scale-out.md`), report);
  console.log(report);
  if (problems.length) {
    for (const instance of instances) console.error(`--- saída da instância ${instance.name} ---\n${instance.output.join("").slice(-4000)}`);
    throw new Error(problems.join("; "));
  }
}

/** Asks `signer` for a logo's upload link and PUTs the file to `receiver`: returns its storage path. */
async function uploadPng(signer: string, receiver: string, cookie: string): Promise<string> {
  const link = await fetch(`${signer}/api/companies/upload-url`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ contentType: "image/png", kind: "logo" }) });
  if (!link.ok) throw new Error(`link de envio falhou: ${link.status} ${await link.text()}`);
  const { uploadURL, storagePath } = (await link.json()) as { uploadURL: string; storagePath: string };
  const put = await fetch(`${receiver}${uploadURL}`, { method: "PUT", headers: { "content-type": "image/png" }, body: PNG });
  if (!put.ok) throw new Error(`envio falhou: ${put.status} ${await put.text()}`);
  return storagePath;
}

/** Whether the instance at `base` serves the file with the bytes that were sent. */
async function readsBack(base: string, storagePath: string): Promise<boolean> {
  const res = await fetch(`${base}/api/files/${storagePath}`).catch(() => undefined);
  return Boolean(res?.ok) && Buffer.from(await res!.arrayBuffer()).equals(PNG);
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}

// Bounded: whatever happens, the run ends within five minutes (SCALE_OUT_LIMIT_MINUTES on a machine shared by many runs).
const LIMIT_MINUTES = Number(process.env.SCALE_OUT_LIMIT_MINUTES) || 5;
const limit = setTimeout(() => {
  console.error(`[scale-out] falhou: passou de ${LIMIT_MINUTES} minutos`);
  void cleanUp().finally(() => process.exit(1));
}, LIMIT_MINUTES * 60 * 1000);
limit.unref();

main().then(
  async () => {
    await cleanUp();
    console.log("[scale-out] ok");
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(`[scale-out] falhou: ${error instanceof Error ? error.message : String(error)}`);
    await cleanUp();
    process.exit(1);
  },
);
