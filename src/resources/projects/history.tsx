import { useCreate, useList, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Empty, Form, Input, Space, Tag, Timeline, Typography } from "antd";
import { historyNoteCreateSchema, type HistoryEntry } from "@/domain/projects";
import { formatMoment } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT, type Translate } from "@/providers/i18n";
import { useProjectId, useProjectRights, useRefreshProject } from "./shared";

const ENTITY_COLORS: Record<HistoryEntry["entity"], string> = { PROJECT: "blue", WORK_PLAN: "geekblue", FUNDING_SOURCE: "gold", BID: "purple", EXECUTION: "green", FILE: "cyan", NOTE: "default", QUOTE: "magenta", QUOTE_PRICE: "magenta" };

/** A value of a change as people read it: dates dd/mm/aaaa, money and numbers as written, empty as "(vazio)". */
function shown(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === "") return t("projects.history.blank");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("/");
  if (typeof value === "boolean") return value ? "sim" : "não";
  return String(value);
}

/** /admin/projects/info/{ID}/history: every change of the project and its tabs (who, when, what), and notes. Read-only. */
export default function HistoryTab() {
  const t = useT();
  const projectId = useProjectId();
  const { canWrite } = useProjectRights();
  const refresh = useRefreshProject(projectId);
  const [form] = Form.useForm<{ note: string }>();
  const { mutateAsync, mutation } = useCreate();
  const { result, query } = useList<HistoryEntry, HttpError>({
    resource: "project-history",
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    pagination: { currentPage: 1, pageSize: 200 },
  });
  const entries = result.data ?? [];
  const addNote = async ({ note }: { note: string }) => {
    await mutateAsync({ resource: "project-history", values: { projectId, note }, successNotification: { type: "success", message: t("projects.history.noteSaved") } });
    form.resetFields();
    await refresh();
  };
  return (
    <Card size="small">
      <Alert type="info" showIcon message={t("projects.history.readOnly")} style={{ marginBottom: 16 }} />
      {canWrite ? (
        <Form form={form} layout="vertical" onFinish={addNote} style={{ marginBottom: 16 }}>
          <Form.Item name="note" label={t("projects.history.note")} rules={[zodRule(historyNoteCreateSchema.shape.note)]}>
            <Input.TextArea rows={2} maxLength={4000} placeholder={t("projects.history.notePlaceholder")} />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={mutation.isPending}>
            {t("projects.history.addNote")}
          </Button>
        </Form>
      ) : null}
      {entries.length === 0 && !query.isLoading ? <Empty description={t("projects.history.empty")} /> : null}
      <Timeline
        data-testid="project-history"
        items={entries.map((entry) => ({
          key: entry.id,
          color: entry.action === "DELETE" ? "red" : entry.action === "NOTE" ? "gray" : "blue",
          children: (
            <Space direction="vertical" size={2} style={{ width: "100%" }}>
              <Space wrap size={6}>
                <Typography.Text type="secondary">{formatMoment(entry.createdAt, { time: true })}</Typography.Text>
                <Typography.Text strong>{entry.actorName ?? t("projects.history.someone")}</Typography.Text>
                <Typography.Text>{t(`projects.history.actions.${entry.action}`)}</Typography.Text>
                <Tag color={ENTITY_COLORS[entry.entity]}>{t(`projects.history.entities.${entry.entity}`)}</Tag>
                {entry.subject ? <Typography.Text>{entry.subject}</Typography.Text> : null}
              </Space>
              {entry.note ? <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }}>{entry.note}</Typography.Paragraph> : null}
              {entry.action === "UPDATE"
                ? entry.changes.map((change) => (
                    <Typography.Text key={change.field} type="secondary" style={{ fontSize: 13 }}>
                      {t("projects.history.change", { field: fieldLabel(change.field, t), from: shown(change.from, t), to: shown(change.to, t) })}
                    </Typography.Text>
                  ))
                : null}
            </Space>
          ),
        }))}
      />
    </Card>
  );
}

/** A changed field's name as the screens call it (the tabs' labels), else the field's own name. */
function fieldLabel(field: string, t: Translate): string {
  const keys = [`projects.fields.${field}`, `projects.workPlan.${field}`, `projects.funding.${field}`, `projects.bids.${field}`, `projects.execution.${field}`, `projects.files.${field}`, `quotes.fields.${field}`];
  for (const key of keys) {
    const text = t(key as never);
    if (text !== key && typeof text === "string") return text;
  }
  return field;
}
