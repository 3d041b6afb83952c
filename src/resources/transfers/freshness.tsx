import { useCustom } from "@refinedev/core";
import { Typography } from "antd";
import { formatMoment } from "@/lib/format";
import { useActiveCompanyId } from "@/lib/use-active-company";
import { useT } from "@/providers/i18n";

/** One source's freshness for the client, as GET /api/sync/freshness answers it. */
interface SourceFreshness {
  source: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
}

/**
 * "Transferências especiais: atualizado em 26/11/2026 05:12" above a list of synced transfers (issue
 * 32): when the product last read the source for this client, and the last failure in words when it
 * came after. Shown only where one client is in view (the consultancy over every client sees none).
 */
export function SourceFreshnessNote({ source }: { source: "especiais" | "fundoafundo" | "parcerias" }) {
  const t = useT();
  const { companyId } = useActiveCompanyId();
  const { result } = useCustom<SourceFreshness[]>({
    url: "/api/sync/freshness",
    method: "get",
    config: { query: { companyId: companyId ?? undefined } },
    queryOptions: { enabled: companyId !== null },
    errorNotification: false,
  });
  if (companyId === null) return null;
  const rows = Array.isArray(result?.data) ? result.data : [];
  const row = rows.find((r) => r.source === source);
  const label = t(`sync.transferegov.modules.${source}`);
  const failing = row?.lastFailure && (!row.lastSuccessAt || (row.lastFailureAt ?? "") > row.lastSuccessAt);
  return (
    <Typography.Paragraph type="secondary" data-testid={`source-freshness-${source}`}>
      {row?.lastSuccessAt ? t("sync.transferegov.clientFreshness.listLine", { source: label, at: formatMoment(row.lastSuccessAt, { time: true }) }) : t("sync.transferegov.clientFreshness.listNever", { source: label })}
      {failing ? (
        <Typography.Text type="danger">{` · ${t("sync.transferegov.clientFreshness.listFailure", { at: formatMoment(row.lastFailureAt, { time: true }), message: row.lastFailure })}`}</Typography.Text>
      ) : null}
    </Typography.Paragraph>
  );
}
