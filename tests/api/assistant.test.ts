import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { loadConfig } from "../../server/config";
import { buildApp } from "../../server/app";
import { answerQuestion, NO_COMPANY_ANSWER, type Answerer } from "../../server/assistant";
import { normalizeQuestion } from "../../server/assistant/text";
import { ASSISTANT_TEXTS } from "../../src/domain/assistant";
import { isKnownAppPath } from "../../src/domain/routes";
import { parseTableParams } from "@refinedev/core";
import { sql } from "drizzle-orm";

const SJC = "46643466000106";
const CAMPINAS = "51885242000140";
const PREDICTION = "/api/v1/prediction/sol-local";

let ctx: TestContext;
const cookies: Record<string, string> = {};
// Seeding a fresh database and signing three people in can take long on a busy machine.
beforeAll(async () => {
  ctx = await createTestContext();
  for (const email of ["admin@demo.local", "gestor@demo.local", "usuario@demo.local"]) cookies[email] = await sessionCookie(ctx.app, email);
}, 180_000);
afterAll(async () => ctx?.close());

const asUser = (email?: string) => as(ctx.app, email ? cookies[email] : undefined);
const ask = (question: string, cnpj = SJC) =>
  asUser("admin@demo.local")({ method: "POST", url: PREDICTION, payload: { question, chatId: "chat-1", overrideConfig: { vars: { cnpj, proponente: "Prefeitura de X" } } } });

/** The same question without the HTTP round trip (the endpoint allows 30 questions a minute). */
const direct = (question: string, cnpj = SJC) => answerQuestion(ctx.database.db, { cnpj, question });

describe("the built-in assistant's widget protocol", () => {
  it("tells the widget an ADMIN's answers are not streamed and that it offers follow-up prompts", async () => {
    const streaming = await asUser("admin@demo.local")({ method: "GET", url: "/api/v1/chatflows-streaming/sol-local" });
    expect(streaming.statusCode).toBe(200);
    expect(streaming.json()).toEqual({ isStreaming: false });
    const config = await asUser("admin@demo.local")({ method: "GET", url: "/api/v1/public-chatbotConfig/sol-local" });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ followUpPrompts: { status: true } });
  });

  it("sends questions to ask next with every answer, so suggestions stay after the first question", async () => {
    const res = await ask(ASSISTANT_TEXTS.starterPrompts[1]);
    const prompts: unknown = JSON.parse(res.json().followUpPrompts);
    expect(Array.isArray(prompts)).toBe(true);
    expect((prompts as string[]).length).toBeGreaterThanOrEqual(2);
    for (const prompt of prompts as string[]) expect((await direct(prompt)).text).not.toMatch(/não sei responder/);
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

  it("lists what it can answer for the first starter prompt, and every example listed is understood", async () => {
    const res = await ask(ASSISTANT_TEXTS.starterPrompts[0]);
    expect(res.statusCode).toBe(200);
    const text: string = res.json().text;
    expect(text).toContain("Eu sou o SOL, o agente da Prefeitura de São José dos Campos");
    expect(text).toContain("- Quais são os dados da prefeitura (CNPJ, prefeito, contatos)?");
    const examples = [...text.matchAll(/^- (.+)$/gm)].map((m) => m[1]);
    expect(examples.length).toBeGreaterThanOrEqual(8);
    for (const example of examples) expect((await direct(example)).text, example).not.toMatch(/não sei responder/);
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
    const { todayInSaoPaulo } = await import("../../src/domain/dates");
    const active = await activeTransfers(ctx.database.db, 2, todayInSaoPaulo());
    const res = await ask(ASSISTANT_TEXTS.starterPrompts[2], CAMPINAS);
    expect(res.statusCode).toBe(200);
    const text: string = res.json().text;
    expect(text).toContain(`${active.length} transferências ativas na Prefeitura de Campinas`);
    expect(text).toContain(active[0].key);
    expect(text).not.toContain("São José");
    expect(text).toMatch(/_Fonte: .+\._/);
  });

  it("says honestly when it does not know, with two or three questions close to it and no data", async () => {
    const res = await ask("Qual a previsão do tempo amanhã?");
    expect(res.statusCode).toBe(200);
    const text: string = res.json().text;
    expect(text).toMatch(/^Desculpe, não sei responder a essa pergunta/);
    expect(text).not.toContain("R$");
    const offered = [...text.matchAll(/^- (.+)$/gm)].map((m) => m[1]);
    expect(offered.length).toBeGreaterThanOrEqual(2);
    expect(offered.length).toBeLessThanOrEqual(3);
    expect(JSON.parse(res.json().followUpPrompts)).toEqual(offered);
  });

  it("shapes its suggestions by what it did understand of a question it cannot answer", async () => {
    const res = await ask("por que os convenios de 2024 atrasaram?");
    const text: string = res.json().text;
    expect(text).toMatch(/^Desculpe, não sei/);
    expect(text).not.toContain("R$");
    const offered = [...text.matchAll(/^- (.+)$/gm)].map((m) => m[1]);
    expect(offered.some((q) => /convênios/.test(q) && /2024/.test(q))).toBe(true);
  });

  it("asks which parliamentarian when part of a name fits several, offering each", async () => {
    const { rows } = (await ctx.database.db.execute(
      sql`select split_part(parliamentarian_name, ' ', 2) as surname, array_agg(distinct parliamentarian_name order by parliamentarian_name) as names from imposition_transfers where company_id = 1 group by 1 having count(distinct parliamentarian_name) > 1 order by 1 limit 1`,
    )) as unknown as { rows: { surname: string; names: string[] }[] };
    const [{ surname, names }] = rows;
    const res = await ask(`quanto o ${surname.toLowerCase()} mandou?`);
    const text: string = res.json().text;
    expect(text).toMatch(/^Encontrei mais de um parlamentar/);
    expect(text).not.toContain("R$");
    for (const name of names) expect(text.toLowerCase()).toContain(name.toLowerCase());
    const prompts: string[] = JSON.parse(res.json().followUpPrompts);
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    expect((await direct(prompts[0])).text).toMatch(/^\*\*Previsto: R\$/);
  });

  it("links answers to the screen that shows them, on the company asked about, with the list's filters", async () => {
    const text: string = (await ask("quantos convenios de 2025 estao em execucao", CAMPINAS)).json().text;
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThanOrEqual(1);
    const url = new URL(links[0], "http://x");
    expect(url.pathname).toBe("/admin/transactions-voluntary");
    expect(isKnownAppPath(url.pathname)).toBe(true);
    expect(url.searchParams.get("authComp")).toBe(`2_${CAMPINAS}`);
    const { parsedFilters } = parseTableParams(url.search);
    expect(parsedFilters).toEqual([
      { field: "year", operator: "eq", value: "2025" },
      { field: "status", operator: "in", value: ["EM_EXECUCAO"] },
    ]);
  });

  it("asks for a company when cnpj is missing or names no company", async () => {
    for (const cnpj of ["", "00000000000000"]) {
      const res = await ask("Quais são os dados da prefeitura?", cnpj);
      expect(res.statusCode).toBe(200);
      expect(res.json().text).toBe(NO_COMPANY_ANSWER);
    }
    expect((await direct("Quanto recebemos de convênios este ano?", "")).text).toBe(NO_COMPANY_ANSWER);
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

  it("lets the best match answer, so a new topic is one answerer, and writes its source and links with authComp", async () => {
    const payments: Answerer = {
      id: "payments",
      example: "Qual o último pagamento realizado?",
      match: (q) => (q.cues.has("payment") ? 9 : 0),
      answer: async ({ company }) => ({ text: `último pagamento de ${company.name}`, source: "pagamentos", links: [{ label: "Ver", path: "/admin/dashboard" }] }),
    };
    const generic: Answerer = { id: "generic", example: "x", match: (q) => (q.lemmas.includes("prefeitura") ? 6 : 0), answer: async () => ({ text: "genérico" }) };
    const reply = await answerQuestion(ctx.database.db, { cnpj: "46.643.466/0001-06", question: "Qual o último pagamento da prefeitura?" }, [generic, payments]);
    expect(reply.answererId).toBe("payments");
    expect(reply.text).toBe(`último pagamento de São José dos Campos\n\n_Fonte: pagamentos._\n\n[Ver](/admin/dashboard?authComp=1_${SJC})`);
    const none = await answerQuestion(ctx.database.db, { cnpj: SJC, question: "bla bla" }, [generic, payments]);
    expect(none.answererId).toBeNull();
  });
});
