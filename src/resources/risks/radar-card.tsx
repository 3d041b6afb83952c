import { useCustom } from "@refinedev/core";
import { Card, Descriptions, Space, Tag, Timeline, Typography } from "antd";
import type { Radar, RadarLevel } from "@/domain/risks";
import { formatDate, formatMoment } from "@/lib/format";
import { useT } from "@/providers/i18n";

const LEVEL_COLORS: Record<RadarLevel, string> = { approved: "green", impeded: "red", "no-calendar": "default", "on-time": "blue", alert: "orange", overdue: "red" };

/** The impediment radar of an emenda (issue 33 item 2): its plan's standing, who holds it since when, and the impediment date. */
export function RadarCard({ transferId }: { transferId: number }) {
  const t = useT();
  const { result, query } = useCustom<Radar>({ url: `/api/risks/radar/${transferId}`, method: "get" });
  // Refine answers an empty object while loading: only a real answer counts.
  const answer = result?.data as Partial<Radar> | undefined;
  const radar = answer && "level" in answer ? (answer as Radar) : undefined;
  return (
    <Card title={t("risks.radar.title")} size="small" style={{ marginTop: 16 }} loading={query.isLoading || !radar} data-testid="impediment-radar">
      {radar ? (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space wrap>
            <Tag color={LEVEL_COLORS[radar.level]}>{t(`risks.radarLevels.${radar.level}`)}</Tag>
            <Typography.Text>{radar.summary}</Typography.Text>
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("risks.radar.status")}>{radar.workPlanStatus ?? t("risks.radar.noPlan")}</Descriptions.Item>
            <Descriptions.Item label={t("risks.radar.holders")}>
              {radar.pendingBodies.length
                ? radar.pendingBodies.map((b) => `${b.name} ${t("risks.radar.since", { date: formatMoment(b.since), days: b.days })}`).join("; ")
                : t("risks.radar.nobody")}
            </Descriptions.Item>
            <Descriptions.Item label={t("risks.radar.impedimentDate")}>{radar.impedimentDate ? formatDate(radar.impedimentDate) : "—"}</Descriptions.Item>
            <Descriptions.Item label={t("risks.radar.alertFrom")}>{radar.alertFrom ? formatDate(radar.alertFrom) : "—"}</Descriptions.Item>
          </Descriptions>
          {radar.history.length > 0 && (
            <>
              <Typography.Text strong>{t("risks.radar.history")}</Typography.Text>
              <Timeline
                items={radar.history.slice(0, 6).map((h) => ({
                  children: `${h.analyzedAt ? formatMoment(h.analyzedAt) : "—"} · ${h.bodyName}${h.opinion ? ` · ${h.opinion}` : ""}${h.analysisStatus ? ` (${h.analysisStatus})` : ""}`,
                }))}
              />
            </>
          )}
        </Space>
      ) : null}
    </Card>
  );
}
