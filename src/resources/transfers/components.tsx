import { useState } from "react";
import { useCustom, type CrudFilter, type CrudSort } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { App, Button, Card, Col, Row, Space, Statistic } from "antd";
import { FileExcelOutlined, FileTextOutlined } from "@ant-design/icons";
import type { TransferTotals } from "@/domain/transfers";
import { formatInteger, formatMoney } from "@/lib/format";
import { PercentProgress } from "@/components/percent-progress";
import { downloadFile, listQuery } from "@/lib/list-export";
import type { TransferKindConfig } from "./kinds";

/** Sums of the filtered set (GET /api/{resource}/totals with the list's own filters). */
export function TotalsBar({ config, filters }: { config: TransferKindConfig; filters: CrudFilter[] }) {
  const t = useT();
  const { result, query } = useCustom<TransferTotals>({ url: `/api/${config.resource}/totals`, method: "get", config: { filters } });
  const totals = result?.data;
  const planned = Number(totals?.plannedValue ?? 0);
  const paid = Number(totals?.paidValue ?? 0);
  return (
    <Card className="totals-bar" size="small" loading={query.isLoading} style={{ marginBottom: 16 }} aria-label={t("transfers.totals.execution")} data-testid="totals">
      <Row gutter={[16, 8]}>
        <Col xs={12} md={6}>
          <Statistic title={t("transfers.totals.quantity")} value={formatInteger(totals?.count ?? 0)} data-testid="total-count" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t("transfers.totals.planned")} value={formatMoney(totals?.plannedValue ?? 0)} data-testid="total-planned" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t("transfers.totals.committed")} value={formatMoney(totals?.committedValue ?? 0)} data-testid="total-committed" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t("transfers.totals.paid")} value={formatMoney(totals?.paidValue ?? 0)} data-testid="total-paid" />
          <PercentProgress part={paid} whole={planned} size="small" aria-label={t("transfers.totals.execution")} />
        </Col>
      </Row>
    </Card>
  );
}

/** CSV and XLSX of the whole filtered set (every page), as the server streams it. */
export function ExportButtons({ config, filters, sorters }: { config: TransferKindConfig; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const t = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<"csv" | "xlsx" | null>(null);
  const run = async (format: "csv" | "xlsx") => {
    setBusy(format);
    try {
      const query = listQuery(filters, sorters);
      query.set("format", format);
      await downloadFile(`/api/${config.resource}/export`, query, `${config.exportName}.${format}`);
    } catch {
      message.error(t("transfers.export.failed"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button icon={<FileTextOutlined />} loading={busy === "csv"} onClick={() => run("csv")}>
        {t("transfers.export.csv")}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === "xlsx"} onClick={() => run("xlsx")}>
        {t("transfers.export.xlsx")}
      </Button>
    </Space>
  );
}
