import { useGetIdentity, useGo } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Alert, Card, Tabs, Typography } from "antd";
import { Outlet, useLocation } from "react-router";
import type { SessionUser } from "@/domain/auth";
import { useActiveCompanyId } from "@/lib/use-active-company";
import { usePageTitle } from "@/lib/use-page-title";

const TABS = ["data", "panel", "users"] as const;

/** /admin/settings: 'Configurações' of the active company, in three tabs. */
export default function SettingsLayout() {
  const t = useT();
  const go = useGo();
  const { pathname } = useLocation();
  const { companyId, isLoading } = useActiveCompanyId();
  const { data: me } = useGetIdentity<SessionUser>();
  const title = t("settings.title");
  usePageTitle(t("documentTitle.settings"));
  const active = TABS.find((tab) => pathname.startsWith(`/admin/settings/${tab}`)) ?? "data";
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
        {me?.customClaims.companyName ? (
          <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginLeft: 8 }}>
            {me.customClaims.companyName}
          </Typography.Text>
        ) : null}
      </Typography.Title>
      {!isLoading && companyId === null ? (
        <Alert type="info" showIcon message={t("settings.chooseCompany")} />
      ) : (
        <>
          <Tabs
            activeKey={active}
            onChange={(key) => go({ to: `/admin/settings/${key}` })}
            items={TABS.map((tab) => ({ key: tab, label: t(`settings.tabs.${tab}`) }))}
          />
          <Outlet context={companyId} />
        </>
      )}
    </Card>
  );
}
