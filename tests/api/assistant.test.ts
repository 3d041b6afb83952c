import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { loadConfig } from "../../server/config";
import { buildApp } from "../../server/app";
import { answerQuestion, NO_COMPANY_ANSWER, type Answerer } from "../../server/assistant";
import { normalizeQuestion } from "../../server/assistant/text";
import { ASSISTANT_TEXTS } from "../../src/domain/assistant";

const SJC = "46643466000106";
const CAMPINAS = "51885242000140";
const PREDICTION = "/api/v1/prediction/sol-local";

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const email of ["admin@demo.local", "gestor@demo.local", "usuario@demo.local"]) cookies[email] = await sessionCookie(ctx.app, email);
});
afterAll(async () => ctx?.close());

const asUser = (email?: string) => as(ctx.app, email ? cookies[email] : undefined);
const ask = (question: string, cnpj = SJC) =>
  asUser("admin@demo.local")({ method: "POST", url: PREDICTION, payload: { question, chatId: "chat-1", overrideConfig: { vars: { cnpj, proponente: "Prefeitura de X" } } } });

describe("the built-in assistant's widget protocol", () => {
  it("tells the widget an ADMIN's answers are not streamed and it has no server-side widget config", async () => {
    const streaming = await asUser("admin@demo.local")({ method: "GET", url: "/api/v1/chatflows-streaming/sol-local" });
    expect(streaming.statusCode).toBe(200);
    expect(streaming.json()).toEqual({ isStreaming: false });
    const config = await asUser("admin@demo.local")({ method: "GET", url: "/api/v1/public-chatbotConfig/sol-local" });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({});
  });

  it.each([
    ["anonymous", undefined, 401],
    ["a MANAGER", "gestor@demo.local", 403],
    ["a USER", "usuario@demo.local", 403],
  ])("refuses %s on every endpoint with a message the widget shows", async (_who, email, status) => {
    for (const request of [
      { method: "GET" as const, url: "/api/v1/chatflows-streaming/sol-local" },
      { method: "GET" as const, url: "/api/v1/public-chatbotConfig/sol-local" },
      { method: "POST" as const, url: PREDICTION, payload: { question: "Quais são os dados da prefeitura?", overrideConfig: { vars: { cnpj: SJC } } } },
    ]) {
      const res = await asUser(email)(request);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it("answers an unknown chatflow id with 404", async () => {
    const res = await asUser("admin@demo.local")({ method: "POST", url: "/api/v1/prediction/outro", payload: { question: "oi" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("Assistente não encontrado.");
  });

  it("answers the company's data from the database of the company named by cnpj", async () => {
    const res = await ask("Quais são os dados da prefeitura?");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.text).toContain("Prefeitura de São José dos Campos (SP)");
    expect(body.text).toContain("CNPJ: 46.643.466/0001-06");
    expect(body.text).toContain("Prefeito(a): Anderson Farias Ferreira");
    expect(body.text).toContain("/transparency/sao-jose-dos-campos");
    expect(body.chatId).toBe("chat-1");
    expect(body.question).toBe("Quais são os dados da prefeitura?");

    const other = await ask("qual o cnpj?", CAMPINAS);
    expect(other.json().text).toContain("Prefeitura de Campinas");
    expect(other.json().text).not.toContain("São José");
  });

  it("lists what it can answer for the first starter prompt", async () => {
    const res = await ask(ASSISTANT_TEXTS.starterPrompts[0]);
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toContain("Eu sou o SOL, o agente da Prefeitura de São José dos Campos");
    expect(res.json().text).toContain("- Quais são os dados da prefeitura (CNPJ, prefeito, contatos)?");
  });

  it("answers the spec's 'último pagamento' prompt with the company's newest payment in which money moved", async () => {
    const { latestPayment } = await import("../../server/domain/transfers");
    const expected = await latestPayment(ctx.database.db, 1);
    const res = await ask(ASSISTANT_TEXTS.starterPrompts[1]);
    expect(res.statusCode).toBe(200);
    const text: string = res.json().text;
    expect(text).toContain("Último pagamento da Prefeitura de São José dos Campos");
    expect(expected).not.toBeNull();
    expect(["BANK_ORDER", "DISBURSEMENT", "SUPPLIER_PAYMENT"]).toContain(expected!.kind);
    expect(text).toContain(expected!.nrTransfer);
    expect(text).toContain(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(expected!.amount)));
  });

  it("answers the spec's 'transferêcias ativas' prompt (its spelling) with the transfers in force", async () => {
    const { activeTransfers } = await import("../../server/domain/transfers");
    const active = await activeTransfers(ctx.database.db, 2, new Date().toISOString().slice(0, 10));
    const res = await ask(ASSISTANT_TEXTS.starterPrompts[2], CAMPINAS);
    expect(res.statusCode).toBe(200);
    const text: string = res.json().text;
    expect(text).toContain(`${active.length} transferências ativas na Prefeitura de Campinas`);
    expect(text).toContain(active[0].key);
    expect(text).not.toContain("São José");
  });

  it("says honestly when it does not know, and what it can answer instead", async () => {
    const res = await ask("Qual a previsão do tempo amanhã?");
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toMatch(/^Desculpe, não sei responder a essa pergunta/);
    expect(res.json().text).toContain("O que posso perguntar para você?");
  });

  it("asks for a company when cnpj is missing or names no company", async () => {
    for (const cnpj of ["", "00000000000000"]) {
      const res = await ask("Quais são os dados da prefeitura?", cnpj);
      expect(res.statusCode).toBe(200);
      expect(res.json().text).toBe(NO_COMPANY_ANSWER);
    }
    const noVars = await asUser("admin@demo.local")({ method: "POST", url: PREDICTION, payload: { question: "Quais são os dados da prefeitura?" } });
    expect(noVars.json().text).toBe(NO_COMPANY_ANSWER);
  });

  it("refuses a question over 300 characters with the spec's message, and an empty one", async () => {
    const long = await ask("a".repeat(301));
    expect(long.statusCode).toBe(422);
    expect(long.json().error).toBe("Você excedeu o limite de 300 caracteres. Digite uma mensagem menor!");
    expect((await ask("a".repeat(300))).statusCode).toBe(200);
    const empty = await ask("   ");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toBe("Digite uma pergunta.");
  });

  it("refuses a cross-site POST (CSRF origin check)", async () => {
    const res = await asUser("admin@demo.local")({
      method: "POST",
      url: PREDICTION,
      headers: { origin: "https://evil.example" },
      payload: { question: "oi", overrideConfig: { vars: { cnpj: SJC } } },
    });
    expect(res.statusCode).toBe(403);
  });

  it("is not served when an external assistant host is configured", async () => {
    const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ASSISTANT_HOST: "https://flowise.example" });
    const app = await buildApp({ config, db: ctx.database.db, identity: ctx.identity });
    try {
      const res = await as(app, cookies["admin@demo.local"])({ method: "GET", url: "/api/v1/chatflows-streaming/sol-local" });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe("the answerer registry", () => {
  it("normalizes questions without accents or punctuation, keeping the spec prompt's spelling", () => {
    expect(normalizeQuestion("Quais transferêcias estão ativas?")).toBe("quais transferecias estao ativas");
  });

  it("lets the best match answer, so a new topic is one answerer", async () => {
    const payments: Answerer = {
      id: "payments",
      example: "Qual o último pagamento realizado?",
      match: (q) => (q.includes("pagamento") ? 3 : 0),
      answer: async ({ company }) => `último pagamento de ${company.name}`,
    };
    const generic: Answerer = { id: "generic", example: "x", match: (q) => (q.includes("prefeitura") ? 1 : 0), answer: async () => "genérico" };
    const text = await answerQuestion(ctx.database.db, { cnpj: "46.643.466/0001-06", question: "Qual o último pagamento da prefeitura?" }, [generic, payments]);
    expect(text).toBe("último pagamento de São José dos Campos");
  });
});
