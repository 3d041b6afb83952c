import { Link, useOne } from "@refinedev/core";
import { Result } from "antd";
import { useT } from "@/providers/i18n";
import { listPath, type TransferKindConfig, type TransferShape } from "./kinds";

/** The transfer named by the route (its NR_TRANSFER or codPlan), read once by that key. */
export function useRouteTransfer(config: TransferKindConfig, key: string, enabled = true) {
  return useOne<TransferShape>({ resource: config.resource, id: `${config.keySegment}/${encodeURIComponent(key)}`, queryOptions: { retry: false, enabled } });
}

export function TransferNotFound({ config }: { config: TransferKindConfig }) {
  const t = useT();
  return <Result status="404" title={t("transfers.notFound")} extra={<Link to={listPath(config)}>{t(config.titleKey)}</Link>} />;
}
