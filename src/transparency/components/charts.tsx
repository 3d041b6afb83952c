import { useEffect, useRef, useState, type RefObject } from "react";
import { formatCompactMoney, formatMoney } from "../lib/format";

/**
 * Hand-made SVG charts, loaded only when a page shows one. Each is an image with a text summary;
 * the page puts the same numbers in a table beside it, so no value lives only in a picture. The
 * drawing follows the box's real width, so labels keep their size on a phone and on a desktop.
 */

export interface ChartSeries {
  label: string;
  className: string;
}

export interface ChartGroup {
  label: string;
  values: number[];
}

function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The drawing fills the content box (the box has 12px of padding on each side).
    const measure = () => setWidth(Math.max(240, Math.round(element.clientWidth) - 24));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="tp-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.label}>
          <span className={`tp-legend__swatch ${s.className}`} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** Grouped columns: one group per label (a year), one column per series (planned, received). */
export function ColumnChart({ groups, series, label }: { groups: ChartGroup[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 640);
  const height = 240;
  const pad = { top: 12, right: 8, bottom: 26, left: 72 };
  const top = niceMax(Math.max(0, ...groups.flatMap((g) => g.values)));
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const groupW = plotW / Math.max(1, groups.length);
  const barW = Math.min(40, (groupW * 0.7) / series.length);
  const y = (v: number) => pad.top + plotH - (v / top) * plotH;
  return (
    <div className="tp-chart" ref={box}>
      <Legend series={series} />
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <g key={f}>
            <line x1={pad.left} x2={width - pad.right} y1={y(f * top)} y2={y(f * top)} className="tp-chart__grid" />
            <text x={pad.left - 6} y={y(f * top) + 4} textAnchor="end" className="tp-chart__axis">
              {formatCompactMoney(f * top)}
            </text>
          </g>
        ))}
        {groups.map((group, gi) => {
          const x0 = pad.left + gi * groupW + (groupW - barW * series.length) / 2;
          return (
            <g key={group.label}>
              {group.values.map((value, si) => (
                <rect key={series[si].label} x={x0 + si * barW} y={y(value)} width={barW - 2} height={Math.max(0, pad.top + plotH - y(value))} className={series[si].className}>
                  <title>{`${group.label} · ${series[si].label}: ${formatMoney(value)}`}</title>
                </rect>
              ))}
              <text x={pad.left + gi * groupW + groupW / 2} y={height - 8} textAnchor="middle" className="tp-chart__axis">
                {group.label}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** Horizontal bars for a ranking: the name on the left, one thin bar per series on the right. */
export function BarChart({ items, series, label }: { items: ChartGroup[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 640);
  const top = niceMax(Math.max(0, ...items.flatMap((i) => i.values)));
  const barH = 9;
  const rowH = barH * series.length + 12;
  const labelW = Math.min(180, Math.round(width * 0.38));
  const plotW = width - labelW - 8;
  const height = items.length * rowH;
  return (
    <div className="tp-chart" ref={box}>
      <Legend series={series} />
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {items.map((item, i) => {
          const y0 = i * rowH + 6;
          return (
            <g key={item.label}>
              <text x={labelW - 8} y={y0 + barH + 2} textAnchor="end" className="tp-chart__label">
                {item.label.length > 22 ? `${item.label.slice(0, 21)}…` : item.label}
              </text>
              {item.values.map((value, si) => (
                <rect key={series[si].label} x={labelW} y={y0 + si * barH} width={Math.max(1, (value / top) * plotW)} height={barH - 1} className={series[si].className}>
                  <title>{`${item.label} · ${series[si].label}: ${formatMoney(value)}`}</title>
                </rect>
              ))}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
