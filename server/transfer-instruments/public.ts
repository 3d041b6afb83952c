import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendDocument } from "../storage/serve";
import { publicInstrumentFile } from "./queries";

/**
 * GET /api/public/:slug/{imposition-transfers|voluntary-transfers}/:nr/instrument: the inteiro teor of
 * a published transfer's instrument, for anyone (PNTP 2025 criterion 5.1). An unpublished portal,
 * section or transfer answers 404, like a transfer without one.
 */
const TAGS = ["transparência (pública)"];
const READ_LIMIT = { max: 300, timeWindow: "1 minute" };

const publicInstruments: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ["imposition-transfers", "voluntary-transfers"] as const) {
    app.get(
      `/public/:slug/${kind}/:nr/instrument`,
      {
        schema: {
          tags: TAGS,
          summary: "Baixa o inteiro teor do instrumento da transferência publicada (PDF)",
          params: z.object({ slug: z.string(), nr: z.string() }),
        },
        config: { rateLimit: READ_LIMIT },
      },
      async (request, reply) => {
        const file = await publicInstrumentFile(app.db, kind, request.params.slug, request.params.nr);
        return sendDocument(reply, app.storage.files, file);
      },
    );
  }
};

export default publicInstruments;
