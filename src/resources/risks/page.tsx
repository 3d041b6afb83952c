import { useEffect, useMemo, useState } from "react";
import { Link, useCustom, useCustomMutation, useGetIdentity, useList, type HttpError } from "@refinedev/core";
import { Alert, Button, DatePicker, Drawer, Empty, Input, List as AntList, Select, Space, Table, Tag, Typography } from "antd";
import { CheckOutlined, ClockCircleOutlined, CommentOutlined, FileTextOutlined, UserAddOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { List } from "@/components/page-frame";
import type { SessionUser } from "@/domain/auth";
import { actsAcrossClients } from "@/domain/guards";
import type { RequirementTemplate } from "@/domain/requirements";
import { ACTIVE_RISK_STATES, RISK_KINDS, RISK_STATES, type RiskItem, type RiskKind, type RiskQueue, type RiskState } from "@/domain/risks";
import { formatDate, formatMoment, formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";

const KIND_COLORS: Record<RiskKind, string> = {
  "work-plan": "red",
  cauc: "cyan",
  accountability: "geekblue",
  "management-report": "blue",
  lc210: "purple",
  program: "green",
  "idle-money": "gold",
  sync: "default",
};
const STATE_COLORS: Record<RiskState, string> = { OPEN: "default", IN_PROGRESS: "processing", WAITING_MUNICIPALITY: "warning", DONE: "success", SNOOZED: "default" };

interface Filters {
  companyIds: number[];
  kinds: RiskKind[];
  states: RiskState[];
  owner: string | undefined;
}

/** Items per page: the server ranks the whole queue and answers one page (issue 33's ≤ 100 ms for 30 clients). */
const PAGE_SIZE = 50;

/** The queue's query string from the filters (the server's defaults when a filter is empty) and the page (1-based). */
function queryOf(filters: Filters, page: number): Record<string, string> {
  const q: Record<string, string> = { _start: String((page - 1) * PAGE_SIZE), _end: String(page * PAGE_SIZE) };
  if (filters.companyIds.length) q.companyIds = filters.companyIds.join(",");
  if (filters.kinds.length) q.kind = filters.kinds.join(",");
  if (filters.states.length) q.state = filters.states.join(",");
  if (filters.owner) q.owner = filters.owner;
  return q;
}

/** How far the deadline is, in words. */
function Deadline({ item }: { item: RiskItem }) {
  const t = useT();
  if (!item.deadline || item.daysLeft === null) return <Typography.Text type="secondary">{t("risks.noDeadline")}</Typography.Text>;
  const text = item.daysLeft < 0 ? t("risks.overdueBy", { count: -item.daysLeft }) : item.daysLeft === 0 ? t("risks.today") : t("risks.daysLeft", { count: item.daysLeft });
  return (
    <Space direction="vertical" size={0}>
      <span>{formatDate(item.deadline)}</span>
      <Typography.Text type={item.daysLeft < 0 ? "danger" : item.daysLeft <= 7 ? "warning" : "secondary"}>{text}</Typography.Text>
    </Space>
  );
}

/** One item's page: its data, where it is solved, its handling and its comment thread. */
function ItemDrawer({ item, onClose, onChanged }: { item: RiskItem; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const [text, setText] = useState("");
  const { result, query } = useCustom<{ comments: { id: number; authorName: string; body: string; createdAt: string }[] }>({
    url: "/api/risks/comments",
    method: "get",
    config: { query: { key: item.key } },
  });
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, HttpError>();
  const comments = Array.isArray(result?.data?.comments) ? result.data.comments : [];
  const send = async () => {
    await mutateAsync({ url: "/api/risks/comments", method: "post", values: { key: item.key, body: text } });
    setText("");
    await query.refetch();
    onChanged();
  };
  return (
    <Drawer open onClose={onClose} title={item.title} width="min(560px, 100vw)" data-testid="risk-drawer">
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <Space wrap>
          <Tag color={KIND_COLORS[item.kind]}>{t(`risks.kinds.${item.kind}`)}</Tag>
          <Tag color={STATE_COLORS[item.handling.state]}>{t(`risks.states.${item.handling.state}`)}</Tag>
          <Typography.Text strong>{item.companyName}</Typography.Text>
        </Space>
        <Typography.Paragraph style={{ margin: 0 }}>{item.reason}</Typography.Paragraph>
        <Space wrap>
          <Deadline item={item} />
          {item.money && <Typography.Text strong>{formatMoney(item.money)}</Typography.Text>}
          {item.handling.ownerName && <Tag icon={<UserAddOutlined />}>{item.handling.ownerName}</Tag>}
        </Space>
        <Link to={item.link}>{t("risks.actions.open")}</Link>
        <Typography.Title level={5}>{t("risks.actions.comments")}</Typography.Title>
        {comments.length === 0 ? (
          <Typography.Text type="secondary">{t("risks.noComments")}</Typography.Text>
        ) : (
          <AntList
            size="small"
            dataSource={comments}
            renderItem={(c) => (
              <AntList.Item>
                <AntList.Item.Meta title={`${c.authorName} · ${formatMoment(c.createdAt, { time: true })}`} description={<span style={{ whiteSpace: "pre-wrap" }}>{c.body}</span>} />
              </AntList.Item>
            )}
          />
        )}
        <Input.TextArea rows={3} value={text} onChange={(e) => setText(e.target.value)} placeholder={t("risks.comment")} aria-label={t("risks.comment")} maxLength={4000} />
        <Button type="primary" icon={<CommentOutlined />} onClick={send} loading={mutation.isPending} disabled={!text.trim()}>
          {t("risks.send")}
        </Button>
      </Space>
    </Drawer>
  );
}

/** /admin/risks: the queue, its filters, row selection and the batch actions. */
export default function RisksPage() {
  const t = useT();
  const { data: me } = useGetIdentity<SessionUser>();
  const acrossClients = actsAcrossClients(me?.customClaims.role);
  const [filters, setFilters] = useState<Filters>({ companyIds: [], kinds: [], states: [], owner: undefined });
  const [selected, setSelected] = useState<string[]>([]);
  const [owner, setOwner] = useState<number | null>(null);
  const [until, setUntil] = useState<Dayjs | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [open, setOpen] = useState<RiskItem | null>(null);
  const [page, setPage] = useState(1);

  const { result, query } = useCustom<RiskQueue>({ url: "/api/risks", method: "get", config: { query: queryOf(filters, page) } });
  const queue = result?.data && Array.isArray(result.data.items) ? result.data : undefined;
  const { result: clients } = useList<{ id: number; name: string }, HttpError>({ resource: "companies", pagination: { currentPage: 1, pageSize: 200 }, queryOptions: { enabled: acrossClients } });
  const { result: templates } = useList<RequirementTemplate, HttpError>({ resource: "requirement-templates", pagination: { currentPage: 1, pageSize: 100 } });
  const { mutateAsync, mutation } = useCustomMutation<{ updated?: number; created?: unknown[] }, HttpError>();

  const items = useMemo(() => queue?.items ?? [], [queue]);
  // A batch that snoozed or closed the last page's items leaves it empty: go to the new last page.
  useEffect(() => {
    if (queue && page > 1 && queue.items.length === 0 && queue.total > 0) setPage(Math.ceil(queue.total / PAGE_SIZE));
  }, [queue, page]);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setSelected([]);
    setPage(1);
  };
  const batch = async (url: string, values: Record<string, unknown>, message: (n: number) => string) => {
    const answer = await mutateAsync({ url, method: "post", values: { keys: selected, ...values }, successNotification: (data) => ({ type: "success", message: message(Number((data?.data as { updated?: number; created?: unknown[] })?.updated ?? (data?.data as { created?: unknown[] })?.created?.length ?? 0)) }) });
    setSelected([]);
    await query.refetch();
    return answer;
  };
  const saved = (n: number) => t("risks.saved", { count: n });

  return (
    <List title={t("risks.title")}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("risks.intro")}
        </Typography.Paragraph>
        <Space wrap>
          {acrossClients && (
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 240 }}
              placeholder={t("risks.filters.companies")}
              aria-label={t("risks.filters.companies")}
              value={filters.companyIds}
              onChange={(v: number[]) => set("companyIds", v)}
              options={(clients?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              optionFilterProp="label"
              data-testid="risk-filter-companies"
            />
          )}
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t("risks.filters.kinds")}
            aria-label={t("risks.filters.kinds")}
            value={filters.kinds}
            onChange={(v: RiskKind[]) => set("kinds", v)}
            options={RISK_KINDS.map((k) => ({ value: k, label: t(`risks.kinds.${k}`) }))}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 200 }}
            placeholder={ACTIVE_RISK_STATES.map((s) => t(`risks.states.${s}`)).join(", ")}
            aria-label={t("risks.filters.states")}
            value={filters.states}
            onChange={(v: RiskState[]) => set("states", v)}
            options={RISK_STATES.map((s) => ({ value: s, label: t(`risks.states.${s}`) }))}
            data-testid="risk-filter-states"
          />
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t("risks.filters.owner")}
            aria-label={t("risks.filters.owner")}
            value={filters.owner}
            onChange={(v: string | undefined) => set("owner", v)}
            options={[{ value: "none", label: t("risks.filters.noOwner") }, ...(queue?.owners ?? []).map((o) => ({ value: String(o.id), label: o.name }))]}
          />
        </Space>
        {queue && (
          <Typography.Text strong data-testid="risk-total">
            {t("risks.total", { count: queue.total, money: formatMoney(queue.totalMoney) })}
          </Typography.Text>
        )}
        {selected.length > 0 && (
          <Alert
            type="info"
            data-testid="risk-batch"
            message={
              <Space wrap>
                <Typography.Text strong>{t("risks.selected", { count: selected.length })}</Typography.Text>
                <Select style={{ minWidth: 180 }} placeholder={t("risks.assignTo")} aria-label={t("risks.assignTo")} value={owner ?? undefined} onChange={(v: number) => setOwner(v)} options={(queue?.owners ?? []).map((o) => ({ value: o.id, label: o.name }))} data-testid="risk-owner" />
                <Button icon={<UserAddOutlined />} disabled={owner === null} loading={mutation.isPending} onClick={() => batch("/api/risks/assign", { ownerId: owner }, saved)}>
                  {t("risks.actions.assign")}
                </Button>
                <DatePicker format="DD/MM/YYYY" placeholder={t("risks.snoozeUntil")} aria-label={t("risks.snoozeUntil")} value={until} onChange={(d) => setUntil(d)} data-testid="risk-until" />
                <Button icon={<ClockCircleOutlined />} disabled={!until} loading={mutation.isPending} onClick={() => batch("/api/risks/state", { state: "SNOOZED", snoozedUntil: until!.format("YYYY-MM-DD") }, saved)}>
                  {t("risks.actions.snooze")}
                </Button>
                <Button onClick={() => batch("/api/risks/state", { state: "IN_PROGRESS" }, saved)}>{t("risks.actions.inProgress")}</Button>
                <Button onClick={() => batch("/api/risks/state", { state: "WAITING_MUNICIPALITY" }, saved)}>{t("risks.actions.waiting")}</Button>
                <Button icon={<CheckOutlined />} onClick={() => batch("/api/risks/state", { state: "DONE" }, saved)}>
                  {t("risks.actions.done")}
                </Button>
                <Button onClick={() => batch("/api/risks/state", { state: "OPEN" }, saved)}>{t("risks.actions.reopen")}</Button>
                <Select style={{ minWidth: 220 }} placeholder={t("risks.template")} aria-label={t("risks.template")} value={templateId ?? undefined} onChange={(v: number) => setTemplateId(v)} options={(templates?.data ?? []).map((tp) => ({ value: tp.id, label: tp.title }))} />
                <Button icon={<FileTextOutlined />} disabled={templateId === null} onClick={() => batch("/api/risks/requirements", { templateId }, (n) => t("risks.generated", { count: n }))}>
                  {t("risks.actions.requirements")}
                </Button>
              </Space>
            }
          />
        )}
        <Table<RiskItem>
          rowKey="key"
          size="small"
          loading={query.isLoading}
          dataSource={items}
          scroll={{ x: 900 }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: queue?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          locale={{ emptyText: <Empty description={false} /> }}
          // The selection outlives a page change: a batch may take items of several pages.
          rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as string[]) }}
          onRow={(item) => ({ "data-key": item.key }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t("risks.columns.company"), dataIndex: "companyName", width: 150 },
            { title: t("risks.columns.kind"), dataIndex: "kind", width: 140, render: (k: RiskKind) => <Tag color={KIND_COLORS[k]}>{t(`risks.kinds.${k}`)}</Tag> },
            {
              title: t("risks.columns.item"),
              key: "item",
              render: (_, item) => (
                <Space direction="vertical" size={0}>
                  <Button type="link" style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }} onClick={() => setOpen(item)}>
                    {item.title}
                    {item.reference ? ` [${item.reference}]` : ""}
                  </Button>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.reason}
                  </Typography.Text>
                  <Link to={item.link}>{t("risks.actions.open")}</Link>
                </Space>
              ),
            },
            { title: t("risks.columns.deadline"), key: "deadline", width: 130, render: (_, item) => <Deadline item={item} /> },
            { title: t("risks.columns.money"), dataIndex: "money", width: 140, align: "right", render: (v: string | null) => (v ? formatMoney(v) : "—") },
            { title: t("risks.columns.owner"), key: "owner", width: 150, render: (_, item) => item.handling.ownerName ?? "—" },
            {
              title: t("risks.columns.state"),
              key: "state",
              width: 170,
              render: (_, item) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATE_COLORS[item.handling.state]}>{t(`risks.states.${item.handling.state}`)}</Tag>
                  {item.handling.snoozedUntil && <Typography.Text type="secondary">{t("risks.until", { date: formatDate(item.handling.snoozedUntil) })}</Typography.Text>}
                  {item.handling.commentCount > 0 && (
                    <Typography.Text type="secondary">
                      <CommentOutlined /> {item.handling.commentCount}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Space>
      {open && <ItemDrawer item={open} onClose={() => setOpen(null)} onChanged={() => query.refetch()} />}
    </List>
  );
}
