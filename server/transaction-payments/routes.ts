import { impositionTransfers, transactionPayments, voluntaryTransfers } from "../db/schema";
import { TRANSFER_KINDS, paymentCreateSchema, paymentRowSchema, paymentUpdateSchema, type TransferKind } from "../../src/domain/transfers";
import { defineResource, type StoredRow } from "../resources/define-resource";
import { areaPlugin } from "../resources/declared";
import { obligationsFollow } from "../accountability/obligations";
import { applyPaymentToChain, checkPaymentRules, paymentsPage, paymentsWithTransfer, transferKind } from "../domain/payments";

const p = transactionPayments;

const transferOf = (row: StoredRow): { kind: TransferKind; id: number } =>
  row.impositionTransferId != null ? { kind: "imposition", id: row.impositionTransferId as number } : { kind: "voluntary", id: row.voluntaryTransferId as number };

/**
 * /api/transaction-payments: the money chain of imposition and voluntary transfers, children of their
 * transfer. Every signed-in user of the company records and corrects payments; only ADMIN and MANAGER
 * remove them. Each write locks the transfer, recomputes its committed/paid totals and refuses a
 * payment that would break the chain (server/domain/payments.ts), and brings the accountability
 * obligations along (an LC 210 term starts at the first receipt), all in one transaction.
 */
export const paymentResource = defineResource({
  name: "transaction-payments",
  tag: "pagamentos",
  table: p,
  scope: {
    kind: "child",
    parents: [
      { table: impositionTransfers, column: p.impositionTransferId, notFound: "Transferência não encontrada." },
      { table: voluntaryTransfers, column: p.voluntaryTransferId, notFound: "Transferência não encontrada." },
    ],
  },
  access: { read: "user-only", create: "user-only", update: "user-only", delete: "manager-only" },
  row: paymentRowSchema,
  create: paymentCreateSchema,
  update: paymentUpdateSchema,
  notFound: "Pagamento não encontrado.",
  list: {
    fields: ["id", "impositionTransferId", "voluntaryTransferId", "kind", "status", "documentNumber", "paymentDate", "amount", "payeeName", "createdAt"],
    computed: { transferKind: { column: transferKind, type: "enum", values: TRANSFER_KINDS } },
    search: [p.documentNumber, p.payeeName, p.description],
    defaultSort: [{ field: "paymentDate", order: "desc" }],
  },
  reader: {
    page: (db, query) => paymentsPage(db, query),
    rows: (db, where) => paymentsWithTransfer(db).where(where),
  },
  prepare: (ctx, values, existing) => (existing ? values : { ...values, createdBy: ctx.user.id }),
  onWrite: async (ctx, change) => {
    const { row, before } = change;
    const touched = [transferOf(row), ...(before ? [transferOf(before)] : [])];
    const seen = new Set<string>();
    for (const transfer of touched) {
      const key = `${transfer.kind}:${transfer.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await applyPaymentToChain(ctx.tx, transfer.kind, transfer.id);
    }
    // The rules across records bind the transfer the payment now belongs to.
    const now = transferOf(row);
    await checkPaymentRules(ctx.tx, now.kind, now.id, { op: change.op, row });
    // An emenda's first effective bank order starts its LC 210 notice term.
    await obligationsFollow(ctx, { op: "update", row });
  },
});

export default areaPlugin(paymentResource);
