import { expect } from "vitest";
import { sql } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { fundResource, impositionResource, voluntaryResource } from "../../server/transfers/routes";
import { paymentResource } from "../../server/transaction-payments/routes";
import { accessLogResource } from "../../server/routes/log";

const api = demoApi();
let serial = 0;
/** A number no other record of the run has (natural keys are unique per company). */
const next = () => String(++serial).padStart(6, "0");

const imposition = () => ({
  nrTransfer: `09032026-${next()}`,
  year: 2026,
  situation: "CIENTE",
  amendmentNumber: "202612340001",
  parliamentarianName: "MARIA TESTE SILVA",
  expenseCategory: "INVESTIMENTO",
  costingValue: 0,
  investmentValue: "1000000.00",
  objectName: "Reforma da praça central",
  isPublic: false,
});

async function newTransfer(companyId: number | null): Promise<number> {
  const headers = companyId === null ? {} : { "x-company-id": String(companyId) };
  const res = await api.admin()({ method: "POST", url: "/api/imposition-transfers", headers, payload: imposition() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describeResourceContract(impositionResource, {
  api,
  validCreate: imposition,
  invalid: { body: { ...imposition(), nrTransfer: "123" }, field: "nrTransfer" },
  patch: { internalNotes: "Conferido com o extrato." },
});

describeResourceContract(voluntaryResource, {
  api,
  validCreate: () => ({
    nrTransfer: next(),
    year: 2026,
    modality: "CONVENIO",
    status: "ASSINADO",
    object: "Pavimentação de vias do bairro Jardim",
    transferValue: "250000.00",
    counterpartValue: "12500.00",
    contractingSituation: "CLAUSULA_SUSPENSIVA",
  }),
  invalid: { body: { nrTransfer: "1", year: 2026, modality: "CONVENIO", status: "ASSINADO", object: "x" }, field: "nrTransfer" },
  patch: { internalNotes: "Aguardando a licença ambiental." },
});

describeResourceContract(fundResource, {
  api,
  validCreate: () => ({
    codPlan: `30882120230006-${next()}`,
    year: 2026,
    situation: "EM_EXECUCAO",
    amendmentTransferValue: "0",
    specificTransferValue: "150000.00",
    voluntaryTransferValue: "0",
    ownResourcesValue: "0",
    committedValue: "0",
    paidValue: "0",
    isPublic: false,
  }),
  invalid: { body: { codPlan: "x", year: 2026, situation: "EM_EXECUCAO" }, field: "codPlan" },
  patch: { objectives: "Atenção básica à saúde." },
});

describeResourceContract(paymentResource, {
  api,
  validCreate: async (companyId) => ({
    impositionTransferId: await newTransfer(companyId),
    kind: "COMMITMENT",
    status: "PENDENTE",
    documentNumber: `2026NE${next()}`,
    paymentDate: "2026-05-10",
    amount: "100.00",
  }),
  invalid: { body: { kind: "COMMITMENT", documentNumber: "2026NE1", paymentDate: "2025-02-29", amount: 1 }, field: "paymentDate" },
  patch: { description: "Empenho ordinário." },
  concurrency: {
    async parent(companyId) {
      const id = await newTransfer(companyId);
      const commitment = await api.manager()({
        method: "POST",
        url: "/api/transaction-payments",
        payload: { impositionTransferId: id, kind: "COMMITMENT", documentNumber: `2026NE${next()}`, paymentDate: "2026-05-01", amount: "1000000.00" },
      });
      expect(commitment.statusCode, commitment.body).toBe(201);
      return id;
    },
    async write(i, transferId, send) {
      const created = await send({
        method: "POST",
        url: "/api/transaction-payments",
        payload: { impositionTransferId: transferId, kind: "BANK_ORDER", documentNumber: `2026OB${next()}`, paymentDate: "2026-06-01", amount: "100.00" },
      });
      if (created.statusCode !== 201 || i % 3 === 0) return created;
      const { id } = created.json();
      return i % 3 === 1
        ? send({ method: "PATCH", url: `/api/transaction-payments/${id}`, payload: { amount: "250.50" } })
        : send({ method: "DELETE", url: `/api/transaction-payments/${id}` });
    },
    async check(transferId) {
      const result = (await api.ctx.database.db.execute(sql`
        select t.committed_value::text as committed, t.paid_value::text as paid,
          (select coalesce(sum(amount), 0)::numeric(17,2)::text from transaction_payments where imposition_transfer_id = t.id and status = 'EFETIVADO' and kind = 'COMMITMENT') as committed_sum,
          (select coalesce(sum(amount), 0)::numeric(17,2)::text from transaction_payments where imposition_transfer_id = t.id and status = 'EFETIVADO' and kind in ('BANK_ORDER', 'DISBURSEMENT')) as paid_sum
        from imposition_transfers t where t.id = ${transferId}`)) as unknown as { rows: { committed: string; paid: string; committed_sum: string; paid_sum: string }[] };
      const [row] = result.rows;
      expect(row.committed).toBe(row.committed_sum);
      expect(row.paid).toBe(row.paid_sum);
    },
  },
});

describeResourceContract(accessLogResource, {
  api,
  validCreate: () => ({}),
  invalid: { body: {}, field: "_" },
  patch: {},
});
