import { Link } from "@refinedev/core";
import { Empty, List, Space, Tag, Typography } from "antd";
import type { DeadlineItem, DeadlineKind } from "@/domain/deadlines";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";

const KIND_COLORS: Record<DeadlineKind, string> = { validity: "blue", accountability: "geekblue", suspensive: "gold", cauc: "cyan", lc210: "purple", program: "green", alert: "orange", "municipal-amendment": "magenta", "sync-source": "volcano", impediment: "red" };

/** "atrasado há 3 dias", "vence hoje", "em 5 dias". */
export function DeadlineWhen({ item }: { item: Pick<DeadlineItem, "daysLeft" | "overdue" | "date"> }) {
  const t = useT();
  if (item.daysLeft === null || !item.date) return <Typography.Text type="secondary">{t("deadlines.noDate")}</Typography.Text>;
  if (item.overdue) return <Typography.Text type="danger">{formatDate(item.date)} · {t("deadlines.overdue", { count: -item.daysLeft })}</Typography.Text>;
  const text = item.daysLeft === 0 ? t("deadlines.today") : t("deadlines.inDays", { count: item.daysLeft });
  return <Typography.Text type={item.daysLeft <= 7 ? "warning" : "secondary"}>{formatDate(item.date)} · {text}</Typography.Text>;
}

/** The deadline center's items (the bell's tab, the dashboard's card): kind, what is due, when; each opens its screen. */
export function DeadlineList({ items, emptyText, max }: { items: DeadlineItem[]; emptyText: string; max?: number }) {
  const t = useT();
  if (items.length === 0) return <Empty description={emptyText} />;
  return (
    <List<DeadlineItem>
      size="small"
      dataSource={max ? items.slice(0, max) : items}
      rowKey="key"
      renderItem={(item) => (
        <List.Item aria-label={`${item.what}: ${item.title}`}>
          {/* Not List.Item.Meta: it makes each deadline an h4, under the page's h1 with nothing between. */}
          <div style={{ minWidth: 0 }}>
            <Space size={4} wrap>
              <Tag color={KIND_COLORS[item.kind]}>{t(`deadlines.kinds.${item.kind}`)}</Tag>
              <Link to={item.path}>{item.reference ? `${item.reference} · ` : ""}{item.what}</Link>
            </Space>
            {/* Block-level, so a long title is cut to the card's width on a phone instead of widening the page; the whole title on hover. */}
            <Typography.Text className="line-ellipsis" style={{ maxWidth: 420 }} title={item.title}>
              {item.title}
            </Typography.Text>
            <DeadlineWhen item={item} />
          </div>
        </List.Item>
      )}
    />
  );
}
