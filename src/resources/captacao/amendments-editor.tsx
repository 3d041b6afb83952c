import { useState } from "react";
import { useInvalidate, useNotification, useUpdate, type HttpError } from "@refinedev/core";
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { PARLIAMENTARIAN_KINDS, amendmentsExceedTransfer, proposalAmendmentSchema, type Proposal, type ProposalAmendment } from "@/domain/captacao";
import { MoneyInput } from "@/components/form-inputs";
import { formatMoney } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";

type AmendmentDraft = Partial<Record<keyof ProposalAmendment, string>>;
interface AmendmentsForm {
  amendments: AmendmentDraft[];
}

const rule = (field: keyof ProposalAmendment) => zodRule(proposalAmendmentSchema.shape[field]);

/** A server field path (`amendments.1.number`) as the form's name path. */
const namePath = (key: string) => key.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The emendas parlamentares that fund a proposal (ADMIN and MANAGER): add, change or remove them in
 * one save. The same rules as the server's: the number once per proposal, values above zero and their
 * sum within the transfer value.
 */
export function AmendmentsEditor({ proposal }: { proposal: Proposal }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AmendmentsForm>();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { mutate, mutation } = useUpdate<Proposal, HttpError>();
  const drafts = Form.useWatch("amendments", form) ?? [];
  const sum = drafts.reduce((total, a) => total + (Number(a?.value) || 0), 0);
  const over = amendmentsExceedTransfer(
    drafts.map((a) => ({ value: a?.value ?? 0 })),
    proposal.transferValue,
  );
  const [formError, setFormError] = useState<string | null>(null);

  const start = () => {
    form.setFieldsValue({ amendments: proposal.amendments.map((a) => ({ ...a })) });
    setFormError(null);
    setOpen(true);
  };
  const save = (values: AmendmentsForm) => {
    setFormError(null);
    mutate(
      { resource: "proposals", id: proposal.id, values: { amendments: values.amendments ?? [], version: proposal.version }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          notify?.({ type: "success", message: t("captacao.amendments.saved") });
          setOpen(false);
          void invalidate({ resource: "proposals", invalidates: ["list", "detail"] });
        },
        onError: (error) => {
          const errors = (error.errors ?? {}) as Record<string, string | string[]>;
          const text = (v: string | string[]) => (Array.isArray(v) ? v[0] : v);
          const nested = Object.entries(errors).filter(([key]) => key.startsWith("amendments."));
          form.setFields(nested.map(([key, message]) => ({ name: namePath(key) as never, errors: [text(message)] })));
          const whole = errors.amendments ?? errors.version ?? (nested.length ? undefined : error.message);
          setFormError(whole ? text(whole) : null);
        },
      },
    );
  };

  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={start}>
        {t("captacao.amendments.edit")}
      </Button>
      <Modal
        open={open}
        width={920}
        title={t("captacao.amendments.title", { nr: proposal.nrProposal })}
        okText={t("captacao.amendments.save")}
        cancelText={t("captacao.amendments.cancel")}
        confirmLoading={mutation.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<AmendmentsForm> form={form} layout="vertical" onFinish={save} aria-label={t("captacao.amendments.title", { nr: proposal.nrProposal })}>
          <Form.List name="amendments">
            {(items, { add, remove }) => (
              <Space direction="vertical" style={{ width: "100%" }}>
                {items.length === 0 ? <Typography.Text type="secondary">{t("captacao.proposal.noAmendments")}</Typography.Text> : null}
                {items.map((item, index) => (
                  <Space key={item.key} align="start" wrap data-testid="amendment-row">
                    <Form.Item name={[item.name, "number"]} label={t("captacao.proposal.amendmentNumber")} rules={[rule("number")]} required>
                      <Input inputMode="numeric" maxLength={12} placeholder="202644660013" style={{ width: 150 }} aria-label={`${t("captacao.proposal.amendmentNumber")} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item name={[item.name, "parliamentarian"]} label={t("captacao.proposal.parliamentarian")} rules={[rule("parliamentarian")]} required>
                      <Input maxLength={120} style={{ width: 260 }} aria-label={`${t("captacao.proposal.parliamentarian")} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item name={[item.name, "kind"]} label={t("captacao.proposal.amendmentKind")} initialValue="INDIVIDUAL">
                      <Select style={{ width: 130 }} aria-label={`${t("captacao.proposal.amendmentKind")} ${index + 1}`} options={PARLIAMENTARIAN_KINDS.map((kind) => ({ value: kind, label: t(`captacao.parliamentarianKinds.${kind}`) }))} />
                    </Form.Item>
                    <Form.Item name={[item.name, "value"]} label={t("captacao.proposal.amendmentValue")} rules={[rule("value")]} required>
                      <MoneyInput style={{ width: 180 }} aria-label={`${t("captacao.proposal.amendmentValue")} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button danger icon={<DeleteOutlined />} aria-label={t("captacao.amendments.remove", { n: index + 1 })} onClick={() => remove(item.name)} />
                    </Form.Item>
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: "INDIVIDUAL" })} disabled={items.length >= 50}>
                  {t("captacao.amendments.add")}
                </Button>
                <Typography.Text type={over ? "danger" : "secondary"} data-testid="amendments-sum">
                  {t("captacao.amendments.sum", { sum: formatMoney(sum), transfer: formatMoney(proposal.transferValue) })}
                </Typography.Text>
                {over ? <Alert type="warning" showIcon message={t("captacao.amendments.over")} /> : null}
                {formError ? <Alert type="error" showIcon message={formError} /> : null}
              </Space>
            )}
          </Form.List>
        </Form>
      </Modal>
    </>
  );
}
