import { z } from "zod";
import { wire } from "./wire";

/**
 * The portfolio view (issue 33 item 3, /admin/portfolio): the consultancy's clients at once, or a chosen
 * set. Money per year and kind, who sent what where, and how fresh each client's sources are.
 */

/** Money standing still: received and not paid to suppliers, with no supplier payment for this many days. */
export const IDLE_DAYS = 90;
/** Parliamentarians listed in "quem enviou o quê para onde" (the largest senders). */
export const PORTFOLIO_PARLIAMENTARIANS = 30;
/** Clients listed in the per-client table and the freshness map. */
export const PORTFOLIO_CLIENTS = 100;
/** At most this many clients may be chosen at once. */
export const PORTFOLIO_CHOSEN_MAX = 100;

const CLIENTS_MESSAGE = "Clientes: informe os números dos clientes separados por vírgula (ex.: 1,2).";

/** `?clients=1,2,3` (empty or absent: every client). */
export const portfolioQuery = z
  .object({
    // An empty `clients=` means every client, as its absence does.
    clients: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string({ message: CLIENTS_MESSAGE })
        .trim()
        .regex(/^(\d{1,9})(,\d{1,9})*$/, CLIENTS_MESSAGE)
        .transform((v) => [...new Set(v.split(",").map(Number))])
        .refine((ids) => ids.every((id) => id > 0), CLIENTS_MESSAGE)
        .refine((ids) => ids.length <= PORTFOLIO_CHOSEN_MAX, `Escolha no máximo ${PORTFOLIO_CHOSEN_MAX} clientes.`)
        .optional(),
    ),
  })
  .strict();
export type PortfolioQuery = z.infer<typeof portfolioQuery>;

const KINDS = ["imposition", "voluntary", "fund"] as const;
const figures = { count: wire.int(), planned: wire.money(), committed: wire.money(), received: wire.money(), paid: wire.money(), idle: wire.money() };

export const portfolioAnswer = z.object({
  today: wire.date(),
  /** The chosen clients (empty: every client). */
  chosen: z.array(z.object({ id: wire.id(), name: wire.text() })),
  clientCount: wire.int(),
  byYearKind: z.array(z.object({ year: wire.int(), kind: wire.oneOf(KINDS), ...figures })),
  byClient: z.array(z.object({ companyId: wire.id(), name: wire.text(), uf: wire.textOrNull(), ...figures })),
  parliamentarians: z.array(
    z.object({
      name: wire.text(),
      count: wire.int(),
      value: wire.money(),
      clients: z.array(z.object({ companyId: wire.id(), name: wire.text(), count: wire.int(), value: wire.money() })),
    }),
  ),
  freshness: z.array(
    z.object({
      companyId: wire.id(),
      name: wire.text(),
      sources: z.array(z.object({ source: wire.text(), label: wire.text(), lastReadAt: wire.timestampOrNull(), sourceUpdatedAt: wire.textOrNull(), problem: wire.textOrNull() })),
    }),
  ),
});
export type PortfolioAnswer = z.infer<typeof portfolioAnswer>;
