import { Progress, type ProgressProps } from "antd";
import { formatPercent } from "@/lib/format";

export interface PercentProgressProps extends Omit<ProgressProps, "percent" | "format"> {
  part: number;
  whole: number;
  /** What the bar measures, for a screen reader (a progress bar without a name is only a number). */
  "aria-label": string;
}

/**
 * A progress bar of `part` over `whole` whose text is pt-BR (`43,6%`, never antd's `43.6%`); the
 * bar stops at 100% while the text tells the real share.
 */
export function PercentProgress({ part, whole, ...props }: PercentProgressProps) {
  const share = whole ? (part / whole) * 100 : 0;
  const label = formatPercent(part, whole);
  return <Progress percent={Math.min(100, Math.round(share * 10) / 10)} format={() => label} aria-valuetext={label} {...props} />;
}
