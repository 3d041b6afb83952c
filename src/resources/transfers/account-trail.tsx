import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Table, Tabs, Tag, Typography } from "antd";
import type { AccountTrail } from "@/domain/account-trail";
import { formatDate, formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";

const MATCH_COLORS: Record<string, string | undefined> = { MATCHED: "green", DIFFERS: "orange", UNMATCHED: "red" };

/**
 * "Movimentação da conta" of an emenda (issue 32): what the specific account received, paid to each
 * supplier, earned and returned, its balance and what the statement does not explain, with each
 * line's reconciliation against the payments recorded by hand.
 */
export function AccountTrailCard({ transferId }: { transferId: number }) {
  const t = useT();
  const { result, query } = useCustom<AccountTrail>({ url: `/api/imposition-transfers/${transferId}/account-trail`, method: "get" });
  // Refine answers an empty object until the trail arrives (and after a failure): only a real answer counts.
  const answer = result?.data as Partial<AccountTrail> | undefined;
  const trail = answer && "synced" in answer ? (answer as AccountTrail) : undefined;
  const loading = query.isLoading;
  if (!loading && trail && !trail.synced) {
    return (
      <Card title={t("sync.trail.title")} size="small" style={{ marginTop: 16 }} data-testid="account-trail">
        <Typography.Text type="secondary">{t("sync.trail.empty")}</Typography.Text>
      </Card>
    );
  }
  const account = trail?.account ? [trail.account.bankCode, trail.account.bankName, trail.account.agency, trail.account.account].filter(Boolean).join(" · ") : "";
  return (
    <Card title={t("sync.trail.title")} size="small" style={{ marginTop: 16 }} loading={loading || !trail} data-testid="account-trail">
      {trail ? (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          {account ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t("sync.trail.account")}>{account}</Descriptions.Item>
            </Descriptions>
          ) : null}
          <Row gutter={[16, 16]}>
            <Col xs={12} md={8}>
              <Statistic title={t("sync.trail.received")} value={formatMoney(trail.received)} />
            </Col>
            <Col xs={12} md={8}>
              <Statistic title={t("sync.trail.paid")} value={formatMoney(trail.paid)} />
            </Col>
            <Col xs={12} md={8}>
              <Statistic title={t("sync.trail.balance")} value={formatMoney(trail.balance)} />
              {trail.balanceDate ? <Typography.Text type="secondary">{t("sync.trail.balanceOn", { date: formatDate(trail.balanceDate) })}</Typography.Text> : null}
            </Col>
            <Col xs={12} md={8}>
              <Statistic title={t("sync.trail.interest")} value={formatMoney(trail.interest)} />
            </Col>
            <Col xs={12} md={8}>
              <Statistic title={t("sync.trail.returned")} value={formatMoney(trail.returned)} />
              {trail.returnedFines || trail.returnedInterest ? (
                <Typography.Text type="secondary">{t("sync.trail.returnedDetail", { fine: formatMoney(trail.returnedFines), interest: formatMoney(trail.returnedInterest) })}</Typography.Text>
              ) : null}
            </Col>
            <Col xs={12} md={8}>
              <Statistic title={t("sync.trail.unexplained")} value={formatMoney(trail.unexplained)} valueStyle={trail.unexplained ? { color: "#ad4e00" } : undefined} />
            </Col>
          </Row>
          <Alert
            type={trail.reconciliation.differs || trail.reconciliation.unmatched || trail.reconciliation.recordedWithoutStatement ? "warning" : "success"}
            showIcon
            message={t("sync.trail.reconciliation", {
              matched: trail.reconciliation.matched,
              differs: trail.reconciliation.differs,
              unmatched: trail.reconciliation.unmatched,
              recorded: trail.reconciliation.recordedWithoutStatement,
            })}
          />
          <Tabs
            size="small"
            items={[
              {
                key: "suppliers",
                label: t("sync.trail.suppliers"),
                children: (
                  <Table
                    size="small"
                    rowKey={(row) => row.document ?? row.name}
                    pagination={false}
                    dataSource={trail.suppliers}
                    locale={{ emptyText: t("sync.trail.noSupplier") }}
                    columns={[
                      { title: t("sync.trail.supplier"), dataIndex: "name" },
                      { title: t("sync.trail.document"), dataIndex: "document", render: (value: string | null) => value ?? "—" },
                      { title: t("sync.trail.amount"), dataIndex: "amount", align: "right", render: (value: number) => formatMoney(value) },
                    ]}
                  />
                ),
              },
              {
                key: "entries",
                label: t("sync.trail.entries"),
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={{ pageSize: 10, hideOnSinglePage: true }}
                    dataSource={trail.entries}
                    columns={[
                      { title: t("sync.trail.date"), dataIndex: "date", render: (value: string) => formatDate(value) },
                      { title: t("sync.trail.kind"), dataIndex: "kind", render: (value: AccountTrail["entries"][number]["kind"]) => t(`sync.trail.kinds.${value}`) },
                      { title: t("sync.trail.counterparty"), dataIndex: "counterpartyName", render: (value: string | null, row) => value ?? row.description ?? "—" },
                      { title: t("sync.trail.amount"), dataIndex: "amount", align: "right", render: (value: number) => formatMoney(value) },
                      {
                        title: t("sync.trail.match"),
                        dataIndex: "matchStatus",
                        render: (value: AccountTrail["entries"][number]["matchStatus"], row) =>
                          value === "NONE" ? "—" : <Tag color={MATCH_COLORS[value]} title={row.matchNote ?? undefined}>{t(`sync.trail.matches.${value}`)}</Tag>,
                      },
                    ]}
                  />
                ),
              },
              {
                key: "returns",
                label: t("sync.trail.returns"),
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={trail.returns}
                    columns={[
                      { title: t("sync.trail.kind"), dataIndex: "kind", render: (value: AccountTrail["returns"][number]["kind"]) => t(`sync.trail.returnKinds.${value}`) },
                      { title: t("sync.trail.date"), dataIndex: "paidAt", render: (value: string | null) => formatDate(value) },
                      { title: t("sync.trail.description"), dataIndex: "reason", render: (value: string | null) => value ?? "—" },
                      { title: t("sync.trail.amount"), dataIndex: "total", align: "right", render: (value: number) => formatMoney(value) },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Space>
      ) : null}
    </Card>
  );
}
