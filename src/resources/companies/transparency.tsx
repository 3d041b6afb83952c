import { useT } from "@/providers/i18n";
import { Button, Checkbox, Form, Input, Skeleton, Space, Switch, Typography } from "antd";
import { ExportOutlined, SaveOutlined } from "@ant-design/icons";
import { TRANSPARENCY_SECTIONS, slugSchema, type Company } from "@/domain/companies";
import { useEditForm } from "@/components/resource/edit-form";
import { zodRule } from "@/lib/zod-rule";

/** What the public transparency site shows: its address, whether it is up, its sections and texts (ADMIN). */
export function TransparencyForm({ companyId }: { companyId: number | string }) {
  const t = useT();
  const { formProps, saveButtonProps, query, form, conflict } = useEditForm<Company>({ resource: "companies", id: companyId });
  const slug = Form.useWatch("slug", form) as string | undefined;
  if (query?.isLoading) return <Skeleton active />;
  return (
    <Form {...formProps} layout="vertical" style={{ maxWidth: 640 }}>
      {conflict}
      <Typography.Paragraph type="secondary">{t("transparency.intro")}</Typography.Paragraph>
      <Form.Item label={t("transparency.fields.slug")} name="slug" rules={[zodRule(slugSchema)]} required extra={t("companies.help.slug")}>
        <Input addonBefore="/transparency/" maxLength={60} autoComplete="off" />
      </Form.Item>
      {slug ? (
        <Typography.Paragraph>
          <Typography.Link href={`/transparency/${slug}`} target="_blank" rel="noreferrer">
            <ExportOutlined /> {t("companies.actions.openPortal")}
          </Typography.Link>
        </Typography.Paragraph>
      ) : null}
      <Form.Item label={t("transparency.fields.publicPortalEnabled")} name="publicPortalEnabled" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label={t("transparency.fields.sections")}>
        <Space direction="vertical">
          {TRANSPARENCY_SECTIONS.map((section) => (
            <Form.Item key={section} name={["transparency", "sections", section]} valuePropName="checked" noStyle>
              <Checkbox>{t(`transparency.sections.${section}`)}</Checkbox>
            </Form.Item>
          ))}
        </Space>
      </Form.Item>
      <Form.Item name={["transparency", "showPayments"]} valuePropName="checked">
        <Checkbox>{t("transparency.fields.showPayments")}</Checkbox>
      </Form.Item>
      <Form.Item label={t("transparency.fields.welcomeText")} name={["transparency", "welcomeText"]}>
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
      <Button type="primary" icon={<SaveOutlined />} {...saveButtonProps}>
        {t("buttons.save")}
      </Button>
    </Form>
  );
}
