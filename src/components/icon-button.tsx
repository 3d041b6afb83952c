import { cloneElement, type ReactElement } from "react";
import { Button, type ButtonProps } from "antd";
import { Tooltip } from "./tooltip";

/**
 * A button that shows only its icon (a table row's actions). Its label is its accessible name and
 * shows as the app's tooltip on hover and on keyboard focus.
 */
export function IconButton({ label, ...props }: Omit<ButtonProps, "children" | "title"> & { label: string }) {
  return (
    <Tooltip title={label}>
      <Button {...props} aria-label={label} />
    </Tooltip>
  );
}

/** The same for a ready-made icon-only button (Refine's ShowButton / EditButton with `hideText`). */
export function WithIconLabel({ label, children }: { label: string; children: ReactElement<{ "aria-label"?: string }> }) {
  return <Tooltip title={label}>{cloneElement(children, { "aria-label": label })}</Tooltip>;
}
