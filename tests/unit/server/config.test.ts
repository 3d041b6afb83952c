import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "../../../server/config";

const credentials = path.join(mkdtempSync(path.join(os.tmpdir(), "sol-cred-")), "conta.json");
writeFileSync(credentials, "{}");
const production = { NODE_ENV: "production", FIREBASE_PROJECT_ID: "sol-prod", FIREBASE_API_KEY: "chave", GOOGLE_APPLICATION_CREDENTIALS: credentials, PUBLIC_ORIGIN: "https://sol.exemplo.gov.br" };

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("TRUST_PROXY", () => {
  it("trusts nobody by default, a hop count, or a list of addresses and ranges", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy(" 10.0.0.1, 10.1.0.0/16 ,::1 ")).toEqual(["10.0.0.1", "10.1.0.0/16", "::1"]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it("refuses 'true' and anything that is not an address, in pt-BR", () => {
    expect(problemsOf({ TRUST_PROXY: "true" })).toMatch(/TRUST_PROXY: "true" confiaria em qualquer cliente/);
    expect(problemsOf({ TRUST_PROXY: "10.0.0.1,proxy.local" })).toMatch(/TRUST_PROXY: endereço inválido: proxy\.local/);
    expect(problemsOf({ TRUST_PROXY: "10.0.0.0/33" })).toMatch(/endereço inválido: 10\.0\.0\.0\/33/);
  });
});

describe("daily schedules", () => {
  it("run the sync at 05:00 and the digest at 07:00 by default, another cron when set, and not at all when off", () => {
    expect(loadConfig({}).transferegov.syncSchedule).toBe("0 5 * * *");
    expect(loadConfig({}).mail.digestSchedule).toBe("0 7 * * *");
    expect(loadConfig({ TRANSFEREGOV_SYNC_SCHEDULE: "30 2 * * 1" }).transferegov.syncSchedule).toBe("30 2 * * 1");
    expect(loadConfig({ TRANSFEREGOV_SYNC_SCHEDULE: "off", DIGEST_SCHEDULE: "off" })).toMatchObject({ transferegov: { syncSchedule: undefined }, mail: { digestSchedule: undefined } });
  });

  it("refuses what is neither a cron expression nor off, in pt-BR", () => {
    expect(problemsOf({ TRANSFEREGOV_SYNC_SCHEDULE: "nunca" })).toMatch(/TRANSFEREGOV_SYNC_SCHEDULE.*use uma expressão cron \(ex\.: 0 5 \* \* \*\) ou off/);
  });
});

describe("production", () => {
  it("starts with a real project, its credentials and its web key, and never seeds demo data", () => {
    const config = loadConfig(production);
    expect(config.firebase.projectId).toBe("sol-prod");
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "development" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("names every missing or unsafe variable", () => {
    const none = problemsOf({ NODE_ENV: "production" });
    expect(none).toContain("FIREBASE_PROJECT_ID: obrigatório em produção");
    expect(none).toContain("GOOGLE_APPLICATION_CREDENTIALS: obrigatório em produção");
    expect(none).toContain("FIREBASE_API_KEY: obrigatório em produção");
    expect(problemsOf({ ...production, FIREBASE_PROJECT_ID: "demo-x" })).toContain("FIREBASE_PROJECT_ID: projetos demo-* só existem no emulador local");
    expect(problemsOf({ ...production, GOOGLE_APPLICATION_CREDENTIALS: "/nao/existe.json" })).toContain("GOOGLE_APPLICATION_CREDENTIALS: arquivo não encontrado: /nao/existe.json");
    expect(problemsOf({ ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toContain("FIREBASE_AUTH_EMULATOR_HOST: o emulador aceita tokens sem assinatura");
    expect(problemsOf({ ...production, SEED_DEMO: "true" })).toContain("SEED_DEMO: dados de demonstração nunca são criados em produção");
  });

  it("speaks pt-BR about malformed values too", () => {
    expect(problemsOf({ UPLOAD_PENDING_MAX: "muitos" })).toContain("UPLOAD_PENDING_MAX: informe um número inteiro");
    expect(problemsOf({ SEED_DEMO: "sim" })).toContain("SEED_DEMO: use true ou false");
  });
});

describe("where the server listens and what origin it trusts (issue 36 items 2 and 5)", () => {
  it("listens only on this machine outside production unless HOST says otherwise, and on every interface in production", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig(production).host).toBe("0.0.0.0");
  });

  it("takes the public origin from PUBLIC_ORIGIN (as an origin), else this server on localhost, and requires it in production", () => {
    expect(loadConfig({}).publicOrigin).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "4100" }).publicOrigin).toBe("http://localhost:4100");
    expect(loadConfig({ PUBLIC_ORIGIN: "https://sol.exemplo.gov.br/admin/" }).publicOrigin).toBe("https://sol.exemplo.gov.br");
    const { PUBLIC_ORIGIN: _omitted, ...withoutOrigin } = production;
    expect(problemsOf(withoutOrigin)).toContain("PUBLIC_ORIGIN: obrigatório em produção");
    expect(problemsOf({ PUBLIC_ORIGIN: "ftp://sol.exemplo.gov.br" })).toContain("PUBLIC_ORIGIN: use http:// ou https://");
  });
});
