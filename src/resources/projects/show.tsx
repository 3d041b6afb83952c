import { useState } from "react";
import { Show } from "@/components/page-frame";
import { PageTitle } from "@/components/page-title";
import { Link, useGo, useOne } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Form, Modal, Result, Row, Space, Statistic, Tabs, Tag, Typography } from "antd";
import { EditOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { Outlet, useLocation } from "react-router";
import { DeleteButton } from "@/components/dialogs";
import { FormSections, useEditForm } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import type { Project } from "@/domain/projects";
import { formatDate, formatMoney, formatPercent, formatPercentValue } from "@/lib/format";
import { usePageTitle } from "@/lib/use-page-title";
import { PercentProgress } from "@/components/percent-progress";
import { useT } from "@/providers/i18n";
import { PROJECT_CODES as CODES } from "./codes";
import fields from "./fields";
import { ProjectPickers } from "./pickers";
import { ProjectQuotes } from "../quotes/project-quotes";
import { pct, useProjectId, useProjectRights } from "./shared";
import { todayInSaoPaulo } from "@/domain/dates";

const TABS = ["workPlan", "fundingSource", "bids", "execution", "files", "history"] as const;

/** The project's data in a dialog (ADMIN, MANAGER), sending its version. */
function EditProject({ project, onClose }: { project: Project; onClose(): void }) {
  const t = useT();
  const { formProps, saveButtonProps, conflict } = useEditForm<Project>({ resource: "projects", id: project.id, onSaved: onClose });
  return (
    <Modal open title={t("projects.show.edit")} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} okText={t("projects.actions.save")} cancelText={t("projects.actions.cancel")} width={900} destroyOnHidden>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={project} />
        <ProjectPickers />
      </Form>
    </Modal>
  );
}

/** /admin/projects/info/{ID_PROJECT}: the project's figures (all computed from its tabs) and the six tabs, each its own URL. */
export default function ProjectShowPage() {
  const t = useT();
  const go = useGo();
  const { pathname } = useLocation();
  const projectId = useProjectId();
  const { canWrite } = useProjectRights();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { result: project, query } = useOne<Project>({ resource: "projects", id: projectId, queryOptions: { retry: false, enabled: !removing } });
  usePageTitle(project ? project.title : t("projects.titles.show"));
  const base = screenUrl("projects", "show", { id: projectId });
  const active = TABS.find((tab) => pathname.startsWith(`${base}/${tab}`)) ?? "workPlan";
  if (query.isError) return <Result status="404" title={t("projects.show.notFound")} />;
  const overdue = project?.nextDeadline ? project.nextDeadline < todayInSaoPaulo() : false;
  return (
    <Show
      resource="projects"
      recordItemId={projectId}
      isLoading={query.isLoading}
      title={
        project ? (
          <Space wrap>
            <PageTitle>
              {project.title}
            </PageTitle>
            <Tag color={CODES.statuses.color(project.status)}>{t(CODES.statuses.label(project.status))}</Tag>
          </Space>
        ) : (
          t("projects.titles.show")
        )
      }
      headerButtons={() =>
        project && canWrite ? (
          <Space>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t("projects.show.edit")}
            </Button>
            <DeleteButton resource="projects" recordItemId={project.id} accessControl={{ enabled: false }} onRemovingChange={setRemoving} onSuccess={() => go({ to: screenUrl("projects", "list") })}>
              {t("projects.show.remove")}
            </DeleteButton>
          </Space>
        ) : null
      }
    >
      {project ? (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={12} lg={6}>
              <Card size="small">
                <Statistic title={t("projects.fields.physicalProgress")} value={formatPercentValue(pct(project.physicalProgress))} />
                <PercentProgress part={pct(project.physicalProgress)} whole={100} showInfo={false} data-testid="physical-progress" aria-label={t("projects.fields.physicalProgress")} />
              </Card>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Card size="small">
                <Statistic title={t("projects.fields.financialProgress")} value={formatPercentValue(pct(project.financialProgress))} />
                <PercentProgress part={pct(project.financialProgress)} whole={100} showInfo={false} strokeColor="#faad14" data-testid="financial-progress" aria-label={t("projects.fields.financialProgress")} />
              </Card>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Card size="small">
                <Statistic title={t("projects.fields.fundedValue")} value={formatMoney(project.fundedValue)} />
                <Typography.Text type="secondary">
                  {t("projects.list.fundedOf", { funded: formatPercent(Number(project.fundedValue), Number(project.totalValue)), total: formatMoney(project.totalValue) })}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Card size="small">
                <Statistic title={t("projects.fields.nextDeadline")} value={project.nextDeadline ? formatDate(project.nextDeadline) : t("projects.list.noDeadline")} valueStyle={overdue ? { color: "#cf1322" } : undefined} />
                {overdue ? <Tag color="red">{t("projects.list.overdue")}</Tag> : <Typography.Text type="secondary">{t("projects.fields.executedValue")}: {formatMoney(project.executedValue)}</Typography.Text>}
              </Card>
            </Col>
          </Row>
          <Alert type="info" showIcon message={t("projects.show.computed")} style={{ marginBottom: 16 }} />
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("projects.fields.object")} span={3}>
              {project.object}
            </Descriptions.Item>
            <Descriptions.Item label={t("projects.fields.totalValue")}>{formatMoney(project.totalValue)}</Descriptions.Item>
            <Descriptions.Item label={t("projects.fields.workPlanValue")}>{formatMoney(project.workPlanValue)}</Descriptions.Item>
            <Descriptions.Item label={t("projects.fields.policyArea")}>{project.policyArea ?? "—"}</Descriptions.Item>
            <Descriptions.Item label={`${t("projects.fields.startDate")} – ${t("projects.fields.endDate")}`}>
              {formatDate(project.startDate)} – {formatDate(project.endDate)}
            </Descriptions.Item>
            <Descriptions.Item label={t("projects.fields.responsibleUserId")}>{project.responsibleName ?? "—"}</Descriptions.Item>
            <Descriptions.Item label={t("projects.fields.proposalId")}>
              {project.nrProposal && project.proposalEntity ? (
                <Link to={screenUrl("proposals", "show", { nrProposal: project.nrProposal, entity: project.proposalEntity })}>{t("projects.show.proposal", { nr: project.nrProposal })}</Link>
              ) : (
                "—"
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("projects.fields.address")} span={3}>
              {project.address ?? "—"}
              {project.latitude && project.longitude ? (
                <a style={{ marginLeft: 8 }} href={`https://www.openstreetmap.org/?mlat=${project.latitude}&mlon=${project.longitude}#map=17/${project.latitude}/${project.longitude}`} target="_blank" rel="noreferrer">
                  <EnvironmentOutlined /> {t("projects.show.coordinates")}
                </a>
              ) : null}
            </Descriptions.Item>
          </Descriptions>
          <ProjectQuotes projectId={project.id} canWrite={canWrite} />
        </>
      ) : null}
      <Tabs activeKey={active} onChange={(key) => go({ to: `${base}/${key}` })} items={TABS.map((tab) => ({ key: tab, label: t(`projects.tabs.${tab}`) }))} />
      {project ? <Outlet /> : null}
      {editing && project ? <EditProject project={project} onClose={() => setEditing(false)} /> : null}
    </Show>
  );
}
