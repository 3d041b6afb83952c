import { Spin } from "antd";

/**
 * A page waiting for its code or its first data, inside the layout: a spinner held off the top by
 * padding (a margin would collapse through the layout, and the page would move when it arrives).
 * The page then replaces it whole, so nothing already on screen shifts.
 */
export function PageLoading() {
  return (
    <div style={{ padding: "96px 0", textAlign: "center" }}>
      <Spin size="large" />
    </div>
  );
}
