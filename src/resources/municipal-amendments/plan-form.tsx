import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { Button, Divider, Form, Input, InputNumber, Modal, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { DateInput, MoneyInput, dateItemProps } from "@/components/form-inputs";
import { planSchema, type MunicipalAmendment } from "@/domain/municipal-amendments";
import { zodRule } from "@/lib/zod-rule";

// The server's own field schemas: the form says what the server would (issue 31).
const goalShape = planSchema.shape.goals.element.shape;
const itemShape = planSchema.shape.budgetItems.element.shape;
const partShape = planSchema.shape.schedule.element.shape;
import { useT } from "@/providers/i18n";

/** The plano de trabalho's form: object, goals, cost items, disbursement schedule and the specific account. */
export function PlanForm({ row, onClose }: { row: MunicipalAmendment; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<MunicipalAmendment, HttpError>();
  const save = async () => {
    const values = await form.validateFields();
    try {
      await mutateAsync({ url: `/api/municipal-amendments/${row.id}/plan`, method: "put", values, successNotification: { type: "success", message: t("municipalAmendments.plan.saved") } });
    } catch (error) {
      const errors = (error as HttpError).errors as Record<string, string> | undefined;
      if (errors) form.setFields(Object.entries(errors).map(([name, message]) => ({ name: name.split("."), errors: [String(message)] })));
      throw error;
    }
    await invalidate({ resource: "municipal-amendments", invalidates: ["detail"], id: row.id });
    onClose();
  };
  const required = (message: string) => [{ required: true, message }];
  const removeButton = (remove: () => void) => <Button icon={<DeleteOutlined />} aria-label={t("municipalAmendments.plan.remove")} onClick={remove} />;
  return (
    <Modal open width={860} title={t("municipalAmendments.plan.title")} onCancel={onClose} onOk={() => void save().catch(() => undefined)} okText={t("municipalAmendments.plan.save")} okButtonProps={{ loading: mutation.isPending }} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          planObject: row.planObject ?? row.object,
          goals: row.goals.length ? row.goals : [{ quantity: 1, unit: "unidade" }],
          budgetItems: row.budgetItems.length ? row.budgetItems : [{ description: row.object, value: row.value }],
          schedule: row.schedule.length ? row.schedule : [{ value: row.value }],
          bankCode: row.bankCode,
          agency: row.agency,
          account: row.account,
        }}
      >
        <Form.Item name="planObject" label={t("municipalAmendments.plan.object")} rules={required("Informe o objeto do plano.")}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Divider orientation="left">{t("municipalAmendments.plan.goals")}</Divider>
        <Form.List name="goals">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} wrap align="start">
                  <Form.Item name={[item.name, "description"]} label={t("municipalAmendments.plan.goal")} rules={required("Descreva a meta.")}>
                    <Input maxLength={300} style={{ minWidth: 260 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, "quantity"]} label={t("municipalAmendments.plan.quantity")} rules={required("Informe a quantidade.")}>
                    <InputNumber min={0.01} decimalSeparator="," />
                  </Form.Item>
                  <Form.Item name={[item.name, "unit"]} label={t("municipalAmendments.plan.unit")} rules={required("Informe a unidade.")}>
                    <Input maxLength={40} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item validateFirst name={[item.name, "deadline"]} label={t("municipalAmendments.plan.deadline")} rules={[...required("Informe o prazo."), zodRule(goalShape.deadline)]} {...dateItemProps}>
                    <DateInput />
                  </Form.Item>
                  {removeButton(() => remove(item.name))}
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>{t("municipalAmendments.plan.add")}</Button>
            </>
          )}
        </Form.List>
        <Divider orientation="left">{t("municipalAmendments.plan.items")}</Divider>
        <Form.List name="budgetItems">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} wrap align="start">
                  <Form.Item name={[item.name, "description"]} label={t("municipalAmendments.plan.item")} rules={required("Descreva o item.")}>
                    <Input maxLength={300} style={{ minWidth: 320 }} />
                  </Form.Item>
                  <Form.Item validateFirst name={[item.name, "value"]} label={t("municipalAmendments.movements.value")} rules={[...required("Informe o valor."), zodRule(itemShape.value)]}>
                    <MoneyInput />
                  </Form.Item>
                  {removeButton(() => remove(item.name))}
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add()}>{t("municipalAmendments.plan.add")}</Button>
            </>
          )}
        </Form.List>
        <Divider orientation="left">{t("municipalAmendments.plan.schedule")}</Divider>
        <Form.List name="schedule">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} wrap align="start">
                  <Form.Item name={[item.name, "month"]} label={t("municipalAmendments.plan.month")} rules={[...required("Informe o mês."), { pattern: /^20\d{2}-(0[1-9]|1[0-2])$/, message: "Use AAAA-MM, por exemplo 2026-07." }]}>
                    <Input maxLength={7} placeholder="2026-07" style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item validateFirst name={[item.name, "value"]} label={t("municipalAmendments.movements.value")} rules={[...required("Informe o valor."), zodRule(partShape.value)]}>
                    <MoneyInput />
                  </Form.Item>
                  {removeButton(() => remove(item.name))}
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add()}>{t("municipalAmendments.plan.add")}</Button>
            </>
          )}
        </Form.List>
        <Divider orientation="left">{t("municipalAmendments.plan.account")}</Divider>
        <Space wrap align="start">
          <Form.Item name="bankCode" label={t("municipalAmendments.plan.bankCode")} rules={[...required("Informe o banco."), { pattern: /^\d{3}$/, message: "Use três dígitos, por exemplo 001." }]}>
            <Input maxLength={3} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="agency" label={t("municipalAmendments.plan.agency")} rules={required("Informe a agência.")}>
            <Input maxLength={7} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="account" label={t("municipalAmendments.plan.accountNumber")} rules={required("Informe a conta.")}>
            <Input maxLength={14} style={{ width: 160 }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
