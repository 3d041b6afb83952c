import { List, useTable, DateField, FilterDropdown } from "@refinedev/antd";
import { useTranslate, type HttpError } from "@refinedev/core";
import { Input, Select, Table, Tag } from "antd";
import { Tooltip } from "@/components/tooltip";

interface AuditLog {
  id: number;
  action: "LOGIN" | "LOGOUT" | "LOGIN_FAILED";
  /** SESSION: recorded by a signed-in session; ANONYMOUS: reported without a session (the caller's claim). */
  source: "SESSION" | "ANONYMOUS";
  email: string | null;
  comment: string | null;
  ip: string | null;
  createdAt: string;
}

const ACTION_COLORS: Record<AuditLog["action"], string> = { LOGIN: "green", LOGOUT: "default", LOGIN_FAILED: "red" };

/** Sign-ins, sign-outs and refused attempts, newest first (ADMIN: all or the chosen company; MANAGER: its own). */
export default function AccessLogList() {
  const t = useTranslate();
  const { tableProps } = useTable<AuditLog, HttpError>({
    resource: "audit-logs",
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    syncWithLocation: true,
  });
  const actions = (["LOGIN", "LOGOUT", "LOGIN_FAILED"] as const).map((value) => ({ value, label: t(`access-logs.actions.${value}`) }));
  const sources = (["SESSION", "ANONYMOUS"] as const).map((value) => ({ value, label: t(`access-logs.sources.${value}`) }));
  return (
    <List title={t("access-logs.titles.list")}>
      <Table {...tableProps} rowKey="id" scroll={{ x: 720 }}>
        <Table.Column<AuditLog>
          dataIndex="createdAt"
          title={t("access-logs.fields.createdAt")}
          sorter
          render={(value: string) => <DateField value={value} format="DD/MM/YYYY HH:mm:ss" />}
        />
        <Table.Column<AuditLog>
          dataIndex="action"
          title={t("access-logs.fields.action")}
          render={(value: AuditLog["action"]) => <Tag color={ACTION_COLORS[value]}>{t(`access-logs.actions.${value}`)}</Tag>}
          filterDropdown={(props) => (
            <FilterDropdown {...props}>
              <Select style={{ minWidth: 180 }} mode="multiple" options={actions} placeholder={t("access-logs.fields.action")} />
            </FilterDropdown>
          )}
        />
        <Table.Column<AuditLog>
          dataIndex="source"
          title={t("access-logs.fields.source")}
          render={(value: AuditLog["source"]) => (
            <Tooltip title={t(`access-logs.sourceHints.${value}`)}>
              <Tag color={value === "ANONYMOUS" ? "orange" : "blue"}>{t(`access-logs.sources.${value}`)}</Tag>
            </Tooltip>
          )}
          filterDropdown={(props) => (
            <FilterDropdown {...props}>
              <Select style={{ minWidth: 180 }} mode="multiple" options={sources} placeholder={t("access-logs.fields.source")} />
            </FilterDropdown>
          )}
        />
        <Table.Column<AuditLog>
          dataIndex="email"
          title={t("access-logs.fields.email")}
          sorter
          filterDropdown={(props) => (
            <FilterDropdown {...props}>
              <Input placeholder={t("access-logs.search")} />
            </FilterDropdown>
          )}
        />
        <Table.Column<AuditLog> dataIndex="comment" title={t("access-logs.fields.comment")} ellipsis />
        <Table.Column<AuditLog> dataIndex="ip" title={t("access-logs.fields.ip")} />
      </Table>
    </List>
  );
}
