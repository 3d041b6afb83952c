import { Link, useCustom } from "@refinedev/core";
import { Card, Statistic, Tag, Typography } from "antd";
import type { OpenProgramsAnswer } from "@/domain/captacao";
import { screenUrl } from "@/domain/admin-screens";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";

/** The dashboard's radar card: how many programs are open to the municipality and the nearest closing window. */
export function OpenProgramsCard() {
  const t = useT();
  const { query } = useCustom<OpenProgramsAnswer>({
    url: "/api/programs/open?_end=1",
    method: "get",
    queryOptions: { queryKey: ["programs", "open", "dashboard", window.location.search], retry: false },
    errorNotification: false,
  });
  const data = query.data?.data;
  return (
    <Card title={<Link to={screenUrl("programs", "list")}>{t("captacao.radar.dashboardTitle")}</Link>} loading={query.isLoading} data-testid="dashboard-open-programs">
      {data?.municipality === null ? (
        <Typography.Text type="secondary">{t("captacao.radar.chooseCompany")}</Typography.Text>
      ) : data ? (
        <>
          <Statistic title={t("captacao.radar.dashboardCount")} value={data.total} />
          {data.nearest ? (
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
              <Tag color={data.nearest.daysLeft <= 7 ? "red" : "gold"}>{data.nearest.daysLeft === 0 ? t("captacao.radar.today") : t("captacao.radar.days", { count: data.nearest.daysLeft })}</Tag>
              {data.nearest.name} ({t("captacao.radar.until", { date: formatDate(data.nearest.end) })})
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t("captacao.radar.dashboardNone")}</Typography.Text>
          )}
        </>
      ) : null}
    </Card>
  );
}
