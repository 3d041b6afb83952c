import { useCustom } from "@refinedev/core";
import { Card, Table, Tag, Typography } from "antd";
import { FUND_ANALYSIS_RESULTS, FUND_ANALYSIS_TYPES, type FundPlanAnalysis } from "@/domain/sync";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";

const RESULT_COLORS: Record<(typeof FUND_ANALYSIS_RESULTS)[number], string> = { APROVADO: "green", COM_RESSALVA: "gold", COMPLEMENTACAO: "orange", REJEITADO: "red" };

const isType = (value: string | null): value is (typeof FUND_ANALYSIS_TYPES)[number] => (FUND_ANALYSIS_TYPES as readonly (string | null)[]).includes(value);
const isResult = (value: string | null): value is (typeof FUND_ANALYSIS_RESULTS)[number] => (FUND_ANALYSIS_RESULTS as readonly (string | null)[]).includes(value);

/**
 * "Análises do Transferegov" of a fundo a fundo plan (issue 32): each analysis the fundo a fundo
 * module published of the plan and of its management reports, newest first, with its date, type,
 * result and opinion. A type or result the product does not know is shown as the source wrote it.
 */
export function FundAnalysesCard({ planId }: { planId: number }) {
  const t = useT();
  const { result, query } = useCustom<FundPlanAnalysis[]>({ url: `/api/fund-to-fund-transfers/${planId}/analyses`, method: "get" });
  // Refine answers an empty object until the list arrives (and after a failure): only an array counts.
  const rows = Array.isArray(result?.data) ? result.data : [];
  return (
    <Card title={t("sync.fundAnalyses.title")} size="small" style={{ marginTop: 16 }} loading={query.isLoading} data-testid="fund-analyses">
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t("sync.fundAnalyses.empty")}</Typography.Text>
      ) : (
        <Table<FundPlanAnalysis>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          scroll={{ x: true }}
          columns={[
            { title: t("sync.fundAnalyses.date"), dataIndex: "analyzedOn", render: (value: string | null) => formatDate(value) },
            { title: t("sync.fundAnalyses.subject"), dataIndex: "subject", render: (value: FundPlanAnalysis["subject"]) => t(`sync.fundAnalyses.subjects.${value}`) },
            { title: t("sync.fundAnalyses.type"), dataIndex: "analysisType", render: (value: string | null) => (isType(value) ? t(`sync.fundAnalyses.types.${value}`) : (value ?? "—")) },
            {
              title: t("sync.fundAnalyses.result"),
              dataIndex: "result",
              render: (value: string | null) => (isResult(value) ? <Tag color={RESULT_COLORS[value]}>{t(`sync.fundAnalyses.results.${value}`)}</Tag> : (value ?? "—")),
            },
            { title: t("sync.fundAnalyses.opinion"), dataIndex: "opinion", render: (value: string | null) => value ?? "—" },
            { title: t("sync.fundAnalyses.origin"), dataIndex: "origin", render: (value: string | null) => value ?? "—" },
          ]}
        />
      )}
    </Card>
  );
}
