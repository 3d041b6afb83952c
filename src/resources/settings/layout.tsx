import type { ReactNode } from "react";
import { useGetIdentity, useGo } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Alert, Card, Tabs, Typography } from "antd";
import { Outlet, useLocation } from "react-router";
import type { SessionUser } from "@/domain/auth";
import { passesGuard, type Guard } from "@/domain/guards";
import { useActiveCompanyId } from "@/lib/use-active-company";
import { usePageTitle } from "@/lib/use-page-title";
import { PageTitle, PageTitleLevel } from "@/components/page-title";

const TABS = ["data", "panel", "users", "transparency-check"] as const;
/** Tabs only some roles open (the others never see them). */
const TAB_GUARDS: Partial<Record<(typeof TABS)[number], Guard>> = { "transparency-check": "manager-only" };

/**
 * /admin/settings: 'Configurações' of the active company, in three tabs. The settings' own tabs
 * open in its outlet (with the company id as context); the users screens, a resource of their own,
 * render inside it as `children`.
 */
export function SettingsFrame({ children }: { children?: ReactNode }) {
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
      <PageTitle style={{ marginBottom: 16 }}>
        {title}
        {me?.customClaims.companyName ? (
          <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginLeft: 8 }}>
            {me.customClaims.companyName}
          </Typography.Text>
        ) : null}
      </PageTitle>
      {!isLoading && companyId === null ? (
        <Alert type="info" showIcon message={t("settings.chooseCompany")} />
      ) : (
        <>
          <Tabs
            activeKey={active}
            onChange={(key) => go({ to: `/admin/settings/${key}` })}
            items={TABS.filter((tab) => !TAB_GUARDS[tab] || passesGuard(me?.customClaims.role, TAB_GUARDS[tab])).map((tab) => ({ key: tab, label: t(`settings.tabs.${tab}`) }))}
          />
          <PageTitleLevel.Provider value={2}>{children ?? <Outlet context={companyId} />}</PageTitleLevel.Provider>
        </>
      )}
    </Card>
  );
}

export default function SettingsLayout() {
  return <SettingsFrame />;
}
