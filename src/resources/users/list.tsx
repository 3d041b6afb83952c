import { getDefaultFilter, getDefaultSortOrder, useTable } from "@refinedev/antd";
import { useGetIdentity, useGo, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { IconButton } from "@/components/icon-button";
import { Avatar, Button, Flex, Form, Input, Space, Table, Typography } from "antd";
import { BREAKPOINTS, useMediaQuery } from "@/components/theme";
import { EditOutlined, MailOutlined, PlusOutlined, UserOutlined } from "@ant-design/icons";
import type { SessionUser } from "@/domain/auth";
import { ROLES } from "@/domain/auth";
import { mayManagePerson, type User } from "@/domain/users";
import { passesGuard } from "@/domain/guards";
import { DeleteButton } from "@/components/dialogs";
import { formatMoment } from "@/lib/format";
import { RoleTag, UserStatusTag } from "./status";
import { useSendInvite } from "./send-invite";

export interface UsersListProps {
  /** Narrows the list to one company (the companies area); settings rely on the session and authComp. */
  companyId?: number;
  /** Where this list's create and edit pages live. */
  basePath: string;
  /** Shows the link to the send-invite page (companies area). */
  withInvitePage?: boolean;
}

/** Whether the signed-in person may change `user` (the server's rule, for showing the buttons). */
function mayManage(me: SessionUser | undefined, user: User): boolean {
  return !!me && mayManagePerson({ id: me.id, role: me.customClaims.role, companyId: me.customClaims.companyId }, user);
}

/** People of a company: search, role filter, sort and pages kept in the URL; edit, invite and remove. */
export function UsersList({ companyId, basePath, withInvitePage }: UsersListProps) {
  const t = useT();
  const go = useGo();
  const { data: me } = useGetIdentity<SessionUser>();
  const { send, sending } = useSendInvite();
  const wide = useMediaQuery(BREAKPOINTS.md);
  const managesPeople = passesGuard(me?.customClaims.role, "manager-only");
  const { tableProps, searchFormProps, filters, sorters } = useTable<User, HttpError, { q?: string }>({
    resource: "users",
    filters: { permanent: companyId ? [{ field: "companyId", operator: "eq", value: companyId }] : [] },
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: ({ q }) => [{ field: "q", operator: "eq", value: q ?? "" }],
    syncWithLocation: true,
  });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Form {...searchFormProps} layout="inline" style={{ flex: "1 1 260px" }}>
          <Form.Item name="q" style={{ flex: 1, marginInlineEnd: 0 }}>
            <Input.Search
              allowClear
              placeholder={t("users.placeholders.search")}
              aria-label={t("users.placeholders.search")}
              onSearch={() => searchFormProps.form?.submit()}
            />
          </Form.Item>
        </Form>
        {managesPeople ? (
          <Space wrap>
            {withInvitePage ? (
              <Button icon={<MailOutlined />} onClick={() => go({ to: `${basePath}/send-invite` })}>
                {t("users.titles.sendInvite")}
              </Button>
            ) : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => go({ to: `${basePath}/create` })}>
              {t("users.titles.create")}
            </Button>
          </Space>
        ) : null}
      </Flex>
      <Table<User> {...tableProps} rowKey="id" scroll={{ x: "max-content" }}>
        <Table.Column<User>
          dataIndex="name"
          title={t("users.fields.name")}
          sorter
          defaultSortOrder={getDefaultSortOrder("name", sorters)}
          render={(_, user) => (
            <Space>
              <Avatar size="small" src={user.avatarUrl ?? undefined} icon={<UserOutlined />} />
              <span>
                {user.name}
                {user.id === me?.id ? <Typography.Text type="secondary"> ({t("users.you")})</Typography.Text> : null}
              </span>
            </Space>
          )}
        />
        <Table.Column<User> dataIndex="email" title={t("users.fields.email")} sorter defaultSortOrder={getDefaultSortOrder("email", sorters)} />
        <Table.Column<User>
          dataIndex="role"
          title={t("users.fields.role")}
          render={(role: User["role"]) => <RoleTag role={role} />}
          filters={ROLES.map((role) => ({ text: t(`users.roles.${role}`), value: role }))}
          filteredValue={getDefaultFilter("role", filters, "in") ?? null}
        />
        <Table.Column<User>
          dataIndex="active"
          title={t("users.fields.status")}
          render={(_, user) => <UserStatusTag user={user} />}
          filters={[
            { text: t("users.status.active"), value: true },
            { text: t("users.status.inactive"), value: false },
          ]}
          filterMultiple={false}
          filteredValue={getDefaultFilter("active", filters, "in") ?? null}
        />
        <Table.Column<User>
          dataIndex="lastLoginAt"
          title={t("users.fields.lastLoginAt")}
          sorter
          defaultSortOrder={getDefaultSortOrder("lastLoginAt", sorters)}
          render={(value: string | null) => (value ? formatMoment(value, { time: true }) : t("users.never"))}
        />
        <Table.Column<User>
          title={t("table.actions")}
          fixed={wide ? "right" : undefined}
          render={(_, user) =>
            mayManage(me, user) ? (
              <Space size="small">
                <IconButton
                  size="small"
                  icon={<EditOutlined />}
                  label={`${t("buttons.edit")} ${user.name}`}
                  onClick={() => go({ to: `${basePath}/${user.id}` })}
                />
                {managesPeople && !user.lastLoginAt && user.active ? (
                  <IconButton
                    size="small"
                    icon={<MailOutlined />}
                    label={`${user.invitedAt ? t("users.actions.resend") : t("users.actions.invite")} ${user.name}`}
                    loading={sending}
                    onClick={() => void send(user.email)}
                  />
                ) : null}
                {managesPeople && user.id !== me?.id ? <DeleteButton size="small" hideText resource="users" recordItemId={user.id} aria-label={`${t("buttons.delete")} ${user.name}`} /> : null}
              </Space>
            ) : null
          }
        />
      </Table>
    </Flex>
  );
}
