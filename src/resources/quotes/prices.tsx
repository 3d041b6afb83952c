import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Form, Modal } from "antd";
import { DocumentUpload } from "@/components/document-upload";
import { FormSections, describeFields, useEditForm } from "@/components/resource";
import { quotePriceFields, quotePriceUpdateSchema, type QuotePrice } from "@/domain/quotes";

import { useT } from "@/providers/i18n";
import { QUOTE_CODES as CODES } from "./codes";
import { todayInSaoPaulo } from "@/domain/dates";

/** One price of the research: supplier, price, date, source, validity; the evidence is sent beside. */
const priceFields = describeFields<QuotePrice>({
  schema: quotePriceFields,
  updateSchema: quotePriceUpdateSchema,
  sections: [
    {
      fields: [
        { name: "supplierCnpj", label: "quotes.fields.supplierCnpj", type: "cnpj" },
        { name: "supplierName", label: "quotes.fields.supplierName", maxLength: 200 },
        { name: "unitPrice", label: "quotes.fields.unitPrice", placeholder: "quotes.fields.unitPrice" },
        { name: "source", label: "quotes.fields.source", type: "code", codes: CODES.sources },
        { name: "quoteDate", label: "quotes.fields.quoteDate", type: "date" },
        { name: "validUntil", label: "quotes.fields.validUntil", type: "date", notBefore: "quoteDate" },
      ],
    },
  ],
});

function Evidence() {
  const t = useT();
  return <DocumentUpload kind="project-document" pathField="storagePath" nameField="fileName" label={t("quotes.prices.attach")} hint={t("quotes.prices.attachHint")} />;
}

interface DialogProps {
  quoteId: number;
  onClose(): void;
  onSaved(): Promise<unknown>;
}

/** Adds a price to the item (its evidence first goes to a signed upload URL). */
export function AddPriceDialog({ quoteId, onClose, onSaved }: DialogProps) {
  const t = useT();
  const { formProps, saveButtonProps } = useForm<QuotePrice, HttpError>({
    resource: "quote-prices",
    action: "create",
    redirect: false,
    successNotification: () => ({ type: "success", message: t("quotes.prices.saved") }),
    onMutationSuccess: async () => {
      await onSaved();
      onClose();
    },
  });
  const onFinish = (values: Record<string, unknown>) => formProps.onFinish?.({ ...values, quoteId } as never);
  return (
    <Modal open title={t("quotes.prices.add")} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} okText={t("quotes.actions.save")} cancelText={t("quotes.actions.cancel")} width={760} destroyOnHidden>
      <Form {...formProps} onFinish={onFinish} layout="vertical" initialValues={{ source: "FORNECEDOR", quoteDate: todayInSaoPaulo() }} scrollToFirstError>
        <FormSections sections={priceFields.sections} schema={priceFields.schema} updateSchema={priceFields.updateSchema} />
        <Evidence />
      </Form>
    </Modal>
  );
}

/** Corrects a price, or attaches (replaces) its evidence; sends the version it was read at. */
export function EditPriceDialog({ price, onClose, onSaved }: Omit<DialogProps, "quoteId"> & { price: QuotePrice }) {
  const t = useT();
  const { formProps, saveButtonProps, conflict } = useEditForm<QuotePrice>({
    resource: "quote-prices",
    record: price,
    onSaved: async () => {
      await onSaved();
      onClose();
    },
  });
  return (
    <Modal open title={t("quotes.prices.editOf", { supplier: price.supplierName })} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} okText={t("quotes.actions.save")} cancelText={t("quotes.actions.cancel")} width={760} destroyOnHidden>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormSections sections={priceFields.sections} schema={priceFields.schema} updateSchema={priceFields.updateSchema} record={price} />
        <Evidence />
      </Form>
    </Modal>
  );
}
