import { describeFields } from "@/components/resource/fields";
import { paymentFields as paymentSchema, paymentUpdateSchema } from "@/domain/transfers";

import { CODES } from "./codes";
import type { Payment } from "./rows";
import { todayInSaoPaulo } from "@/domain/dates";

/** The money chain of a transfer, one movement per row: its form and its list under the transfer. */
export const paymentFields = describeFields<Payment>({
  schema: paymentSchema,
  updateSchema: paymentUpdateSchema,
  defaultSort: { field: "paymentDate", order: "desc" },
  defaults: () => ({ status: "EFETIVADO", paymentDate: todayInSaoPaulo() }),
  sections: [
    {
      fields: [
        { name: "kind", type: "code", codes: CODES.paymentKinds, label: "payments.fields.kind", placeholder: "payments.fields.kind" },
        { name: "status", type: "code", codes: CODES.paymentStatuses, label: "payments.fields.status" },
        { name: "documentNumber", label: "payments.fields.documentNumber", hint: "payments.hints.documentNumber", maxLength: 30 },
        { name: "paymentDate", type: "date", label: "payments.fields.paymentDate" },
        { name: "amount", type: "money", label: "payments.fields.amount" },
        { name: "payeeName", label: "payments.fields.payeeName", maxLength: 200 },
        { name: "payeeDocument", type: "cnpj", label: "payments.fields.payeeDocument" },
        { name: "description", type: "longText", label: "payments.fields.description", maxLength: 1000, wide: true },
        { name: "internalNotes", type: "longText", label: "payments.fields.internalNotes", maxLength: 4000, wide: true },
      ],
    },
  ],
  columns: [
    { name: "paymentDate", type: "date", label: "payments.fields.paymentDate", sorter: true },
    { name: "kind", type: "code", codes: CODES.paymentKinds, label: "payments.fields.kind" },
    { name: "documentNumber", label: "payments.fields.documentNumber", sorter: true },
    { name: "status", type: "code", codes: CODES.paymentStatuses, label: "payments.fields.status" },
    { name: "payeeName", label: "payments.fields.payeeName", ellipsis: true },
    { name: "amount", type: "money", label: "payments.fields.amount", sorter: true },
  ],
});
