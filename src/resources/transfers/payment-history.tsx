import { useT } from "@/providers/i18n";
import { Empty, Space, Tag, Timeline, Typography } from "antd";
import { Link } from "@refinedev/core";
import { PAID_KINDS, COMMITTED_KINDS } from "@/domain/transfers";
import { formatDate, formatMoney, formatMoneyCompact, formatPercent } from "@/lib/format";
import { KIND_COLORS, statusColor } from "./codes";
import type { Payment } from "./rows";

/** The payment history as a timeline, oldest first, each movement linking to its page. */
export function PaymentTimeline({ payments, paymentPath }: { payments: Payment[]; paymentPath: (id: number) => string }) {
  const t = useT();
  if (!payments.length) return <Empty description={t("transfers.noPayments")} />;
  return (
    <Timeline
      items={payments.map((p) => ({
        color: p.status === "CANCELADO" ? "gray" : KIND_COLORS[p.kind],
        children: (
          <div data-testid="payment-item">
            <Space wrap size={4}>
              <Typography.Text strong>{formatDate(p.paymentDate)}</Typography.Text>
              <Tag color={KIND_COLORS[p.kind]}>{t(`payments.kinds.${p.kind}`)}</Tag>
              {p.status !== "EFETIVADO" ? <Tag color={statusColor(p.status)}>{t(`payments.statuses.${p.status}`)}</Tag> : null}
            </Space>
            <div>
              <Link to={paymentPath(p.id)}>{p.documentNumber}</Link> · <Typography.Text delete={p.status === "CANCELADO"}>{formatMoney(p.amount)}</Typography.Text>
            </div>
            {p.payeeName || p.description ? <Typography.Text type="secondary">{[p.payeeName, p.description].filter(Boolean).join(" — ")}</Typography.Text> : null}
          </div>
        ),
      }))}
    />
  );
}

interface Point {
  date: string;
  paid: number;
  committed: number;
}

/** Cumulative committed and paid values over time (effective movements only). */
export function cumulative(payments: Payment[]): Point[] {
  let paid = 0;
  let committed = 0;
  const points: Point[] = [];
  for (const p of [...payments].sort((a, b) => a.paymentDate.localeCompare(b.paymentDate))) {
    if (p.status !== "EFETIVADO") continue;
    if (PAID_KINDS.includes(p.kind)) paid += Number(p.amount);
    else if (COMMITTED_KINDS.includes(p.kind)) committed += Number(p.amount);
    else continue;
    const last = points[points.length - 1];
    if (last?.date === p.paymentDate) Object.assign(last, { paid, committed });
    else points.push({ date: p.paymentDate, paid, committed });
  }
  return points;
}

const W = 640;
const H = 220;
const PAD = { left: 72, right: 16, top: 16, bottom: 32 };

/** Paid vs planned: a step chart of what arrived against the planned line (and the committed line). */
export function PaidVsPlannedChart({ planned, payments }: { planned: number; payments: Payment[] }) {
  const t = useT();
  const points = cumulative(payments);
  if (!points.length) return <Empty description={t("transfers.chart.empty")} />;
  const last = points[points.length - 1];
  const max = Math.max(planned, last.committed, last.paid, 1);
  const start = Date.parse(points[0].date);
  const end = Math.max(Date.parse(last.date), start + 86_400_000);
  const x = (date: string) => PAD.left + ((Date.parse(date) - start) / (end - start)) * (W - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / max) * (H - PAD.top - PAD.bottom);
  const step = (field: "paid" | "committed") =>
    points.map((p, i) => `${i === 0 ? `M${x(p.date)},${y(0)} V` : `H${x(p.date)} V`}${y(p[field])}`).join(" ") + ` H${W - PAD.right}`;
  const summary = `${t("transfers.chart.paid")}: ${formatMoney(last.paid)} / ${t("transfers.chart.planned")}: ${formatMoney(planned)} (${formatPercent(last.paid, planned)})`;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={summary} style={{ maxWidth: W }}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#eee" />
            <text x={PAD.left - 6} y={y(max * f) + 4} fontSize={11} textAnchor="end" fill="#666">
              {formatMoneyCompact(max * f)}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={y(planned)} y2={y(planned)} stroke="#faad14" strokeDasharray="6 4" strokeWidth={2} />
        <path d={step("committed")} fill="none" stroke="#1677ff" strokeWidth={2} />
        <path d={step("paid")} fill="none" stroke="#2f7d1e" strokeWidth={3} />
        <text x={PAD.left} y={H - 10} fontSize={11} fill="#666">
          {formatDate(points[0].date)}
        </text>
        <text x={W - PAD.right} y={H - 10} fontSize={11} fill="#666" textAnchor="end">
          {formatDate(last.date)}
        </text>
      </svg>
      <figcaption>
        <Space wrap size="middle">
          <Typography.Text><span style={{ color: "#faad14" }}>▬ </span>{t("transfers.chart.planned")}: {formatMoney(planned)}</Typography.Text>
          <Typography.Text><span style={{ color: "#1677ff" }}>▬ </span>{t("transfers.chart.committed")}: {formatMoney(last.committed)}</Typography.Text>
          <Typography.Text strong data-testid="chart-paid"><span style={{ color: "#2f7d1e" }}>▬ </span>{t("transfers.chart.paid")}: {formatMoney(last.paid)} ({formatPercent(last.paid, planned)})</Typography.Text>
        </Space>
      </figcaption>
    </figure>
  );
}
