import { useState } from "react";
import { useSelect } from "@refinedev/antd";
import { useCustom, useCustomMutation, useNotification, type HttpError } from "@refinedev/core";
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from "antd";
import { FilePdfOutlined, ThunderboltOutlined } from "@ant-design/icons";
import type { ClientReportListRow } from "@/domain/client-reports";
import type { Company } from "@/domain/companies";
import { passesGuard } from "@/domain/guards";
import { List } from "@/components/page-frame";
import { TextCell } from "@/components/resource";
import { formatMoment } from "@/lib/format";
import { downloadFile } from "@/lib/list-export";
import { useActiveCompanyId } from "@/lib/use-active-company";
import { useT } from "@/providers/i18n";

const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** "Gerar agora": the client (the header's chosen one by default) and the month (default: the previous one). */
function GenerateModal({ companyId, onClose, onDone }: { companyId: number | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { open } = useNotification();
  const [form] = Form.useForm<{ companyId?: string; month?: string }>();
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<ClientReportListRow, HttpError>();
  const { selectProps } = useSelect<Company>({
    resource: "companies",
    optionLabel: "name",
    optionValue: (company) => String(company.id),
    defaultValue: companyId ?? undefined,
    sorters: [{ field: "name", order: "asc" }],
    pagination: { pageSize: 20, mode: "server" },
    onSearch: (value) => [{ field: "q", operator: "eq", value }],
    errorNotification: false,
  });
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      await mutateAsync({
        url: "/api/client-reports",
        method: "post",
        values: { companyId: Number(values.companyId), ...(values.month ? { month: values.month } : {}) },
        successNotification: false,
        errorNotification: false,
      });
      open?.({ type: "success", message: t("clientReports.generate.done") });
      onDone();
    } catch (failure) {
      const http = failure as HttpError;
      const fields = http.errors ? Object.values(http.errors).flat() : [];
      setError((fields.find((v): v is string => typeof v === "string") ?? http.message) || t("clientReports.generate.done"));
    }
  };
  return (
    <Modal open title={t("clientReports.generate.title")} onCancel={onClose} onOk={() => void submit()} okText={t("clientReports.generate.ok")} okButtonProps={{ loading: mutation.isPending }} destroyOnHidden>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ companyId: companyId ? String(companyId) : undefined }}>
        <Form.Item name="companyId" label={t("clientReports.generate.client")} rules={[{ required: true, message: t("clientReports.generate.chooseClient") }]}>
          <Select {...selectProps} showSearch filterOption={false} aria-label={t("clientReports.generate.client")} />
        </Form.Item>
        <Form.Item name="month" label={t("clientReports.generate.month")} extra={t("clientReports.generate.monthHelp")}>
          <Input type="month" aria-label={t("clientReports.generate.month")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/client-reports: the archive (client, month, generated at, sent to), the download and "Gerar agora". */
export default function ClientReportsList() {
  const t = useT();
  const { companyId, role } = useActiveCompanyId();
  const [generating, setGenerating] = useState(false);
  const { query } = useCustom<ClientReportListRow[]>({ url: "/api/client-reports", method: "get", queryOptions: { queryKey: ["client-reports", window.location.search] } });
  const rows = query.isError ? [] : (query.data?.data ?? []);
  const canGenerate = role !== undefined && passesGuard(role, "admin-only");
  const download = (row: ClientReportListRow) => downloadFile(`/api/client-reports/${row.id}/pdf`, new URLSearchParams(), `relatorio-mensal-${row.month}.pdf`);

  return (
    <List
      title={t("clientReports.menu")}
      headerButtons={
        canGenerate ? (
          <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setGenerating(true)}>
            {t("clientReports.generate.button")}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t("clientReports.intro")}</Typography.Paragraph>
      {query.isError && <Alert type="error" showIcon message={(query.error as HttpError | null)?.message} />}
      <Table<ClientReportListRow>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        locale={{ emptyText: t("clientReports.empty") }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        // As wide as its columns need, scrolling inside its frame; the download stays the last column, not fixed
        // over the others (fixed, it covered the mail status of a 900 px table, issue 31).
        scroll={{ x: "max-content" }}
        columns={[
          { key: "client", title: t("clientReports.columns.client"), dataIndex: "companyName" },
          { key: "month", title: t("clientReports.columns.month"), dataIndex: "month", render: (month: string) => monthText(month) },
          { key: "generatedAt", title: t("clientReports.columns.generatedAt"), dataIndex: "generatedAt", render: (at: string) => formatMoment(at, { time: true }) },
          { key: "trigger", title: t("clientReports.columns.trigger"), dataIndex: "trigger", render: (trigger: ClientReportListRow["trigger"]) => t(`clientReports.triggers.${trigger}`) },
          {
            key: "sentTo",
            title: t("clientReports.columns.sentTo"),
            render: (_, row) =>
              row.mailStatus === "SENT" ? (
                <TextCell>{row.recipients.join(", ")}</TextCell>
              ) : (
                <Tag color={row.mailStatus === "FAILED" ? "red" : "default"} title={row.mailError ?? undefined}>
                  {t(`clientReports.mailStatuses.${row.mailStatus}`)}
                </Tag>
              ),
          },
          {
            key: "actions",
            title: t("clientReports.columns.actions"),
            render: (_, row) => (
              <Space>
                <Button size="small" icon={<FilePdfOutlined />} onClick={() => void download(row).catch(() => undefined)} aria-label={`${t("clientReports.download")} ${row.companyName} ${monthText(row.month)}`}>
                  {t("clientReports.download")}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {generating && (
        <GenerateModal
          companyId={companyId}
          onClose={() => setGenerating(false)}
          onDone={() => {
            setGenerating(false);
            void query.refetch();
          }}
        />
      )}
    </List>
  );
}
