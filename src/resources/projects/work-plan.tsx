import { useMemo, useState } from "react";
import { useList, useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Empty, Form, Segmented, Space, Table, Tag, Tooltip, Typography, type TableColumnType } from "antd";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { DeleteButton } from "@/components/dialogs";
import { describeFields } from "@/components/resource/fields";
import { goalFigures, workPlanDifference, workPlanItemCreateSchema, type GoalFigures, type Project, type WorkPlanItem } from "@/domain/projects";
import { formatDate, formatMoney, formatPercentValue } from "@/lib/format";
import { PercentProgress } from "@/components/percent-progress";
import { useT } from "@/providers/i18n";
import { CreateDialog, EditDialog } from "./tab-table";
import { pct, useProjectId, useProjectRights, useRefreshProject } from "./shared";
import { todayInSaoPaulo } from "@/domain/dates";

const itemFields = describeFields<WorkPlanItem>({
  schema: workPlanItemCreateSchema,
  sections: [
    {
      fields: [
        { name: "number", label: "projects.workPlan.number", hint: "projects.workPlan.numberHint", maxLength: 8 },
        { name: "description", label: "projects.workPlan.description", wide: true },
        { name: "unit", label: "projects.workPlan.unit", maxLength: 20 },
        { name: "quantity", label: "projects.workPlan.quantity" },
        { name: "value", label: "projects.workPlan.value", type: "money" },
        { name: "startDate", label: "projects.workPlan.startDate", type: "date" },
        { name: "endDate", label: "projects.workPlan.endDate", type: "date", notBefore: "startDate" },
      ],
    },
  ],
});

type TreeRow = WorkPlanItem & { children?: TreeRow[]; figures?: GoalFigures };

/** Metas with their etapas, each meta with its figures (its typed value, its etapas' sum, executed %). */
function tree(items: WorkPlanItem[]): TreeRow[] {
  const byNumber = (a: WorkPlanItem, b: WorkPlanItem) => a.number.localeCompare(b.number, "pt-BR", { numeric: true });
  return items
    .filter((item) => item.kind === "META")
    .sort(byNumber)
    .map((meta) => {
      const etapas = items.filter((item) => item.parentId === meta.id).sort(byNumber);
      return { ...meta, figures: goalFigures(meta, etapas), children: etapas.length ? etapas : undefined };
    });
}

/** A meta's value as typed, with its etapas' sum beside it when they disagree; an etapa's value. */
function ValueCell({ row }: { row: TreeRow }) {
  const t = useT();
  if (!row.figures) return <>{formatMoney(row.value)}</>;
  return (
    <>
      {formatMoney(row.figures.shown)}
      {row.figures.differs ? (
        <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
          {t("projects.workPlan.stagesSum", { total: formatMoney(row.figures.stages) })}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** /admin/projects/info/{ID}/workPlan: metas and etapas as a table and as a timeline with today's line. */
export default function WorkPlanTab() {
  const t = useT();
  const projectId = useProjectId();
  const { canWrite } = useProjectRights();
  const refresh = useRefreshProject(projectId);
  const [view, setView] = useState<"table" | "timeline">("table");
  const [editing, setEditing] = useState<{ create: "META" | "ETAPA"; parent?: WorkPlanItem } | { record: WorkPlanItem } | null>(null);
  const { result: project } = useOne<Project>({ resource: "projects", id: projectId });
  const { result, query } = useList<WorkPlanItem, HttpError>({
    resource: "project-work-plan-items",
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    pagination: { currentPage: 1, pageSize: 500 },
  });
  const items = useMemo(() => result.data ?? [], [result.data]);
  const rows = useMemo(() => tree(items), [items]);
  const nextMeta = String(rows.reduce((max, row) => Math.max(max, Number(row.number) || 0), 0) + 1);
  const nextEtapa = (meta: TreeRow) => `${meta.number}.${(meta.children?.length ?? 0) + 1}`;

  const columns: TableColumnType<TreeRow>[] = [
    { key: "number", dataIndex: "number", title: t("projects.workPlan.number"), width: 110, render: (v: string, row) => (row.kind === "META" ? <Tag color="blue">{t("projects.workPlan.kinds.META")} {v}</Tag> : v) },
    { key: "description", dataIndex: "description", title: t("projects.workPlan.description"), render: (v: string, row) => (row.kind === "META" ? <strong>{v}</strong> : v) },
    { key: "unit", dataIndex: "unit", title: t("projects.workPlan.unit"), width: 80, render: (v: string | null, row) => (v ? `${Number(row.quantity ?? 0).toLocaleString("pt-BR")} ${v}` : "—") },
    { key: "value", title: t("projects.workPlan.value"), align: "right", width: 150, render: (_: unknown, row) => <ValueCell row={row} /> },
    { key: "dates", title: `${t("projects.workPlan.startDate")} – ${t("projects.workPlan.endDate")}`, width: 190, render: (_: unknown, row) => `${formatDate(row.startDate)} – ${formatDate(row.endDate)}` },
    {
      key: "executed",
      title: t("projects.workPlan.executed"),
      width: 170,
      render: (_: unknown, row) => {
        const value = row.figures ? row.figures.done : pct(row.executedPct);
        return <PercentProgress part={value} whole={100} size="small" aria-label={`${t("projects.workPlan.executed")}: ${row.description}`} />;
      },
    },
    ...(canWrite
      ? [
          {
            key: "actions",
            title: t("table.actions"),
            width: 150,
            render: (_: unknown, row: TreeRow) => (
              <Space>
                {row.kind === "META" ? (
                  <Tooltip title={t("projects.workPlan.addEtapa")}>
                    <Button size="small" icon={<PlusOutlined />} aria-label={`${t("projects.workPlan.addEtapa")} ${row.number}`} onClick={() => setEditing({ create: "ETAPA", parent: row })} />
                  </Tooltip>
                ) : null}
                <Button size="small" icon={<EditOutlined />} aria-label={`${t("projects.workPlan.editItem")} ${row.number}`} onClick={() => setEditing({ record: row })} />
                <DeleteButton size="small" hideText resource="project-work-plan-items" recordItemId={row.id} accessControl={{ enabled: false }} onSuccess={() => void refresh()} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const difference = project ? workPlanDifference(project) : 0;
  return (
    <Card
      size="small"
      title={<Segmented value={view} onChange={(v) => setView(v as "table" | "timeline")} options={[{ value: "table", label: t("projects.workPlan.table") }, { value: "timeline", label: t("projects.workPlan.timeline") }]} />}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ create: "META" })}>
            {t("projects.workPlan.addMeta")}
          </Button>
        ) : null
      }
    >
      {project && items.length > 0 ? (
        <Alert
          style={{ marginBottom: 12 }}
          type={difference === 0 ? "success" : "warning"}
          showIcon
          data-testid="work-plan-total"
          message={
            difference === 0
              ? t("projects.workPlan.matches", { total: formatMoney(project.workPlanValue) })
              : t("projects.workPlan.differs", { total: formatMoney(project.workPlanValue), project: formatMoney(project.totalValue), difference: `${formatMoney(Math.abs(difference) / 100)} ${difference > 0 ? t("projects.workPlan.above") : t("projects.workPlan.below")}` })
          }
        />
      ) : null}
      {view === "table" ? (
        <Table<TreeRow>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={rows.length}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={t("projects.workPlan.empty")} /> }}
        />
      ) : (
        <Timeline rows={rows} />
      )}
      {editing && "create" in editing ? (
        <CreateDialog<WorkPlanItem>
          resource="project-work-plan-items"
          projectId={projectId}
          fields={itemFields}
          texts={{ add: editing.create === "META" ? "projects.workPlan.newMeta" : "projects.workPlan.addEtapa", edit: "projects.workPlan.editItem", empty: "projects.workPlan.empty" }}
          canCreate
          canEdit
          defaults={() =>
            editing.create === "META"
              ? { kind: "META", number: nextMeta }
              : { kind: "ETAPA", parentId: editing.parent!.id, number: nextEtapa(editing.parent as TreeRow), startDate: editing.parent!.startDate, endDate: editing.parent!.endDate }
          }
          extraInputs={() => <HiddenKind />}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      ) : null}
      {editing && "record" in editing ? (
        <EditDialog<WorkPlanItem>
          resource="project-work-plan-items"
          projectId={projectId}
          fields={itemFields}
          record={editing.record}
          texts={{ add: "projects.workPlan.newMeta", edit: "projects.workPlan.editItem", empty: "projects.workPlan.empty" }}
          canCreate
          canEdit
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      ) : null}
    </Card>
  );
}

/** The kind and the meta of a new item travel with the form, decided by the button that opened it. */
function HiddenKind() {
  return (
    <>
      <Form.Item name="kind" hidden>
        <input type="hidden" />
      </Form.Item>
      <Form.Item name="parentId" hidden>
        <input type="hidden" />
      </Form.Item>
    </>
  );
}

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The work plan as a Gantt-like timeline: one bar per meta and etapa (filled by what was executed) and today's line. */
function Timeline({ rows }: { rows: TreeRow[] }) {
  const t = useT();
  const flat = rows.flatMap((meta) => [meta, ...(meta.children ?? [])]);
  const dated = flat.filter((row) => row.startDate && row.endDate);
  if (dated.length === 0) return <Empty description={t("projects.workPlan.noDates")} />;
  const today = todayInSaoPaulo();
  const start = Math.min(...dated.map((row) => dayOf(row.startDate!)), dayOf(today));
  const end = Math.max(...dated.map((row) => dayOf(row.endDate!) + DAY), dayOf(today) + DAY);
  const span = end - start;
  const left = (iso: string) => `${((dayOf(iso) - start) / span) * 100}%`;
  const width = (a: string, b: string) => `${Math.max(0.8, ((dayOf(b) + DAY - dayOf(a)) / span) * 100)}%`;
  const months: { label: string; at: string }[] = [];
  for (let d = new Date(start); d.getTime() < end; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
    const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    if (first.getTime() >= start) months.push({ label: first.toLocaleDateString("pt-BR", { month: "short", year: "2-digit", timeZone: "UTC" }), at: left(first.toISOString().slice(0, 10)) });
  }
  return (
    <div data-testid="work-plan-timeline" style={{ overflowX: "auto" }}>
      <div style={{ minWidth: 760, display: "grid", gridTemplateColumns: "260px 1fr", rowGap: 6 }}>
        <div />
        <div style={{ position: "relative", height: 20, borderBottom: "1px solid #ddd" }}>
          {months.map((month) => (
            <Typography.Text key={month.at} type="secondary" style={{ position: "absolute", left: month.at, fontSize: 11 }}>
              {month.label}
            </Typography.Text>
          ))}
        </div>
        {flat.map((row) => (
          <TimelineRow key={row.id} row={row} left={left} width={width} today={left(today)} />
        ))}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <span style={{ display: "inline-block", width: 2, height: 12, background: "#f5222d", marginRight: 6, verticalAlign: "middle" }} />
        {t("projects.workPlan.today")} ({formatDate(today)})
      </Typography.Text>
    </div>
  );
}

function TimelineRow({ row, left, width, today }: { row: TreeRow; left: (iso: string) => string; width: (a: string, b: string) => string; today: string }) {
  const meta = row.kind === "META";
  const done = row.figures ? row.figures.done : pct(row.executedPct);
  return (
    <>
      <Typography.Text ellipsis style={{ paddingLeft: meta ? 0 : 16, fontWeight: meta ? 600 : 400 }} title={row.description}>
        {row.number} {row.description}
      </Typography.Text>
      <div style={{ position: "relative", height: 18, background: "#fafafa" }}>
        {row.startDate && row.endDate ? (
          <Tooltip title={`${formatDate(row.startDate)} – ${formatDate(row.endDate)} · ${formatPercentValue(done)}`}>
            <div style={{ position: "absolute", left: left(row.startDate), width: width(row.startDate, row.endDate), top: meta ? 2 : 4, bottom: meta ? 2 : 4, background: meta ? "#adc6ff" : "#d6e4ff", borderRadius: 3, overflow: "hidden" }}>
              <div style={{ width: `${Math.min(100, done)}%`, height: "100%", background: meta ? "#2f54eb" : "#52c41a" }} />
            </div>
          </Tooltip>
        ) : null}
        <div aria-hidden style={{ position: "absolute", left: today, top: -4, bottom: -4, width: 2, background: "#f5222d" }} />
      </div>
    </>
  );
}
