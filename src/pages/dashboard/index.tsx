import { Suspense, lazy, useDeferredValue, useMemo, useState } from "react";
import { Link, useCustom, useGetIdentity } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Card, Col, Empty, List, Row, Select, Space, Statistic, Tag, Typography } from "antd";
import type { SessionUser } from "@/domain/auth";
import type { AlertDaysSetting } from "@/domain/companies";
import { formatDate, formatMoney, formatPercent } from "@/lib/format";
import { daysBetween } from "@/domain/dates";
import { screenUrl } from "@/domain/admin-screens";
import { PercentProgress } from "@/components/percent-progress";
import { PageLoading } from "@/components/page-loading";
import { DeferredRender } from "@/components/deferred-render";
import { RenderWhenNear } from "@/components/render-when-near";
import { PageTitle } from "@/components/page-title";
import { useDropFirstPaint } from "@/lib/first-paint";
import { kindFigures, type DashboardSummary } from "@/domain/dashboard";
import { SCREENS, infoPath, type Kind, type LatestPayment } from "./screens";

type KindYear = DashboardSummary["totals"][number];
interface Summary {
  today: string;
  /** The chosen company, or null for every company (an ADMIN without authComp). */
  company: { id: number; name: string } | null;
  /** The chosen company's alert lead times, which decide the deadlines shown. */
  alertDays: Record<AlertDaysSetting, number> | null;
  totals: KindYear[];
  latestPayments: LatestPayment[];
  /** A transfer's deadline, or a CAUC item's validity ("regularity", key: the item's code). */
  deadlines: { kind: Kind | "regularity"; id: number; key: string; title: string | null; deadline: string; date: string }[];
}

/**
 * The cards under the first screen (deadline center, open programs, latest payments) and their code
 * (antd's Table among it): loaded once the figures are on screen, not before (issue 36, item 7).
 */
// React's own lazy: its 300 ms reveal throttle after a fallback does not matter under the first screen.
const BelowFold = lazy(() => import("./below-fold"));
/** Where a deadline leads: the transfer's page, or the regularity screen for a CAUC item. */
const deadlinePath = (kind: Kind | "regularity", key: string) => (kind === "regularity" ? screenUrl("regularity", "list") : infoPath(kind, key));
const KINDS: Kind[] = ["imposition", "voluntary", "fund"];

/** /admin/dashboard: figures of the active company (or of every company for an ADMIN without authComp). */
export default function DashboardPage() {
  const t = useT();
  const { data: user } = useGetIdentity<SessionUser>();
  const [year, setYear] = useState<number | "all">("all");
  const { query } = useCustom<Summary>({ url: "/api/dashboard/summary", method: "get", queryOptions: { queryKey: ["dashboard", "summary", window.location.search] } });
  // The figures render in a transition, in slices, not in one long task when the answer arrives.
  const summary = useDeferredValue(query.data?.data);
  const years = useMemo(() => [...new Set((summary?.totals ?? []).map((r) => r.year))].sort((a, b) => b - a), [summary]);
  const totals = summary?.totals ?? [];
  const overall = kindFigures(totals, year);
  // The figures the server painted in the HTML give way to these in the same frame.
  useDropFirstPaint(Boolean(summary) || query.isError);
  // The page appears whole with its figures (prefetched on a first load), so nothing moves as they arrive.
  if (!summary && !query.isError) return <PageLoading />;

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card>
        <Row justify="space-between" align="middle" gutter={[16, 16]}>
          <Col>
            <PageTitle style={{ marginBottom: 8 }}>
              {t("dashboard.greeting", { name: user?.name?.split(" ")[0] ?? "" })}
            </PageTitle>
            <Typography.Text type="secondary">
              {summary ? (summary.company ? t("dashboard.company", { name: summary.company.name }) : t("dashboard.allCompanies")) : "\u00a0"}
            </Typography.Text>
          </Col>
          <Col>
            <Select
              aria-label={t("dashboard.year")}
              style={{ minWidth: 160 }}
              value={year}
              onChange={setYear}
              options={[{ value: "all", label: t("dashboard.allYears") }, ...years.map((y) => ({ value: y, label: String(y) }))]}
            />
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        {KINDS.map((kind) => {
          const s = kindFigures(totals, year, kind);
          return (
            <Col xs={24} md={8} key={kind}>
              <Card title={<Link to={screenUrl(SCREENS[kind], "list")}>{t(`dashboard.kinds.${kind}`)}</Link>} data-testid={`dashboard-${kind}`}>
                <Statistic title={t("dashboard.planned")} value={formatMoney(s.planned)} />
                <Row gutter={8} style={{ marginTop: 8 }}>
                  <Col span={12}>
                    <Statistic title={t("transfers.totals.committed")} value={formatMoney(s.committed)} valueStyle={{ fontSize: 16 }} />
                  </Col>
                  <Col span={12}>
                    <Statistic title={t("dashboard.received")} value={formatMoney(s.paid)} valueStyle={{ fontSize: 16 }} />
                  </Col>
                </Row>
                <PercentProgress part={s.paid} whole={s.planned} aria-label={t("dashboard.receivedVsPlanned")} />
                <Space wrap>
                  <Tag>{t("transfers.totals.count", { count: s.count })}</Tag>
                  <Tag color="green">
                    {t("dashboard.activeTransfers")}: {s.active}
                  </Tag>
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={`${t("dashboard.receivedVsPlanned")} · ${t("dashboard.byYear")}`}>
            {years.length === 0 ? (
              <Empty description={t("dashboard.empty")} />
            ) : (
              years.map((y) => {
                const s = kindFigures(totals, y);
                return (
                  <div key={y} style={{ marginBottom: 12 }}>
                    <Row justify="space-between">
                      <Typography.Text strong>{y}</Typography.Text>
                      <Typography.Text type="secondary">
                        {formatMoney(s.paid)} / {formatMoney(s.planned)} ({formatPercent(s.paid, s.planned)})
                      </Typography.Text>
                    </Row>
                    <PercentProgress part={s.paid} whole={s.planned} showInfo={false} aria-label={`${t("dashboard.receivedVsPlanned")} ${y}`} />
                  </div>
                );
              })
            )}
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t("transfers.totals.count", { count: overall.count })} · {t("dashboard.planned")} {formatMoney(overall.planned)} · {t("dashboard.received")} {formatMoney(overall.paid)}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t("dashboard.nearDeadline")}>
            <Typography.Paragraph type="secondary" data-testid="deadline-windows">
              {summary?.alertDays
                ? t("dashboard.alertWindows", { validity: summary.alertDays.validityAlertDays, accountability: summary.alertDays.accountabilityAlertDays, cauc: summary.alertDays.caucAlertDays })
                : t("dashboard.alertWindowsEachCompany")}
            </Typography.Paragraph>
            <List
              locale={{ emptyText: t("dashboard.empty") }}
              dataSource={summary?.deadlines ?? []}
              renderItem={(d) => {
                const days = daysBetween(summary!.today, d.date);
                return (
                  <List.Item extra={<Tag color={days <= 15 ? "red" : days <= 30 ? "gold" : "blue"}>{days === 0 ? t("dashboard.today") : t("dashboard.daysLeft", { count: days })}</Tag>}>
                    {/* Not List.Item.Meta: it makes each deadline an h4, under the page's h1 with nothing between. */}
                    <div>
                      <Link to={deadlinePath(d.kind, d.key)}>{d.kind === "regularity" ? t("dashboard.caucItem", { code: d.key }) : d.key}</Link>
                      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                        {`${t(`dashboard.deadlineKinds.${d.deadline}`)}: ${formatDate(d.date)} · ${d.title ?? ""}`}
                      </Typography.Paragraph>
                    </div>
                  </List.Item>
                );
              }}
            />
          </Card>
        </Col>
      </Row>

      {/* Below the fold on a first screen: mounted in a second commit, its code loaded only then (./below-fold.tsx), so the figures on screen wait for neither;
          on a phone, where it lies screens below, only once the reader scrolls near it. */}
      <DeferredRender fallback={null}>
        <RenderWhenNear>
          <Suspense fallback={null}>
            <BelowFold latestPayments={summary?.latestPayments ?? []} />
          </Suspense>
        </RenderWhenNear>
      </DeferredRender>
    </Space>
  );
}
