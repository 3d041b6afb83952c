import { useCustom, useCustomMutation, useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Space, Table, Tag, Typography } from "antd";
import { MailOutlined } from "@ant-design/icons";
import type { Company } from "@/domain/companies";
import type { DigestRun } from "@/domain/deadlines";
import { formatMoment } from "@/lib/format";
import { useT } from "@/providers/i18n";

const STATUS_COLORS: Record<DigestRun["status"], string> = { SENT: "green", NOTHING_NEW: "default", NO_RECIPIENTS: "gold", FAILED: "red" };

/** The company's deadline digest (ADMIN): who receives it, "Enviar agora", and the latest runs. */
export function DigestPanel({ companyId }: { companyId: number }) {
  const t = useT();
  const { result: company } = useOne<Company>({ resource: "companies", id: companyId });
  const { result, query } = useCustom<DigestRun[]>({ url: `/api/companies/${companyId}/digest-runs`, method: "get", queryOptions: { refetchInterval: 3000 } });
  const { mutateAsync, mutation } = useCustomMutation<{ jobId: string }, HttpError>();
  const emails = company?.parametrization.alertEmails ?? [];
  // Refine answers an empty object until the runs arrive.
  const runs: DigestRun[] = Array.isArray(result?.data) ? result.data : [];
  const send = async () => {
    await mutateAsync({ url: `/api/companies/${companyId}/digest`, method: "post", values: {}, successNotification: { type: "success", message: t("digest.queued") } });
    await query.refetch();
  };
  return (
    <Card title={t("digest.title")} style={{ marginTop: 24, maxWidth: 860 }} data-testid="digest-panel">
      <Space direction="vertical" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("digest.intro")}
        </Typography.Paragraph>
        {emails.length ? <Typography.Text>{t("digest.recipients", { emails: emails.join(", ") })}</Typography.Text> : <Alert type="warning" showIcon message={t("digest.noRecipients")} />}
        <Button type="primary" icon={<MailOutlined />} onClick={send} loading={mutation.isPending} disabled={!emails.length}>
          {t("digest.sendNow")}
        </Button>
        <Typography.Title level={5}>{t("digest.runs")}</Typography.Title>
        <Table<DigestRun>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={runs}
          columns={[
            { title: "", dataIndex: "createdAt", render: (v: string) => formatMoment(v, { time: true }) },
            { title: "", dataIndex: "trigger", render: (v: DigestRun["trigger"]) => t(`digest.triggers.${v}`) },
            { title: "", dataIndex: "status", render: (v: DigestRun["status"], run) => <Tag color={STATUS_COLORS[v]} title={run.error ?? undefined}>{t(`digest.statuses.${v}`)}</Tag> },
            { title: "", dataIndex: "itemCount", render: (v: number) => t("digest.items", { count: v }) },
          ]}
          showHeader={false}
        />
      </Space>
    </Card>
  );
}
