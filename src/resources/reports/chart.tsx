import { useEffect, useRef } from "react";
import * as echarts from "echarts/core";
import { BarChart, FunnelChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import type { EChartsCoreOption } from "echarts/core";

echarts.use([BarChart, LineChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** One echarts chart (SVG, so it prints sharp), sized to its box and redrawn when the option changes. */
export default function EChart({ option, height, label }: { option: EChartsCoreOption; height: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { renderer: "svg" });
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    window.addEventListener("beforeprint", resize);
    return () => {
      window.removeEventListener("resize", resize);
      window.removeEventListener("beforeprint", resize);
      chart.dispose();
    };
  }, [option]);
  return <div ref={box} role="img" aria-label={label} style={{ width: "100%", height }} />;
}
