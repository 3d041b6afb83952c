import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { Badge, Button, Empty, List, Popover, Space, Tabs, Tag, Typography } from "antd";
import { BellOutlined, CheckOutlined, ExportOutlined } from "@ant-design/icons";
import type { AlertInbox, AlertSeverity } from "@/domain/alerts";
import type { DeadlineCenter } from "@/domain/deadlines";
import { DeadlineList } from "./deadline-list";
import { useT } from "@/providers/i18n";

const SEVERITY_COLORS: Record<AlertSeverity, string> = { INFO: "blue", ATENCAO: "orange", URGENTE: "red" };
/** The bell asks again every few minutes, so a new notice shows up without a reload. */
const REFRESH_MS = 5 * 60 * 1000;

/**
 * The header's bell: the valid notices for the person's municipality, unread counted, each one marked
 * read by its reader; beside them, the deadline center (everything due within the company's lead
 * times, late ones counted in the badge).
 */
export function AlertBell() {
  const t = useT();
  const { result: deadlinesResult } = useCustom<DeadlineCenter>({ url: "/api/deadlines", method: "get", queryOptions: { refetchInterval: REFRESH_MS }, errorNotification: false });
  const center = deadlinesResult?.data as Partial<DeadlineCenter> | undefined;
  // The consultancy's notices are already in their own tab.
  const deadlines = (center?.items ?? []).filter((item) => item.kind !== "alert");
  const late = deadlines.filter((item) => item.overdue).length;
  const { result, query } = useCustom<AlertInbox>({ url: "/api/alerts/inbox", method: "get", queryOptions: { refetchInterval: REFRESH_MS } });
  const { mutateAsync, mutation } = useCustomMutation<Record<string, never>, HttpError>();
  // Refine answers an empty object until the inbox arrives.
  const inbox = result?.data as Partial<AlertInbox> | undefined;
  const alerts = inbox?.alerts ?? [];
  const unread = inbox?.unread ?? 0;
  const markRead = async (id: number) => {
    await mutateAsync({ url: `/api/alerts/${id}/read`, method: "post", values: {}, successNotification: false });
    await query.refetch();
  };
  const alertsContent = (
    <div style={{ maxHeight: 420, overflowY: "auto" }}>
      {inbox?.alerts && alerts.length === 0 ? <Empty description={t("alerts.bell.empty")} /> : null}
      <List
        dataSource={alerts}
        rowKey="id"
        renderItem={(alert) => (
          <List.Item
            aria-label={alert.title}
            actions={[
              alert.read ? (
                <Tag key="read" icon={<CheckOutlined />}>
                  {t("alerts.bell.read")}
                </Tag>
              ) : (
                <Button key="mark" size="small" loading={mutation.isPending} onClick={() => markRead(alert.id)}>
                  {t("alerts.bell.markRead")}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={4} wrap>
                  <Tag color={SEVERITY_COLORS[alert.severity]}>{t(`alerts.severities.${alert.severity}`)}</Tag>
                  <Typography.Text strong={!alert.read}>{alert.title}</Typography.Text>
                </Space>
              }
              description={
                <>
                  <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: "pre-line" }}>{alert.message}</Typography.Paragraph>
                  {alert.linkUrl ? (
                    <a href={alert.linkUrl} target="_blank" rel="noopener noreferrer">
                      <ExportOutlined /> {t("alerts.bell.open")}
                    </a>
                  ) : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
  const deadlinesContent = (
    <div style={{ maxHeight: 420, overflowY: "auto" }}>
      <DeadlineList items={deadlines} emptyText={center?.companyId === null ? t("deadlines.chooseCompany") : t("deadlines.empty")} />
    </div>
  );
  const content = (
    <div style={{ width: 400 }}>
      <Tabs
        size="small"
        items={[
          { key: "alerts", label: `${t("deadlines.alertsTab")} (${alerts.length})`, children: alertsContent },
          { key: "deadlines", label: `${t("deadlines.bellTab")} (${deadlines.length})`, children: deadlinesContent },
        ]}
      />
    </div>
  );
  const label = unread > 0 ? `${t("alerts.bell.label")}: ${t("alerts.bell.unread", { count: unread })}` : t("alerts.bell.label");
  return (
    <Popover trigger="click" placement="bottomRight" title={t("alerts.bell.label")} content={content}>
      <Badge count={unread + late} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={label} />
      </Badge>
    </Popover>
  );
}
