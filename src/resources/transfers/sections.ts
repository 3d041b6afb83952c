import { CONTRACTING_SITUATIONS, EXPENSE_CATEGORIES, VOLUNTARY_MODALITIES } from "@/domain/transfers";
import type { TransferKindConfig } from "./kinds";

export type FieldType = "text" | "longText" | "integer" | "money" | "date" | "status" | "bool" | "cnpj" | "enum";

export interface TransferField {
  name: string;
  type?: FieldType;
  /** i18n group of an enum's labels, and its codes (for the form's select). */
  group?: string;
  values?: readonly string[];
  /** i18n key under transfers.fields when it differs from the name. */
  label?: string;
}

export interface TransferSection {
  title: string;
  fields: TransferField[];
}

/**
 * Every field of a transfer, grouped the way a person reads one: the info page shows these sections
 * and the create/edit form asks for them in the same order (fields the API computes, such as the
 * planned total or the values recomputed from payments, are shown there but not editable).
 */
export const SECTIONS: Record<TransferKindConfig["kind"], TransferSection[]> = {
  imposition: [
    {
      title: "identification",
      fields: [{ name: "nrTransfer" }, { name: "year", type: "integer" }, { name: "situation", type: "status" }, { name: "acceptedAt", type: "date" }, { name: "impedimentReason", type: "longText" }],
    },
    { title: "amendment", fields: [{ name: "parliamentarianName" }, { name: "parliamentarianCode", type: "integer" }, { name: "amendmentNumber" }] },
    { title: "program", fields: [{ name: "programCode" }, { name: "programName" }, { name: "grantorAcronym" }, { name: "grantorName" }] },
    {
      title: "object",
      fields: [
        { name: "objectName" },
        { name: "objectDetail", type: "longText" },
        { name: "policyAreas" },
        { name: "expenseCategory", type: "enum", group: "transfers.expenseCategories", values: EXPENSE_CATEGORIES },
      ],
    },
    { title: "values", fields: [{ name: "costingValue", type: "money" }, { name: "investmentValue", type: "money" }, { name: "plannedValue", type: "money" }, { name: "committedValue", type: "money" }, { name: "paidValue", type: "money" }] },
    { title: "dates", fields: [{ name: "executionStart", type: "date" }, { name: "executionEnd", type: "date" }, { name: "legislativeNotifiedAt", type: "date" }] },
    { title: "bank", fields: [{ name: "bankCode" }, { name: "bankName" }, { name: "agency" }, { name: "account" }] },
    { title: "internal", fields: [{ name: "isPublic", type: "bool" }, { name: "internalNotes", type: "longText" }] },
  ],
  voluntary: [
    {
      title: "identification",
      fields: [
        { name: "nrTransfer", label: "nrConvenio" },
        { name: "proposalNumber" },
        { name: "year", type: "integer" },
        { name: "modality", type: "enum", group: "transfers.modalities", values: VOLUNTARY_MODALITIES },
        { name: "status", type: "status" },
        { name: "processNumber" },
      ],
    },
    { title: "program", fields: [{ name: "programCode" }, { name: "programName" }, { name: "grantorAcronym" }, { name: "grantorName" }, { name: "parliamentarianName" }, { name: "amendmentNumber" }] },
    { title: "object", fields: [{ name: "object", type: "longText" }] },
    {
      title: "values",
      fields: [
        { name: "transferValue", type: "money" },
        { name: "counterpartValue", type: "money" },
        { name: "globalValue", type: "money" },
        { name: "committedValue", type: "money" },
        { name: "paidValue", type: "money", label: "disbursedValue" },
      ],
    },
    {
      title: "dates",
      fields: [
        { name: "signedAt", type: "date" },
        { name: "publishedAt", type: "date" },
        { name: "validityStart", type: "date" },
        { name: "validityEnd", type: "date" },
        { name: "accountabilityDeadline", type: "date" },
        { name: "contractingSituation", type: "enum", group: "transfers.contractingSituations", values: CONTRACTING_SITUATIONS },
        { name: "suspensiveClauseDue", type: "date" },
      ],
    },
    { title: "internal", fields: [{ name: "isPublic", type: "bool" }, { name: "internalNotes", type: "longText" }] },
  ],
  fund: [
    { title: "identification", fields: [{ name: "codPlan" }, { name: "year", type: "integer" }, { name: "situation", type: "status" }, { name: "parliamentarianName" }] },
    { title: "program", fields: [{ name: "programCode" }, { name: "programName" }, { name: "grantorAcronym" }, { name: "grantorName" }] },
    { title: "funds", fields: [{ name: "transferringFundName" }, { name: "receivingFundName" }, { name: "receivingFundCnpj", type: "cnpj" }] },
    { title: "object", fields: [{ name: "objectives", type: "longText" }] },
    {
      title: "values",
      fields: [
        { name: "amendmentTransferValue", type: "money" },
        { name: "specificTransferValue", type: "money" },
        { name: "voluntaryTransferValue", type: "money" },
        { name: "totalTransferValue", type: "money" },
        { name: "ownResourcesValue", type: "money" },
        { name: "committedValue", type: "money" },
        { name: "paidValue", type: "money" },
      ],
    },
    { title: "dates", fields: [{ name: "validityStart", type: "date" }, { name: "validityEnd", type: "date" }] },
    { title: "internal", fields: [{ name: "isPublic", type: "bool" }, { name: "internalNotes", type: "longText" }] },
  ],
};
