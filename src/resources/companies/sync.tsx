import { useEffect, useRef, useState } from "react";
import { useCustom, useCustomMutation, useInvalidate, useList, useNotification, useOne, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Alert, Button, Card, Descriptions, Empty, List, Space, Table, Tag, Typography, Upload } from "antd";
import { PercentProgress } from "@/components/percent-progress";
import type { UploadFile } from "antd";
import { CloudUploadOutlined, InboxOutlined, SyncOutlined } from "@ant-design/icons";
import type { Company } from "@/domain/companies";
import type { SyncCounts, SyncRun, SyncRunSource, SyncRunStatus } from "@/domain/sync";
import { formatMoment } from "@/lib/format";
import { oneLineCell } from "@/components/resource";

const STATUS_COLOR: Record<SyncRunStatus, string> = { queued: "default", running: "processing", succeeded: "success", failed: "error" };
const COUNT_KEYS: (keyof SyncCounts)[] = ["created", "updated", "unchanged", "skipped", "failed"];
const finished = (run: SyncRun | undefined) => run?.status === "succeeded" || run?.status === "failed";

function RunStatus({ run }: { run: SyncRun }) {
  const t = useT();
  return <Tag color={STATUS_COLOR[run.status]}>{t(`sync.run.status.${run.status}`)}</Tag>;
}

function RunCounts({ counts }: { counts: SyncCounts }) {
  const t = useT();
  return (
    <Space wrap size={4}>
      {COUNT_KEYS.map((key) => (
        <Tag key={key} color={key === "failed" && counts.failed ? "red" : undefined}>
          {t(`sync.run.counts.${key}`)}: {counts[key].toLocaleString("pt-BR")}
        </Tag>
      ))}
    </Space>
  );
}

/** A run as the screen shows it: situation, when, what came of it, and what went wrong. */
function RunDetails({ run }: { run: SyncRun }) {
  const t = useT();
  const entities = Object.entries(run.details.entities ?? {});
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid={`sync-run-${run.source}`}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t("sync.run.fields.status")}>
          <RunStatus run={run} />
        </Descriptions.Item>
        <Descriptions.Item label={t("sync.run.fields.trigger")}>{t(`sync.run.trigger.${run.trigger}`)}</Descriptions.Item>
        <Descriptions.Item label={t("sync.run.fields.finishedAt")}>
          <span style={{ whiteSpace: "nowrap" }}>{formatMoment(run.finishedAt ?? run.startedAt ?? run.createdAt, { time: true })}</span>
        </Descriptions.Item>
      </Descriptions>
      {run.status === "running" && run.progress ? (
        <div>
          <Typography.Text type="secondary">{run.progress.step}</Typography.Text>
          <PercentProgress part={run.progress.done} whole={run.progress.total} status="active" aria-label={run.progress.step} />
        </div>
      ) : null}
      {run.status === "queued" || (run.status === "running" && !run.progress) ? <PercentProgress part={1} whole={1} status="active" showInfo={false} aria-label={t(`sync.run.status.${run.status}`)} /> : null}
      {finished(run) ? <RunCounts counts={run.counts} /> : null}
      {entities.length ? (
        <List
          size="small"
          dataSource={entities}
          renderItem={([name, counts]) => (
            <List.Item>
              <Typography.Text strong>{name}</Typography.Text>
              <Typography.Text type="secondary">
                {COUNT_KEYS.filter((key) => counts[key])
                  .map((key) => `${t(`sync.run.counts.${key}`).toLowerCase()}: ${counts[key].toLocaleString("pt-BR")}`)
                  .join(" · ") || t("sync.run.counts.unchanged").toLowerCase()}
                {counts.missing ? ` · ${counts.missing.toLocaleString("pt-BR")} ${t("sync.run.missing")}` : ""}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
      {run.details.rowsPerSecond ? (
        <Typography.Text type="secondary">
          {run.details.rowsRead?.toLocaleString("pt-BR")} linhas · {run.details.rowsPerSecond.toLocaleString("pt-BR")} {t("sync.run.rowsPerSecond")}
        </Typography.Text>
      ) : null}
      {run.error ? <Alert type="error" showIcon message={t("sync.run.failed")} description={run.error} /> : null}
      {run.details.problems?.length ? (
        <Alert
          type="warning"
          showIcon
          message={t("sync.run.problems")}
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {run.details.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Space>
  );
}

/** Follows a run until it ends (a poll a second), then tells and refreshes what it changed. */
function useFollowedRun(source: SyncRunSource, latest: SyncRun | undefined) {
  const t = useT();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [followed, setFollowed] = useState<number | undefined>();
  const id = followed ?? (latest && !finished(latest) ? latest.id : undefined);
  const { result: run } = useOne<SyncRun>({ resource: "sync-runs", id, queryOptions: { enabled: id !== undefined, refetchInterval: (query) => (finished(query.state.data?.data) ? false : 1000) } });
  const announced = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!run || !finished(run) || announced.current === run.id || run.id !== followed) return;
    announced.current = run.id;
    open?.(
      run.status === "succeeded"
        ? { type: "success", message: t(source === "siconv" ? "sync.run.importDone" : "sync.run.done"), description: COUNT_KEYS.map((key) => `${t(`sync.run.counts.${key}`)}: ${run.counts[key]}`).join(", ") }
        : { type: "error", message: t("sync.run.failed"), description: run.error ?? "" },
    );
    for (const resource of ["sync-runs", "imposition-transfers", "voluntary-transfers", "fund-to-fund-transfers", "transaction-payments"]) void invalidate({ resource, invalidates: ["list"] });
  }, [run, followed, open, t, invalidate, source]);
  return { run: id !== undefined ? run : undefined, follow: setFollowed, busy: id !== undefined && !finished(run) };
}

function RunHistory({ filters }: { filters: { field: string; operator: "eq"; value: string | number }[] }) {
  const t = useT();
  const { result, query } = useList<SyncRun>({ resource: "sync-runs", filters, pagination: { currentPage: 1, pageSize: 10 }, sorters: [{ field: "createdAt", order: "desc" }] });
  return (
    <Table<SyncRun>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={result.data}
      pagination={false}
      scroll={{ x: "max-content" }}
      expandable={{ expandedRowRender: (run) => <RunDetails run={run} /> }}
      columns={[
        { title: t("sync.run.fields.createdAt"), dataIndex: "createdAt", onCell: oneLineCell, render: (value: string) => formatMoment(value, { time: true }) },
        { title: t("sync.run.fields.trigger"), dataIndex: "trigger", render: (_: unknown, run) => t(`sync.run.trigger.${run.trigger}`) },
        { title: t("sync.run.fields.status"), dataIndex: "status", render: (_: unknown, run) => <RunStatus run={run} /> },
        { title: t("sync.run.fields.counts"), dataIndex: "counts", render: (_: unknown, run) => (finished(run) ? <RunCounts counts={run.counts} /> : null) },
      ]}
    />
  );
}

interface SourceFreshness {
  source: "especiais" | "fundoafundo" | "parcerias";
  sourceUpdatedAt: string | null;
  lastSuccessAt: string | null;
  rowsRead: number;
  rowsSkipped: number;
  lastFailureAt: string | null;
  lastFailure: string | null;
}

/** This client's freshness per source: "Atualizado em …" (the last successful read), the source's own date, and the last failure in words. */
function ClientFreshness({ companyId }: { companyId: number }) {
  const t = useT();
  const { result } = useCustom<SourceFreshness[]>({ url: "/api/sync/freshness", method: "get", config: { query: { companyId } } });
  const rows = Array.isArray(result?.data) ? result.data : [];
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="client-freshness">
      {(["especiais", "fundoafundo", "parcerias"] as const).map((source) => {
        const row = rows.find((r) => r.source === source);
        return (
          <Descriptions.Item key={source} label={t(`sync.transferegov.modules.${source}`)}>
            <Space direction="vertical" size={0}>
              <Typography.Text>{row?.lastSuccessAt ? `${t("sync.transferegov.clientFreshness.updated")} ${formatMoment(row.lastSuccessAt, { time: true })}` : t("sync.transferegov.clientFreshness.never")}</Typography.Text>
              {row?.sourceUpdatedAt ? (
                <Typography.Text type="secondary">{`${t("sync.transferegov.clientFreshness.source")} ${formatMoment(row.sourceUpdatedAt, { time: true })}`}</Typography.Text>
              ) : null}
              {row?.lastSuccessAt ? <Typography.Text type="secondary">{t("sync.transferegov.clientFreshness.rows", { read: row.rowsRead.toLocaleString("pt-BR"), skipped: row.rowsSkipped.toLocaleString("pt-BR") })}</Typography.Text> : null}
              {row?.lastFailure && (!row.lastSuccessAt || (row.lastFailureAt ?? "") > row.lastSuccessAt) ? (
                <Typography.Text type="danger">{t("sync.transferegov.clientFreshness.failure", { at: formatMoment(row.lastFailureAt, { time: true }), message: row.lastFailure })}</Typography.Text>
              ) : null}
            </Space>
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}

function TransferegovCard({ company }: { company: Company }) {
  const t = useT();
  const { open } = useNotification();
  const { result: freshness } = useCustom<Record<"especiais" | "fundoafundo" | "parcerias", { updatedAt: string | null; error: string | null }>>({ url: "/api/sync/transferegov/freshness", method: "get" });
  const { result: latestList } = useList<SyncRun>({
    resource: "sync-runs",
    filters: [
      { field: "companyId", operator: "eq", value: company.id },
      { field: "source", operator: "eq", value: "transferegov" },
    ],
    pagination: { currentPage: 1, pageSize: 1 },
    sorters: [{ field: "createdAt", order: "desc" }],
  });
  const latest = latestList.data[0];
  const { run, follow, busy } = useFollowedRun("transferegov", latest);
  const { mutateAsync, mutation } = useCustomMutation<{ id: number }, HttpError>();
  const syncNow = async () => {
    const response = await mutateAsync({ url: "/api/sync/transferegov", method: "post", values: { companyId: company.id }, successNotification: false });
    follow(response.data.id);
    open?.({ type: "success", message: t("sync.transferegov.started") });
  };
  const shown = run ?? latest;
  const modules = freshness?.data;
  return (
    <Card title={t("sync.transferegov.title")}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("sync.transferegov.intro")}
        </Typography.Paragraph>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          {(["especiais", "fundoafundo", "parcerias"] as const).map((module) => {
            // Refine answers an empty object until the freshness arrives: a module may be missing.
            const state = modules?.[module];
            return (
              <Descriptions.Item key={module} label={`${t("sync.transferegov.freshness")} (${t(`sync.transferegov.modules.${module}`)})`}>
                {!state ? "…" : state.updatedAt ? <span style={{ whiteSpace: "nowrap" }}>{formatMoment(state.updatedAt, { time: true })}</span> : <Typography.Text type="warning">{t("sync.transferegov.freshnessUnavailable")}</Typography.Text>}
              </Descriptions.Item>
            );
          })}
          <Descriptions.Item label={t("sync.transferegov.daily")}>
            {company.parametrization.transferegovSyncEnabled ? <Tag color="green">{t("sync.transferegov.dailyOn")}</Tag> : <Tag>{t("sync.transferegov.dailyOff")}</Tag>}
          </Descriptions.Item>
        </Descriptions>
        <ClientFreshness companyId={company.id} />
        <Button type="primary" icon={<SyncOutlined spin={busy} />} loading={mutation.isPending} disabled={busy} onClick={() => void syncNow().catch(() => undefined)}>
          {t("sync.transferegov.syncNow")}
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("sync.run.last")}
        </Typography.Title>
        {shown ? <RunDetails run={shown} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("sync.transferegov.noRun")} />}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("sync.run.history")}
        </Typography.Title>
        <RunHistory
          filters={[
            { field: "companyId", operator: "eq", value: company.id },
            { field: "source", operator: "eq", value: "transferegov" },
          ]}
        />
      </Space>
    </Card>
  );
}

function SiconvCard() {
  const t = useT();
  const { open } = useNotification();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const { result: latestList } = useList<SyncRun>({
    resource: "sync-runs",
    filters: [{ field: "source", operator: "eq", value: "siconv" }],
    pagination: { currentPage: 1, pageSize: 1 },
    sorters: [{ field: "createdAt", order: "desc" }],
  });
  const latest = latestList.data[0];
  const { run, follow, busy } = useFollowedRun("siconv", latest);
  const { mutateAsync, mutation } = useCustomMutation<{ id: number }, HttpError>();
  const upload = async () => {
    const body = new FormData();
    for (const file of files) if (file.originFileObj) body.append("file", file.originFileObj, file.name);
    // simple-rest sends `values` as the request body; a FormData goes as multipart/form-data.
    const response = await mutateAsync({ url: "/api/imports/siconv", method: "post", values: body as unknown as Record<string, never>, successNotification: false });
    setFiles([]);
    follow(response.data.id);
    open?.({ type: "success", message: t("sync.siconv.started") });
  };
  const shown = run ?? latest;
  return (
    <Card title={t("sync.siconv.title")}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("sync.siconv.intro")}
        </Typography.Paragraph>
        <Upload.Dragger multiple accept=".zip,.csv" fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList)}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t("sync.siconv.drop")}</p>
          <p className="ant-upload-hint">{t("sync.siconv.dropHint")}</p>
        </Upload.Dragger>
        <Button type="primary" icon={<CloudUploadOutlined />} disabled={!files.length || busy} loading={mutation.isPending} onClick={() => void upload().catch(() => undefined)}>
          {t("sync.siconv.import")}
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("sync.run.last")}
        </Typography.Title>
        {shown ? <RunDetails run={shown} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("sync.siconv.noRun")} />}
      </Space>
    </Card>
  );
}

/** /admin/companies/{companyId}/sync: the client's Transferegov sync and the SICONV import (ADMIN). */
export function CompanySync({ companyId }: { companyId: number }) {
  const { result: company } = useOne<Company>({ resource: "companies", id: companyId });
  if (!company) return null;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <TransferegovCard company={company} />
      <SiconvCard />
    </Space>
  );
}
