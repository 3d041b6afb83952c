import { Form, Select, Statistic } from "antd";
import { useList, type HttpError } from "@refinedev/core";
import { describeFields } from "@/components/resource/fields";
import { EllipsisCell } from "@/components/resource/columns";
import { executionCreateSchema, executionUpdateSchema, formatPct, type Execution, type FundingSource, type WorkPlanItem } from "@/domain/projects";
import { formatMoney } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";
import { PROJECT_CODES as CODES } from "./codes";
import { TabTable } from "./tab-table";
import { pct, useProjectId, useProjectRights } from "./shared";
import { todayInSaoPaulo } from "@/domain/dates";

const fields = describeFields<Execution>({
  schema: executionCreateSchema,
  updateSchema: executionUpdateSchema,
  sections: [
    {
      fields: [
        { name: "kind", label: "projects.execution.kind", type: "code", codes: CODES.executionKinds },
        { name: "referenceDate", label: "projects.execution.referenceDate", type: "date" },
        { name: "physicalPct", label: "projects.execution.physicalPct", hint: "projects.execution.physicalPctHint" },
        { name: "amount", label: "projects.execution.amount", type: "money" },
        { name: "documentNumber", label: "projects.execution.documentNumber" },
        { name: "payeeCnpj", label: "projects.execution.payeeCnpj", type: "cnpj" },
        { name: "payeeName", label: "projects.execution.payeeName" },
        { name: "notes", label: "projects.execution.notes", type: "longText" },
      ],
    },
  ],
  columns: [
    { name: "referenceDate", label: "projects.execution.referenceDate", type: "date" },
    { name: "kind", label: "projects.execution.kind", type: "code", codes: CODES.executionKinds },
    { name: "amount", label: "projects.execution.amount", type: "money" },
    { name: "documentNumber", label: "projects.execution.documentNumber" },
    { name: "payeeName", label: "projects.execution.payeeName", ellipsis: true },
    { name: "payeeCnpj", label: "projects.execution.payeeCnpj", type: "cnpj" },
  ],
  defaults: () => ({ kind: "MEDICAO", referenceDate: todayInSaoPaulo() }),
});

function useTabRecords(projectId: number) {
  const filters = [{ field: "projectId", operator: "eq" as const, value: projectId }];
  const items = useList<WorkPlanItem, HttpError>({ resource: "project-work-plan-items", filters, pagination: { currentPage: 1, pageSize: 500 } });
  const sources = useList<FundingSource, HttpError>({ resource: "project-funding-sources", filters, pagination: { currentPage: 1, pageSize: 500 } });
  return { etapas: (items.result.data ?? []).filter((item) => item.kind === "ETAPA").sort((a, b) => a.number.localeCompare(b.number, "pt-BR", { numeric: true })), sources: sources.result.data ?? [] };
}

/** The etapa a medição executes (with what it has left) and the source that pays it. */
function ExecutionPickers({ projectId }: { projectId: number }) {
  const t = useT();
  const { etapas, sources } = useTabRecords(projectId);
  return (
    <>
      <Form.Item name="workPlanItemId" label={t("projects.execution.etapa")} rules={[zodRule(executionCreateSchema.shape.workPlanItemId)]} required>
        <Select<number>
          showSearch
          optionFilterProp="label"
          placeholder={t("projects.execution.etapaPlaceholder")}
          aria-label={t("projects.execution.etapa")}
          options={etapas.map((etapa) => ({ value: etapa.id, label: `${etapa.number} - ${etapa.description} (${formatPct(etapa.executedPct)})`, disabled: pct(etapa.executedPct) >= 100 }))}
        />
      </Form.Item>
      <Form.Item name="fundingSourceId" label={t("projects.execution.source")}>
        <Select<number>
          allowClear
          placeholder={t("projects.execution.sourcePlaceholder")}
          aria-label={t("projects.execution.source")}
          options={sources.map((source) => ({ value: source.id, label: `${t(CODES.fundingKinds.label(source.kind))}${source.transferCode ? ` ${source.transferCode}` : ""} · ${formatMoney(source.amount)}` }))}
        />
      </Form.Item>
    </>
  );
}

/** /admin/projects/info/{ID}/execution: medições and payments per etapa; the project's progress follows from them. */
export default function ExecutionTab() {
  const t = useT();
  const projectId = useProjectId();
  const { canWrite, canRecord } = useProjectRights();
  const { etapas } = useTabRecords(projectId);
  const etapaOf = new Map(etapas.map((etapa) => [etapa.id, etapa]));
  return (
    <TabTable<Execution>
      resource="project-executions"
      projectId={projectId}
      fields={fields}
      texts={{ add: "projects.execution.add", edit: "projects.execution.edit", empty: "projects.execution.empty" }}
      canCreate={canRecord}
      canEdit={canWrite}
      addDisabled={etapas.length === 0 ? "projects.execution.noEtapas" : undefined}
      sorters={[{ field: "referenceDate", order: "desc" }]}
      extraInputs={() => <ExecutionPickers projectId={projectId} />}
      extraColumns={[
        {
          key: "etapa",
          title: t("projects.execution.etapa"),
          render: (_: unknown, row) => {
            const etapa = etapaOf.get(row.workPlanItemId);
            const text = etapa ? `${etapa.number} - ${etapa.description}` : "—";
            return <EllipsisCell title={text}>{text}</EllipsisCell>;
          },
        },
        { key: "pct", title: t("projects.execution.physicalPct"), align: "right", render: (_: unknown, row) => formatPct(row.physicalPct) },
      ]}
      summary={(rows) => <Statistic style={{ marginBottom: 12 }} title={t("projects.execution.total")} value={formatMoney(rows.reduce((sum, r) => sum + Number(r.amount), 0))} />}
    />
  );
}
