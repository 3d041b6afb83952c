import { useParams } from "react-router";
import { Show } from "@/components/page-frame";
import { Link, useInvalidate, useList, useNotification, useOne, useUpdate, type HttpError } from "@refinedev/core";
import { CanAccessNow } from "@/components/can-access-now";
import { Card, Col, Empty, Result, Row, Select, Space, Table, Timeline, Typography } from "antd";
import { PROPOSAL_TRANSITIONS, type Grantor, type Program, type Proposal, type ProposalStatus } from "@/domain/captacao";
import { screenUrl } from "@/domain/admin-screens";
import { ViewSections, CodeTag } from "@/components/resource/field-view";
import { formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";
import dayjs from "dayjs";
import { CAPTACAO_CODES as CODES } from "./codes";
import fields from "./proposal-fields";
import { AmendmentsEditor } from "./amendments-editor";

interface Convenio {
  id: number;
  nrTransfer: string;
  status: string;
}

/** Moves the proposal along the SICONV flow (ADMIN and MANAGER): only the statuses it may go to are offered. */
function StatusMove({ proposal }: { proposal: Proposal }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useUpdate<Proposal, HttpError>();
  const next = PROPOSAL_TRANSITIONS[proposal.status];
  if (next.length === 0) return null;
  return (
    // The label above the choice when the line is short (a phone): side by side it was squeezed to one letter per line.
    <Space wrap>
      <Typography.Text style={{ whiteSpace: "nowrap" }}>{t("captacao.proposal.moveTo")}</Typography.Text>
      <Select<ProposalStatus>
        style={{ minWidth: 240, maxWidth: "100%" }}
        aria-label={t("captacao.proposal.moveTo")}
        loading={mutation.isPending}
        value={null as unknown as ProposalStatus}
        options={next.map((s) => ({ value: s, label: t(`captacao.statuses.${s}`) }))}
        onChange={(status) =>
          mutate(
            { resource: "proposals", id: proposal.id, values: { status, version: proposal.version }, successNotification: false },
            {
              onSuccess: () => {
                open?.({ type: "success", message: t("captacao.proposal.moved") });
                void invalidate({ resource: "proposals", invalidates: ["list", "detail"] });
              },
            },
          )
        }
      />
    </Space>
  );
}

/** /admin/proposals/{nrProposal}/entity/{entity}: the proposal, its history, its amendments and the convênio it became. */
export default function ProposalShow() {
  const t = useT();
  const { nrProposal = "", entity = "" } = useParams();
  const { result, query } = useList<Proposal>({
    resource: "proposals",
    filters: [
      { field: "nrProposal", operator: "eq", value: nrProposal },
      { field: "proponentCnpj", operator: "eq", value: entity.toUpperCase() },
    ],
    pagination: { pageSize: 1 },
  });
  const proposal = result.data[0];
  const { result: program } = useOne<Program>({ resource: "programs", id: proposal?.programId ?? undefined, queryOptions: { enabled: Boolean(proposal?.programId) } });
  const { result: grantor } = useOne<Grantor>({ resource: "grantors", id: proposal?.grantorId ?? undefined, queryOptions: { enabled: Boolean(proposal?.grantorId) } });
  const { result: convenios } = useList<Convenio>({
    resource: "voluntary-transfers",
    filters: [{ field: "proposalNumber", operator: "eq", value: nrProposal }],
    pagination: { pageSize: 5 },
    queryOptions: { enabled: Boolean(proposal) },
  });
  if (!query.isLoading && !proposal) return <Result status="404" title={t("captacao.proposal.notFound")} />;
  return (
    <Show title={t("documentTitle.proposals.show", { nrProposal })} isLoading={query.isLoading} headerButtons={() => null}>
      {proposal ? (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <CanAccessNow resource="proposals" action="edit">
            <StatusMove proposal={proposal} />
          </CanAccessNow>
          <Card size="small" title={t("captacao.proposal.convenio")}>
            {convenios.data.length ? (
              convenios.data.map((c) => (
                <Link key={c.id} to={screenUrl("voluntary-transfers", "show", { id: c.nrTransfer })} data-testid="proposal-convenio">
                  {t("captacao.proposal.openConvenio", { nr: c.nrTransfer })}
                </Link>
              ))
            ) : (
              <Typography.Text type="secondary">{t("captacao.proposal.noConvenio")}</Typography.Text>
            )}
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={16}>
              <ViewSections sections={fields.sections} record={proposal} />
              <Card size="small" title={t("captacao.proposal.program")} style={{ marginBottom: 16 }}>
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{program ? `${program.code} - ${program.name}` : "—"}</Typography.Text>
                  <Typography.Text type="secondary">{grantor ? `${t("captacao.proposal.grantor")}: ${grantor.acronym} - ${grantor.name}` : ""}</Typography.Text>
                </Space>
              </Card>
              <Card
                size="small"
                title={t("captacao.sections.amendments")}
                extra={
                  <CanAccessNow resource="proposals" action="edit">
                    <AmendmentsEditor proposal={proposal} />
                  </CanAccessNow>
                }
              >
                {proposal.amendments.length ? (
                  <Table
                    rowKey="number"
                    size="small"
                    pagination={false}
                    dataSource={proposal.amendments}
                    columns={[
                      { key: "number", title: t("captacao.proposal.amendmentNumber"), dataIndex: "number" },
                      { key: "parliamentarian", title: t("captacao.proposal.parliamentarian"), dataIndex: "parliamentarian" },
                      { key: "kind", title: t("captacao.proposal.amendmentKind"), dataIndex: "kind", render: (code: string) => <CodeTag codes={CODES.parliamentarianKinds} code={code} /> },
                      { key: "value", title: t("captacao.proposal.amendmentValue"), dataIndex: "value", align: "right", render: (v: string) => formatMoney(v) },
                    ]}
                  />
                ) : (
                  <Empty description={t("captacao.proposal.noAmendments")} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={t("captacao.sections.history")}>
                <Timeline
                  data-testid="proposal-history"
                  items={[...proposal.statusHistory].reverse().map((entry) => ({
                    color: CODES.proposalStatuses.color(entry.status),
                    children: (
                      <Space direction="vertical" size={0}>
                        <CodeTag codes={CODES.proposalStatuses} code={entry.status} />
                        <Typography.Text type="secondary">
                          {dayjs(entry.at).format("DD/MM/YYYY HH:mm")}
                          {entry.by ? ` · ${t("captacao.proposal.by", { name: entry.by })}` : ""}
                        </Typography.Text>
                      </Space>
                    ),
                  }))}
                />
              </Card>
            </Col>
          </Row>
        </Space>
      ) : null}
    </Show>
  );
}
