import { Col, Form, Row, Select } from "antd";
import { useAllRecords } from "@/components/resource";
import type { User } from "@/domain/users";
import type { Proposal } from "@/domain/captacao";
import { projectFields } from "@/domain/projects";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";

/** The project's responsible person (an active user of the municipality) and the proposal it came from. */
export function ProjectPickers() {
  const t = useT();
  const people = useAllRecords<User>({ resource: "users", filters: [{ field: "active", operator: "eq", value: true }], max: 500 });
  const proposals = useAllRecords<Proposal>({ resource: "proposals", max: 500 });
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="responsibleUserId" label={t("projects.fields.responsibleUserId")} rules={[zodRule(projectFields.shape.responsibleUserId)]}>
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            loading={people.loading}
            placeholder={t("projects.fields.responsiblePlaceholder")}
            aria-label={t("projects.fields.responsibleUserId")}
            options={people.rows.map((user) => ({ value: user.id, label: user.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="proposalId" label={t("projects.fields.proposalId")} rules={[zodRule(projectFields.shape.proposalId)]}>
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            loading={proposals.loading}
            placeholder={t("projects.fields.proposalPlaceholder")}
            aria-label={t("projects.fields.proposalId")}
            options={proposals.rows.map((proposal) => ({ value: proposal.id, label: `${proposal.nrProposal} · ${proposal.object.slice(0, 80)}` }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
