import { randomUUID } from "node:crypto";
import type { FastifyError, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ALL_CLIENTS, predictionRequestSchema } from "../../src/domain/assistant";
import { HttpError, notFound } from "../lib/errors";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { answerQuestion } from "./index";

/**
 * The built-in SOL assistant: the three endpoints the flowise-embed widget calls (research notes,
 * section 6), answered from the database, for the consultancy only (admin-only). Registered only when
 * no external assistant host is configured. Errors go out as `{ error }`, which the widget shows in
 * the chat.
 */

const chatflowParams = z.object({ id: z.string().max(100) });
const tag = "assistente";

/** The widget names the chatflow it talks to: only this server's own exists. */
function checkChatflow(chatflowId: string, id: string) {
  if (id !== chatflowId) throw notFound("Assistente não encontrado.");
}

const streaming = defineAction({
  method: "GET",
  path: "/v1/chatflows-streaming/:id",
  tag,
  summary: "Assistente SOL: se a resposta é transmitida aos poucos",
  guard: "admin-only",
  scope: { kind: "shared" },
  params: chatflowParams,
  response: { 200: z.object({ isStreaming: z.boolean() }) },
  handler: ({ app, params }) => {
    checkChatflow(app.config.assistant.chatflowId, params.id);
    return { isStreaming: false };
  },
});

const widgetConfig = defineAction({
  method: "GET",
  path: "/v1/public-chatbotConfig/:id",
  tag,
  summary: "Assistente SOL: configuração do widget",
  guard: "admin-only",
  scope: { kind: "shared" },
  params: chatflowParams,
  response: { 200: z.object({ followUpPrompts: z.object({ status: z.boolean() }) }) },
  handler: ({ app, params }) => {
    checkChatflow(app.config.assistant.chatflowId, params.id);
    // Follow-up prompts on: after every answer the widget shows the questions the answer suggests
    // (starter prompts only show before the first question).
    return { followUpPrompts: { status: true } };
  },
});

const predictionAnswer = z.object({
  text: z.string(),
  question: z.string(),
  chatId: z.string(),
  chatMessageId: z.string(),
  /** flowise-embed reads the follow-up prompts as a JSON-encoded array of strings. */
  followUpPrompts: z.string(),
});

/**
 * The client asked about is the one the widget names (vars.cnpj, the chosen client's): the
 * consultancy acts across every client, so the tenant is not narrowed further here.
 */
const prediction = defineAction({
  method: "POST",
  path: "/v1/prediction/:id",
  tag,
  summary: "Assistente SOL: responde a uma pergunta sobre o cliente (vars.cnpj) ou, com vars.clientes = todos, sobre todos os clientes",
  guard: "admin-only",
  scope: { kind: "tenant" },
  params: chatflowParams,
  body: predictionRequestSchema,
  response: { 200: predictionAnswer },
  config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
  handler: async ({ app, params, body }) => {
    checkChatflow(app.config.assistant.chatflowId, params.id);
    const { question, chatId, overrideConfig } = body;
    const vars = overrideConfig?.vars;
    const reply = await answerQuestion(app.db, { cnpj: vars?.cnpj ?? "", question, allClients: vars?.clientes === ALL_CLIENTS, now: new Date(app.now()) });
    return { text: reply.text, question, chatId: chatId ?? randomUUID(), chatMessageId: randomUUID(), followUpPrompts: JSON.stringify(reply.followUps) };
  },
});

const declarations = areaPlugin(streaming, widgetConfig, prediction);

/** The widget shows `{ error }`: every refusal of these routes carries it beside the usual message. */
const assistant: FastifyPluginAsync = async (app, options) => {
  if (app.config.assistant.host) return;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message, message: error.message });
    const issues = (error as { validation?: Array<{ message?: string }> }).validation;
    if (issues?.length) {
      const message = issues[0].message ?? "Pergunta inválida.";
      return reply.status(422).send({ error: message, message });
    }
    if (error.statusCode === 429) return reply.status(429).send({ error: "Muitas perguntas seguidas. Aguarde um minuto.", message: "Muitas perguntas seguidas." });
    // The framework's own client errors (malformed JSON, a body too large, a wrong content type).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? "A pergunta é grande demais." : "Pergunta inválida: envie um JSON com o campo question.";
      return reply.status(error.statusCode).send({ error: message, message });
    }
    request.log.error(error);
    return reply.status(500).send({ error: "Erro interno. Tente novamente em instantes.", message: "Erro interno." });
  });
  await declarations(app, options);
};

export default assistant;
