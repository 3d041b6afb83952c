import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RuntimeConfig } from "../../src/domain/runtime-config";

const runtimeConfig: FastifyPluginAsyncZod = async (app) => {
  app.get("/config", { schema: { tags: ["sistema"], summary: "Configuração pública do aplicativo" } }, async (_request, reply) => {
    const { firebase, assistant, buildId } = app.config;
    // The configured public origin, never the request's Host (which its sender chooses): the answer is cached.
    const origin = app.config.publicOrigin;
    const body: RuntimeConfig = {
      firebase: { apiKey: firebase.apiKey, authDomain: firebase.authDomain, projectId: firebase.projectId },
      authEmulatorUrl: firebase.emulatorHost ? `http://${firebase.emulatorHost}` : null,
      // Without an external assistant host, this server answers the chat widget's protocol itself.
      assistant: { host: assistant.host ?? origin, chatflowId: assistant.chatflowId },
      buildId: buildId ?? null,
    };
    reply.header("cache-control", "no-cache");
    return body;
  });
};

export default runtimeConfig;
