import { randomUUID } from "node:crypto";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { predictionRequestSchema } from "../../src/domain/assistant";
import { requireAdmin } from "../auth/guards";
import { HttpError, notFound } from "../lib/errors";
import { answerQuestion } from "../assistant";

const chatflowParams = z.object({ id: z.string().max(100) });

/**
 * The built-in SOL assistant: the three endpoints the flowise-embed widget calls (research notes,
 * section 6), answered from the database, for signed-in ADMINs only. Registered only when no external
 * assistant host is configured. Errors go out as `{ error }`, which the widget shows in the chat.
 */
const assistant: FastifyPluginAsyncZod = async (app) => {
  if (app.config.assistant.host) return;
  const chatflowId = app.config.assistant.chatflowId;

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

  const known = async (request: { params: { id: string } }) => {
    if (request.params.id !== chatflowId) throw notFound("Assistente não encontrado.");
  };

  const tags = ["assistente"];
  app.get(
    "/v1/chatflows-streaming/:id",
    { schema: { tags, summary: "Assistente SOL: se a resposta é transmitida aos poucos", params: chatflowParams }, preHandler: [requireAdmin, known] },
    async () => ({ isStreaming: false }),
  );

  app.get(
    "/v1/public-chatbotConfig/:id",
    { schema: { tags, summary: "Assistente SOL: configuração do widget", params: chatflowParams }, preHandler: [requireAdmin, known] },
    // Follow-up prompts on: after every answer the widget shows the questions the answer suggests
    // (starter prompts only show before the first question).
    async () => ({ followUpPrompts: { status: true } }),
  );

  app.post(
    "/v1/prediction/:id",
    {
      schema: { tags, summary: "Assistente SOL: responde a uma pergunta sobre o cliente (vars.cnpj)", params: chatflowParams, body: predictionRequestSchema },
      preHandler: [requireAdmin, known],
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const { question, chatId, overrideConfig } = request.body;
      const reply = await answerQuestion(app.db, { cnpj: overrideConfig?.vars?.cnpj ?? "", question });
      // flowise-embed reads followUpPrompts as a JSON-encoded array of strings.
      return { text: reply.text, question, chatId: chatId ?? randomUUID(), chatMessageId: randomUUID(), followUpPrompts: JSON.stringify(reply.followUps) };
    },
  );
};

export default assistant;
