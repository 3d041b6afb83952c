import { Form, Select, Statistic, Tooltip, Typography, Row as Grid, Col } from "antd";
import { InfoCircleOutlined } from "@ant-design/icons";
import { useOne } from "@refinedev/core";
import { describeFields } from "@/components/resource/fields";
import { useAllRecords } from "@/components/resource";
import { FUNDING_TRANSFER_FIELD, fundingReceived, fundingSourceCreateSchema, type FundingKind, type FundingSource, type Project } from "@/domain/projects";
import { formatMoney, formatPercent } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";
import { PROJECT_CODES as CODES } from "./codes";
import { TabTable } from "./tab-table";
import { useProjectId, useProjectRights } from "./shared";

const fields = describeFields<FundingSource>({
  schema: fundingSourceCreateSchema,
  sections: [
    {
      fields: [
        { name: "kind", label: "projects.funding.kind", type: "code", codes: CODES.fundingKinds },
        { name: "amount", label: "projects.funding.amount", type: "money" },
        { name: "notes", label: "projects.funding.notes", type: "longText" },
      ],
    },
  ],
  columns: [
    { name: "kind", label: "projects.funding.kind", type: "code", codes: CODES.fundingKinds },
    { name: "transferCode", label: "projects.funding.transfer" },
    { name: "amount", label: "projects.funding.amount", type: "money" },
    { name: "transferValue", label: "projects.funding.transferValue", type: "money" },
  ],
});

type TransferOption = { value: number; label: string };

/** The municipality's transfers of the chosen kind, picked by NR_TRANSFER or codPlan. */
function TransferPicker() {
  const t = useT();
  const form = Form.useFormInstance();
  const kind = Form.useWatch("kind", form) as FundingKind | undefined;
  const imposition = useAllRecords<{ id: number; nrTransfer: string; objectName: string | null; plannedValue: string }>({ resource: "imposition-transfers", enabled: kind === "IMPOSITION", max: 500 });
  const voluntary = useAllRecords<{ id: number; nrTransfer: string; object: string; transferValue: string }>({ resource: "voluntary-transfers", enabled: kind === "VOLUNTARY", max: 500 });
  const fund = useAllRecords<{ id: number; codPlan: string; programName: string | null; totalTransferValue: string }>({ resource: "fund-to-fund-transfers", enabled: kind === "FUND_TO_FUND", max: 500 });
  if (!kind || !(kind in FUNDING_TRANSFER_FIELD)) return null;
  const field = FUNDING_TRANSFER_FIELD[kind as keyof typeof FUNDING_TRANSFER_FIELD];
  const options: TransferOption[] =
    kind === "IMPOSITION"
      ? imposition.rows.map((r) => ({ value: r.id, label: `${r.nrTransfer} · ${r.objectName ?? ""} · ${formatMoney(r.plannedValue)}` }))
      : kind === "VOLUNTARY"
        ? voluntary.rows.map((r) => ({ value: r.id, label: `${r.nrTransfer} · ${r.object} · ${formatMoney(r.transferValue)}` }))
        : fund.rows.map((r) => ({ value: r.id, label: `${r.codPlan} · ${r.programName ?? ""} · ${formatMoney(r.totalTransferValue)}` }));
  return (
    <Form.Item name={field} label={t("projects.funding.transfer")} extra={t("projects.funding.transferHint")} rules={[zodRule(fundingSourceCreateSchema.shape[field])]} required>
      <Select<number>
        showSearch
        optionFilterProp="label"
        loading={imposition.loading || voluntary.loading || fund.loading}
        placeholder={t("projects.funding.transferPlaceholder")}
        aria-label={t("projects.funding.transfer")}
        options={options}
      />
    </Form.Item>
  );
}

/** /admin/projects/info/{ID}/fundingSource: where the money comes from, and per source what was received and spent. */
export default function FundingTab() {
  const t = useT();
  const projectId = useProjectId();
  const { canWrite } = useProjectRights();
  const { result: project } = useOne<Project>({ resource: "projects", id: projectId });
  return (
    <TabTable<FundingSource>
      resource="project-funding-sources"
      projectId={projectId}
      fields={fields}
      texts={{ add: "projects.funding.add", edit: "projects.funding.edit", empty: "projects.funding.empty" }}
      canCreate={canWrite}
      canEdit={canWrite}
      sorters={[{ field: "id", order: "asc" }]}
      extraInputs={() => <TransferPicker />}
      extraColumns={[
        {
          key: "received",
          align: "right",
          title: (
            <Tooltip title={t("projects.funding.receivedHint")}>
              {t("projects.funding.received")} <InfoCircleOutlined />
            </Tooltip>
          ),
          render: (_: unknown, row) => formatMoney(fundingReceived(row)),
        },
        {
          key: "spent",
          align: "right",
          title: (
            <Tooltip title={t("projects.funding.spentHint")}>
              {t("projects.funding.spent")} <InfoCircleOutlined />
            </Tooltip>
          ),
          render: (_: unknown, row) => formatMoney(row.spentValue),
        },
      ]}
      summary={(rows) => {
        const funded = rows.reduce((sum, r) => sum + Number(r.amount), 0);
        const received = rows.reduce((sum, r) => sum + fundingReceived(r), 0);
        const spent = rows.reduce((sum, r) => sum + Number(r.spentValue), 0);
        return (
          <Grid gutter={16} style={{ marginBottom: 12 }}>
            <Col xs={24} md={8}>
              <Statistic title={t("projects.funding.total")} value={formatMoney(funded)} />
              {project ? <Typography.Text type="secondary">{t("projects.funding.ofProject", { funded: formatPercent(funded, Number(project.totalValue)), total: formatMoney(project.totalValue) })}</Typography.Text> : null}
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Statistic title={t("projects.funding.received")} value={formatMoney(received)} />
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Statistic title={t("projects.funding.spent")} value={formatMoney(spent)} />
            </Col>
          </Grid>
        );
      }}
    />
  );
}
