import { Show } from "@/components/page-frame";
import { PageTitle } from "@/components/page-title";
import { useOne } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Avatar, Button, Space, Tabs, Typography } from "antd";
import { CheckCircleOutlined, EditOutlined, PictureOutlined } from "@ant-design/icons";
import { Outlet, useLocation, useNavigate, useParams } from "react-router";
import type { Company } from "@/domain/companies";
import { formatCnpj } from "@/domain/cnpj";
import { usePageTitle } from "@/lib/use-page-title";
import { switchTarget } from "@/components/company-switcher";
import { CompanyDetails } from "./details";
import { ParametrizationForm } from "./parametrization";
import { TransparencyForm } from "./transparency";
import { TransparencyCheckPanel } from "@/components/transparency-check";
import { CompanySync } from "./sync";
import { DigestPanel } from "./digest";
import { CompanyDeleteButton } from "./delete-button";
import { UsersList } from "../users/list";
import { UserCreatePage } from "../users/create";
import { UserEditPage } from "../users/edit";
import { SendInvitePage } from "../users/send-invite";

const TABS = ["data", "parametrization", "transparency", "users", "sync"] as const;

function useCompanyId(): number {
  return Number(useParams().id);
}

/** /admin/companies/{companyId}: the company's header and its tabs (data, parametrization, transparency, users, sync). */
export default function CompanyShowPage() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const companyId = useCompanyId();
  const { result: company, query } = useOne<Company>({ resource: "companies", id: companyId });
  usePageTitle(t("documentTitle.companies.show"));
  const base = `/admin/companies/${companyId}`;
  const active = TABS.find((tab) => pathname.startsWith(`${base}/${tab}`)) ?? "data";
  return (
    <Show
      resource="companies"
      recordItemId={companyId}
      isLoading={query.isLoading}
      title={
        company ? (
          <Space>
            <Avatar shape="square" src={company.logoUrl ?? undefined} icon={<PictureOutlined />} alt="" />
            <PageTitle>
              {company.name}
              <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 400, marginLeft: 8 }}>
                {formatCnpj(company.cnpj)}
              </Typography.Text>
            </PageTitle>
          </Space>
        ) : (
          t("companies.titles.show")
        )
      }
      headerButtons={() =>
        company ? (
          <Space wrap>
            <Button type="primary" icon={<CheckCircleOutlined />} title={t("companies.actions.chooseHint")} onClick={() => navigate(switchTarget(pathname, company))}>
              {t("companies.actions.choose")}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => navigate(`/admin/companies/edit/${company.id}`)}>
              {t("buttons.edit")}
            </Button>
            <CompanyDeleteButton company={company} redirectTo="/admin/companies" />
          </Space>
        ) : null
      }
    >
      <Tabs activeKey={active} onChange={(key) => navigate(`${base}/${key}`)} items={TABS.map((tab) => ({ key: tab, label: t(`companies.tabs.${tab}`) }))} />
      <Outlet />
    </Show>
  );
}

export function CompanyDataTab() {
  const companyId = useCompanyId();
  const { result } = useOne<Company>({ resource: "companies", id: companyId });
  return result ? <CompanyDetails company={result} /> : null;
}

export function CompanyParametrizationTab() {
  const companyId = useCompanyId();
  return (
    <>
      <ParametrizationForm companyId={companyId} />
      <DigestPanel companyId={companyId} />
    </>
  );
}

export function CompanyTransparencyTab() {
  const companyId = useCompanyId();
  const { result } = useOne<Company>({ resource: "companies", id: companyId });
  return (
    <>
      <TransparencyForm companyId={companyId} />
      {/* The PNTP self-check, and the checklist before publishing the portal (issue 34). */}
      {result ? (
        <div style={{ marginTop: 24 }}>
          <TransparencyCheckPanel company={{ id: companyId, cnpj: result.cnpj }} />
        </div>
      ) : null}
    </>
  );
}

export function CompanySyncTab() {
  return <CompanySync companyId={useCompanyId()} />;
}

const usersPath = (companyId: number) => `/admin/companies/${companyId}/users`;

export function CompanyUsersTab() {
  const companyId = useCompanyId();
  return <UsersList companyId={companyId} basePath={usersPath(companyId)} withInvitePage />;
}

export function CompanyUserCreateTab() {
  const companyId = useCompanyId();
  return <UserCreatePage companyId={companyId} basePath={usersPath(companyId)} />;
}

export function CompanyUserEditTab() {
  return <UserEditPage basePath={usersPath(useCompanyId())} />;
}

export function CompanySendInviteTab() {
  const companyId = useCompanyId();
  return <SendInvitePage companyId={companyId} basePath={usersPath(companyId)} />;
}
