import { useOne } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Button, Descriptions, Form, InputNumber, Select, Skeleton, Switch, Tag, Typography } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { parametrizationSchema, type Company } from "@/domain/companies";
import { useEditForm } from "@/components/resource/edit-form";
import { zodRule } from "@/lib/zod-rule";

const DAY_FIELDS = ["validityAlertDays", "accountabilityAlertDays", "caucAlertDays"] as const;

/** The company's parametrization (alert lead times and recipients), edited as one object. */
export function ParametrizationForm({ companyId }: { companyId: number | string }) {
  const t = useT();
  const { formProps, saveButtonProps, query, conflict } = useEditForm<Company>({ resource: "companies", id: companyId });
  if (query?.isLoading) return <Skeleton active />;
  return (
    <Form {...formProps} layout="vertical" style={{ maxWidth: 560 }}>
      {conflict}
      <Typography.Paragraph type="secondary">{t("parametrization.intro")}</Typography.Paragraph>
      {DAY_FIELDS.map((field) => (
        <Form.Item
          key={field}
          label={t(`parametrization.fields.${field}`)}
          name={["parametrization", field]}
          rules={[zodRule(parametrizationSchema.shape[field])]}
          required
        >
          <InputNumber min={1} max={365} precision={0} addonAfter={t("parametrization.days")} style={{ width: 200 }} />
        </Form.Item>
      ))}
      <Form.Item
        label={t("parametrization.fields.alertEmails")}
        name={["parametrization", "alertEmails"]}
        rules={[zodRule(parametrizationSchema.shape.alertEmails)]}
        extra={t("parametrization.emailsHelp")}
      >
        <Select mode="tags" open={false} tokenSeparators={[",", ";", " "]} suffixIcon={null} placeholder="convenios@prefeitura.gov.br" />
      </Form.Item>
      <Form.Item
        label={t("parametrization.fields.transferegovSyncEnabled")}
        name={["parametrization", "transferegovSyncEnabled"]}
        valuePropName="checked"
        extra={t("parametrization.syncHelp")}
      >
        <Switch checkedChildren={t("parametrization.on")} unCheckedChildren={t("parametrization.off")} />
      </Form.Item>
      <Button type="primary" icon={<SaveOutlined />} {...saveButtonProps}>
        {t("buttons.save")}
      </Button>
    </Form>
  );
}

/** The parametrization, read-only (settings panel data). */
export function ParametrizationView({ companyId }: { companyId: number | string }) {
  const t = useT();
  const { result, query } = useOne<Company>({ resource: "companies", id: companyId });
  if (query.isLoading || !result) return <Skeleton active />;
  const p = result.parametrization;
  return (
    <Descriptions column={1} bordered size="middle">
      {DAY_FIELDS.map((field) => (
        <Descriptions.Item key={field} label={t(`parametrization.fields.${field}`)}>
          {p[field]} {t("parametrization.days")}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t("parametrization.fields.alertEmails")}>
        {p.alertEmails.length ? p.alertEmails.map((email) => <Tag key={email}>{email}</Tag>) : t("parametrization.none")}
      </Descriptions.Item>
      <Descriptions.Item label={t("parametrization.fields.transferegovSyncEnabled")}>{t(p.transferegovSyncEnabled ? "parametrization.on" : "parametrization.off")}</Descriptions.Item>
    </Descriptions>
  );
}
