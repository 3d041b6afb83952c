import type { FastifyInstance } from "fastify";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { portfolioAnswer, portfolioQuery, type PortfolioAnswer } from "../../src/domain/portfolio";
import { sharedResult } from "../lib/shared-result";
import { areaPlugin } from "../resources/declared";
import { defineAction } from "../resources/define-action";
import { clientsInScope, freshnessMap, portfolioFigures } from "./queries";

/**
 * GET /api/portfolio?clients=1,2 (ADMIN; issue 33 item 3): the consultancy's clients at once (or the
 * chosen set): received, committed, paid and idle money per year and kind; per parliamentarian what
 * each sent to which clients; per client the freshness of every source. The consultancy's own view
 * across clients, so it ignores the header's chosen client (`shared`) and reads `clients` instead.
 */

// Every client at once sums the whole national tables: shared for a minute per server, like the
// dashboard's national figures. A chosen set is always live.
const everyClient = new WeakMap<FastifyInstance, ReturnType<typeof sharedResult<PortfolioAnswer>>>();
function everyClientAnswer(app: FastifyInstance) {
  let shared = everyClient.get(app);
  if (!shared) everyClient.set(app, (shared = sharedResult<PortfolioAnswer>(60_000, app.now)));
  return shared;
}

async function answer(app: FastifyInstance, ids: number[] | null, today: string): Promise<PortfolioAnswer> {
  const [scope, figures, freshness] = await Promise.all([clientsInScope(app.db, ids), portfolioFigures(app.db, ids, today), freshnessMap(app.db, ids)]);
  return { today, ...scope, ...figures, freshness };
}

const portfolio = defineAction({
  method: "GET",
  path: "/portfolio",
  tag: "carteira",
  summary: "Carteira de clientes: recebido, empenhado, pago e parado por ano e tipo; quem enviou o quê para onde; atualização das fontes por cliente",
  guard: "admin-only",
  scope: { kind: "shared" },
  query: portfolioQuery,
  response: { 200: portfolioAnswer },
  handler: ({ app, query }) => {
    const today = todayInSaoPaulo(app.now());
    const ids = query.clients ?? null;
    return ids === null ? everyClientAnswer(app)(today, () => answer(app, null, today)) : answer(app, ids, today);
  },
});

export default areaPlugin(portfolio);
