import type { ReactNode } from "react";
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Dropdown, Layout, Space, Typography, theme } from "antd";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "@/domain/auth";

function Header() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<SessionUser>();
  const { mutate: logout } = useLogout();
  return (
    <Layout.Header
      style={{ background: token.colorBgElevated, display: "flex", justifyContent: "flex-end", alignItems: "center", padding: "0 16px", height: 64, position: "sticky", top: 0, zIndex: 10 }}
    >
      <Space size="middle">
        {user?.customClaims.companyName ? <Typography.Text type="secondary">{user.customClaims.companyName}</Typography.Text> : null}
        <Dropdown
          menu={{
            items: [
              { key: "profile", icon: <UserOutlined />, label: <Link to="/admin/profile">{t("header.profile")}</Link> },
              { key: "logout", icon: <LogoutOutlined />, label: t("header.logout"), onClick: () => logout() },
            ],
          }}
        >
          <Space style={{ cursor: "pointer" }} aria-label={t("header.profile")} tabIndex={0} role="button">
            <Avatar src={user?.avatarUrl ?? undefined} icon={<UserOutlined />} />
            <Typography.Text strong>{user?.name}</Typography.Text>
          </Space>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}

/** The admin layout: Refine's themed sider (menu from the resources) and our header. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ThemedLayout
      Header={Header}
      Title={({ collapsed }) => <ThemedTitle collapsed={collapsed} text="SOL Transferências" icon={<img src="/icons/icon.svg" alt="" width={24} height={24} />} />}
    >
      {children}
    </ThemedLayout>
  );
}
