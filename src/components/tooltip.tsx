import { Tooltip as AntdTooltip, type TooltipProps } from "antd";

/** Tooltip constants of spec section 9. */
export const TOOLTIP = {
  maxWidth: 350,
  zIndex: 9999,
  delay: 0,
  /** Skidding 0 along the target, 10 px away from it. */
  offset: [0, 10] as const,
  placement: "top",
  trigger: ["hover", "focus"],
  motion: "ant-fade",
} as const;

/** The app's tooltip: on top, no delay, fade, on mouse enter or focus, 10 px off the target. */
export function Tooltip(props: TooltipProps) {
  return (
    <AntdTooltip
      placement={TOOLTIP.placement}
      trigger={[...TOOLTIP.trigger]}
      mouseEnterDelay={TOOLTIP.delay}
      mouseLeaveDelay={TOOLTIP.delay}
      zIndex={TOOLTIP.zIndex}
      motion={{ motionName: TOOLTIP.motion }}
      align={{ offset: [TOOLTIP.offset[0], -TOOLTIP.offset[1]] }}
      arrow={false}
      {...props}
      styles={{ ...props.styles, root: { maxWidth: TOOLTIP.maxWidth, ...props.styles?.root } }}
    />
  );
}
