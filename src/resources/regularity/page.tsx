import { useMemo, useState } from "react";
import { List } from "@/components/page-frame";
import { useCustom, useGetIdentity, useInvalidate, useList, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Col, Collapse, Form, Modal, Row, Space, Statistic, Table, Tag, Typography } from "antd";
import { EditOutlined, LinkOutlined } from "@ant-design/icons";
import type { SessionUser } from "@/domain/auth";
import { daysBetween } from "@/domain/dates";
import { CAUC_GROUPS, REGULARITY_STATUSES, countByStatus, expiresSoon, needsAttention, type RegularityItem, type RegularitySnapshot } from "@/domain/regularity";
import { CodeTag, FormSections, oneLineCell, TextCell, useEditForm } from "@/components/resource";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";
import fields, { STATUS_COLORS, statuses } from "./fields";
import { EvolutionChart } from "./evolution-chart";
import { CaucImport } from "./import";
import { ResponsiblePicker } from "./responsible-picker";
import { EvidenceFileField, EvidenceFileLink } from "./evidence-file";
import { passesGuard } from "@/domain/guards";

type GroupKey = (typeof CAUC_GROUPS)[number] | "OTHER";
const GROUP_KEYS: GroupKey[] = [...CAUC_GROUPS, "OTHER"];

/** How many days an item has left, when it is flagged. */
function DaysLeft({ item, today }: { item: RegularityItem; today: string }) {
  const t = useT();
  const days = daysBetween(today, item.validUntil!);
  return <Tag color="orange">{days === 0 ? t("regularity.expiring.today") : t("regularity.expiring.daysLeft", { count: days })}</Tag>;
}

function UpdateItem({ item, onClose }: { item: RegularityItem; onClose: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { formProps, saveButtonProps, conflict } = useEditForm<RegularityItem>({
    resource: "regularity-items",
    record: item,
    reload: () => invalidate({ resource: "regularity-items", invalidates: ["list"] }),
    onSaved: async () => {
      await invalidate({ resource: "regularity-snapshots", invalidates: ["list"] });
      onClose();
    },
  });
  return (
    <Modal open title={t("regularity.updateTitle", { code: item.code })} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} okText={t("regularity.update")} width={720} destroyOnHidden>
      <Typography.Paragraph type="secondary">{item.label}</Typography.Paragraph>
      {conflict}
      <Form {...formProps} layout="vertical">
        <FormSections sections={fields.sections} schema={fields.schema} record={item} />
        <ResponsiblePicker item={item} />
        <EvidenceFileField />
      </Form>
    </Modal>
  );
}

/** /admin/regularity: the company's CAUC items grouped I–V, counters, what expires soon, the evolution, and (ADMIN) the import. */
export default function RegularityPage() {
  const t = useT();
  const { data: me } = useGetIdentity<SessionUser>();
  const role = me?.customClaims.role;
  const canUpdate = passesGuard(role, "manager-only");
  const [editing, setEditing] = useState<RegularityItem | null>(null);
  /** The groups the person opened or closed; until then, those holding an item that needs attention. */
  const [opened, setOpened] = useState<string[] | null>(null);
  const { result, query } = useList<RegularityItem, HttpError>({
    resource: "regularity-items",
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: "code", order: "asc" }],
  });
  const { result: snapshots } = useList<RegularitySnapshot, HttpError>({
    resource: "regularity-snapshots",
    pagination: { currentPage: 1, pageSize: 400 },
    sorters: [{ field: "takenOn", order: "asc" }],
  });
  const { result: overview } = useCustom<{ today: string; alertDays: number; companyId: number | null }>({ url: "/api/regularity/overview", method: "get" });
  const today = overview?.data?.today;
  // An ADMIN who has not chosen a company would see every company's items mixed: ask for one.
  const noCompany = overview?.data?.companyId === null;
  const alertDays = overview?.data?.alertDays ?? 15;
  const items = useMemo(() => result.data ?? [], [result.data]);
  const counts = countByStatus(items);
  const expiring = today ? items.filter((item) => expiresSoon(item, today, alertDays)) : [];
  const expiringIds = new Set(expiring.map((item) => item.id));

  const columns = [
    { dataIndex: "code", title: t("regularity.fields.code"), width: 80 },
    {
      dataIndex: "label",
      title: t("regularity.fields.label"),
      render: (label: string, item: RegularityItem) => (
        <TextCell>
          {label}
          {item.notes ? <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{item.notes}</Typography.Paragraph> : null}
        </TextCell>
      ),
    },
    { dataIndex: "source", title: t("regularity.fields.source"), width: 120 },
    {
      dataIndex: "status",
      title: t("regularity.fields.status"),
      width: 150,
      render: (status: string, item: RegularityItem) => (
        <Space size={4} wrap>
          <CodeTag codes={statuses} code={status} />
          {today && expiringIds.has(item.id) ? <DaysLeft item={item} today={today} /> : null}
        </Space>
      ),
    },
    { dataIndex: "validUntil", title: t("regularity.fields.validUntil"), width: 110, onCell: oneLineCell, render: (value: string | null) => formatDate(value) },
    { dataIndex: "rawValue", title: t("regularity.fields.rawValue"), width: 110, render: (value: string | null) => (value ? <Typography.Text code>{value}</Typography.Text> : "—") },
    { dataIndex: "checkedOn", title: t("regularity.fields.checkedOn"), width: 110, onCell: oneLineCell, render: (value: string) => formatDate(value) },
    {
      dataIndex: "evidenceUrl",
      title: t("regularity.fields.responsibleName"),
      render: (url: string | null, item: RegularityItem) => (
        <Space direction="vertical" size={0}>
          {item.responsibleName ?? "—"}
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              <LinkOutlined /> {t("regularity.evidence")}
            </a>
          ) : null}
          <EvidenceFileLink item={item} />
        </Space>
      ),
    },
    ...(canUpdate
      ? [
          {
            key: "actions",
            title: t("table.actions"),
            width: 120,
            render: (_: unknown, item: RegularityItem) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(item)} aria-label={t("regularity.updateTitle", { code: item.code })}>
                {t("regularity.update")}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const groupOf = (item: RegularityItem): GroupKey => (item.kind === "CAUC" && item.group ? item.group : "OTHER");
  const panels = GROUP_KEYS.map((group) => {
    const rows = items.filter((item) => groupOf(item) === group);
    const groupCounts = countByStatus(rows);
    return {
      key: group,
      attention: today ? rows.some((item) => needsAttention(item, today, alertDays)) : false,
      label: (
        <Space wrap>
          <Typography.Text strong>{t(`regularity.groups.${group}`)}</Typography.Text>
          {REGULARITY_STATUSES.filter((s) => groupCounts[s]).map((s) => (
            <Tag key={s} color={STATUS_COLORS[s]}>
              {groupCounts[s]} {t(`regularity.statuses.${s}`)}
            </Tag>
          ))}
        </Space>
      ),
      children: <Table<RegularityItem> rowKey="id" size="small" pagination={false} dataSource={rows} columns={columns} scroll={{ x: "max-content" }} />,
      rows: rows.length,
    };
  }).filter((panel) => panel.rows > 0);

  if (noCompany) {
    return (
      <List title={t("regularity.title")}>
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Alert type="info" showIcon message={t("regularity.chooseCompany")} />
          {passesGuard(role, "admin-only") ? <CaucImport /> : null}
        </Space>
      </List>
    );
  }
  return (
    <List title={t("regularity.title")}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("regularity.intro")}
        </Typography.Paragraph>
        <Row gutter={[16, 16]}>
          {REGULARITY_STATUSES.map((status) => (
            <Col key={status} xs={12} sm={8} md={4}>
              <Card size="small" data-testid={`regularity-count-${status}`}>
                <Statistic title={<Tag color={STATUS_COLORS[status]}>{t(`regularity.statuses.${status}`)}</Tag>} value={counts[status]} />
              </Card>
            </Col>
          ))}
        </Row>
        {today ? (
          expiring.length ? (
            <Alert
              type="warning"
              showIcon
              role="alert"
              message={t("regularity.expiring.title", { count: expiring.length, days: alertDays })}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {expiring.map((item) => (
                    <li key={item.id}>
                      <strong>{item.code}</strong> {item.label} — {formatDate(item.validUntil)} ({<DaysLeft item={item} today={today} />})
                    </li>
                  ))}
                </ul>
              }
            />
          ) : (
            <Alert type="success" showIcon message={t("regularity.expiring.none", { days: alertDays })} />
          )
        ) : null}
        <Collapse
          items={panels.map(({ key, label, children }) => ({ key, label, children }))}
          activeKey={opened ?? panels.filter((panel) => panel.attention).map((panel) => panel.key)}
          onChange={(keys) => setOpened(typeof keys === "string" ? [keys] : keys)}
        />
        {query.isLoading ? null : (
          <Card title={t("regularity.evolution.title")} size="small">
            <EvolutionChart snapshots={snapshots.data ?? []} />
          </Card>
        )}
        {passesGuard(role, "admin-only") ? <CaucImport /> : null}
      </Space>
      {editing ? <UpdateItem item={editing} onClose={() => setEditing(null)} /> : null}
    </List>
  );
}
