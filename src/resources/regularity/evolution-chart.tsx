import { useEffect, useRef } from "react";
import { Empty, Table } from "antd";
import * as echarts from "echarts/core";
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import type { RegularitySnapshot } from "@/domain/regularity";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const SERIES = [
  { key: "regular", status: "REGULAR", color: "#52c41a" },
  { key: "aComprovar", status: "A_COMPROVAR", color: "#faad14" },
  { key: "irregular", status: "IRREGULAR", color: "#ff4d4f" },
  { key: "desabilitado", status: "DESABILITADO", color: "#8c8c8c" },
  { key: "semInformacao", status: "SEM_INFORMACAO", color: "#d9d9d9" },
] as const;

/** Counts per status over time, one point per snapshot (taken at every import and update); the same numbers in a table below. */
export function EvolutionChart({ snapshots }: { snapshots: RegularitySnapshot[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current || !snapshots.length) return;
    const chart = echarts.init(box.current, undefined, { renderer: "svg" });
    chart.setOption({
      tooltip: { trigger: "axis" },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      xAxis: { type: "category", data: snapshots.map((s) => formatDate(s.takenOn)) },
      yAxis: { type: "value", minInterval: 1 },
      series: SERIES.map((s) => ({ name: t(`regularity.statuses.${s.status}`), type: "line", color: s.color, data: snapshots.map((snap) => snap[s.key]) })),
    });
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [snapshots, t]);
  if (!snapshots.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("regularity.evolution.empty")} />;
  return (
    <>
      <div ref={box} role="img" aria-label={t("regularity.evolution.title")} style={{ width: "100%", height: 260 }} />
      <Table<RegularitySnapshot>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={[...snapshots].reverse().slice(0, 6)}
        columns={[
          { dataIndex: "takenOn", title: t("regularity.fields.checkedOn"), render: (v: string) => formatDate(v) },
          ...SERIES.map((s) => ({ dataIndex: s.key, title: t(`regularity.statuses.${s.status}`) })),
        ]}
      />
    </>
  );
}
