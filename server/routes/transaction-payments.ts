import type { FastifyRequest } from "fastify";
import { and, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { impositionTransfers, transactionPayments, voluntaryTransfers } from "../db/schema";
import type { Db } from "../db/client";
import { PAYMENT_KINDS, PAYMENT_STATUSES, TRANSFER_KINDS, paymentCreateSchema, paymentUpdateSchema, type TransferKind } from "../../src/domain/transfers";
import { currentUser, requireCompanyId, requireRole, requireUser } from "../auth/guards";
import { preparedList, scopeCondition, tenantScopeOf } from "../lib/prepared-list";
import { notFound } from "../lib/errors";
import type { ListSpec, RawQuery } from "../lib/list-query";
import { paymentsPage, paymentsWithTransfer, recomputeTransferTotals, transferKind } from "../domain/payments";

const p = transactionPayments;
const it = impositionTransfers;
const vt = voluntaryTransfers;

const paymentList: ListSpec = {
  idColumn: p.id,
  fields: {
    id: { column: p.id, type: "integer" },
    impositionTransferId: { column: p.impositionTransferId, type: "integer" },
    voluntaryTransferId: { column: p.voluntaryTransferId, type: "integer" },
    transferKind: { column: transferKind, type: "enum", values: TRANSFER_KINDS },
    kind: { column: p.kind, type: "enum", values: PAYMENT_KINDS },
    status: { column: p.status, type: "enum", values: PAYMENT_STATUSES },
    documentNumber: { column: p.documentNumber, type: "string" },
    paymentDate: { column: p.paymentDate, type: "date" },
    amount: { column: p.amount, type: "number" },
    payeeName: { column: p.payeeName, type: "string" },
    createdAt: { column: p.createdAt, type: "datetime" },
  },
  search: [p.documentNumber, p.payeeName, p.description],
  defaultSort: [{ field: "paymentDate", order: "desc" }],
};

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });
const NOT_FOUND = "Pagamento não encontrado.";

function kindOf(row: { impositionTransferId: number | null }): TransferKind {
  return row.impositionTransferId !== null ? "imposition" : "voluntary";
}

/**
 * /api/transaction-payments: the money chain of imposition and voluntary transfers. Every signed-in
 * user of the company records and corrects payments; only ADMIN and MANAGER remove them. Each write
 * recomputes the transfer's committed/paid totals in the same transaction.
 */
const payments: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = async (request: FastifyRequest) => scopeCondition(await tenantScopeOf(request, p.companyId));

  async function loadPayment(scope: SQL | undefined, id: number) {
    const [row] = await paymentsWithTransfer(app.db)
      .where(scope ? and(scope, eq(p.id, id)) : eq(p.id, id))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  const list = preparedList(app.db, p, paymentList, (q) => paymentsPage(app.db, q));
  app.get("/transaction-payments", { schema: { tags: ["pagamentos"], summary: "Lista (contrato simple-rest)" }, preHandler: requireUser }, async (request, reply) =>
    list(reply, request.query as RawQuery, await tenantScopeOf(request, p.companyId)),
  );

  app.get("/transaction-payments/:id", { schema: { tags: ["pagamentos"], summary: "Um pagamento", params: idParams }, preHandler: requireUser }, async (request) =>
    loadPayment(await scopeOf(request), request.params.id),
  );

  app.post(
    "/transaction-payments",
    { schema: { tags: ["pagamentos"], summary: "Registra um pagamento numa transferência", body: paymentCreateSchema }, preHandler: requireUser },
    async (request, reply) => {
      const companyId = await requireCompanyId(request);
      const user = currentUser(request);
      const { impositionTransferId, voluntaryTransferId, ...fields } = request.body;
      const kind: TransferKind = impositionTransferId ? "imposition" : "voluntary";
      const transferId = (impositionTransferId ?? voluntaryTransferId)!;
      const table = kind === "imposition" ? it : vt;
      const id = await app.db.transaction(async (tx) => {
        // The transfer must be the company's own; lock it so concurrent payments recompute in order.
        const [transfer] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, transferId), eq(table.companyId, companyId)))
          .for("update");
        if (!transfer) throw notFound("Transferência não encontrada.");
        const [created] = await tx
          .insert(p)
          .values({
            ...fields,
            companyId,
            impositionTransferId: impositionTransferId ?? null,
            voluntaryTransferId: voluntaryTransferId ?? null,
            createdBy: user.id,
          })
          .returning({ id: p.id });
        await recomputeTransferTotals(tx as unknown as Db, kind, [transferId]);
        return created.id;
      });
      return reply.status(201).send(await loadPayment(undefined, id));
    },
  );

  app.patch(
    "/transaction-payments/:id",
    { schema: { tags: ["pagamentos"], summary: "Corrige um pagamento", params: idParams, body: paymentUpdateSchema }, preHandler: requireUser },
    async (request) => {
      const scope = await scopeOf(request);
      const existing = await loadPayment(scope, request.params.id);
      await app.db.transaction(async (tx) => {
        await tx
          .update(p)
          .set({ ...request.body, updatedAt: new Date(app.now()) })
          .where(eq(p.id, existing.id));
        await recomputeTransferTotals(tx as unknown as Db, kindOf(existing), [(existing.impositionTransferId ?? existing.voluntaryTransferId)!]);
      });
      return loadPayment(undefined, existing.id);
    },
  );

  app.delete(
    "/transaction-payments/:id",
    { schema: { tags: ["pagamentos"], summary: "Exclui um pagamento", params: idParams }, preHandler: requireRole("ADMIN", "MANAGER") },
    async (request) => {
      const existing = await loadPayment(await scopeOf(request), request.params.id);
      await app.db.transaction(async (tx) => {
        await tx.delete(p).where(eq(p.id, existing.id));
        await recomputeTransferTotals(tx as unknown as Db, kindOf(existing), [(existing.impositionTransferId ?? existing.voluntaryTransferId)!]);
      });
      return existing;
    },
  );
};

export default payments;
