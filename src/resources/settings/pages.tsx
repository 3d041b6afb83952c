import { useState, type ReactNode } from "react";
import { Edit } from "@/components/page-frame";
import { PageTitle } from "@/components/page-title";
import { useGetIdentity, useGo } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Button, Flex, Form, Segmented } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { useLocation, useOutletContext } from "react-router";
import type { SessionUser } from "@/domain/auth";
import { passesGuard } from "@/domain/guards";
import type { Company } from "@/domain/companies";
import { useEditForm } from "@/components/resource/edit-form";
import { usePageTitle } from "@/lib/use-page-title";
import { CompanyDetailsById } from "../companies/details";
import { CompanyFormFields } from "../companies/form-fields";
import { ParametrizationForm, ParametrizationView } from "../companies/parametrization";
import { UsersList } from "../users/list";
import { UserCreatePage } from "../users/create";
import { UserEditPage } from "../users/edit";
import { screenUrl } from "@/domain/admin-screens";
import { SettingsFrame } from "./layout";
import { TransparencyCheckPanel } from "@/components/transparency-check";

/** The active company's id, given by the settings layout (it renders nothing below without one). */
const useCompanyId = () => useOutletContext<number>();

function useIsManager(): boolean {
  const { data: me } = useGetIdentity<SessionUser>();
  return passesGuard(me?.customClaims.role, "manager-only");
}

/** /admin/settings/data: 'Prefeitura - dados'. */
export function SettingsData() {
  const t = useT();
  const go = useGo();
  const title = t("settings.dataTitle");
  usePageTitle(t("documentTitle.companyData"));
  const companyId = useCompanyId();
  const isManager = useIsManager();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{title}</PageTitle>
        {isManager ? (
          <Button icon={<EditOutlined />} onClick={() => go({ to: "/admin/settings/data/edit" })}>
            {t("settings.edit")}
          </Button>
        ) : null}
      </Flex>
      <CompanyDetailsById companyId={companyId} />
    </Flex>
  );
}

/** /admin/settings/data/edit (manager-only): the company data a MANAGER may change. */
export function SettingsDataEdit() {
  const t = useT();
  const go = useGo();
  const title = t("settings.dataEditTitle");
  usePageTitle(t("documentTitle.companyData"));
  const companyId = useCompanyId();
  const [uploading, setUploading] = useState(false);
  const { formProps, saveButtonProps, formLoading, conflict } = useEditForm<Company>({
    resource: "companies",
    id: companyId,
    onSaved: () => go({ to: "/admin/settings/data" }),
  });
  return (
    <Edit
      isLoading={formLoading}
      title={title}
      resource="companies"
      recordItemId={companyId}
      breadcrumb={false}
      goBack={false}
      headerButtons={() => null}
      saveButtonProps={{ ...saveButtonProps, disabled: saveButtonProps.disabled || uploading }}
      wrapperProps={{ style: { boxShadow: "none" } }}
    >
      {conflict}
      <Form {...formProps} layout="vertical">
        <CompanyFormFields mode="manager" onBusyChange={setUploading} />
      </Form>
    </Edit>
  );
}

const PANEL_TABS = ["data", "parametrization"] as const;

/** /admin/settings/panel/*: the panel's data and (manager-only) its parametrization, as two segments. */
function SettingsPanel({ children }: { children: ReactNode }) {
  const t = useT();
  const go = useGo();
  const { pathname } = useLocation();
  const isManager = useIsManager();
  const tabs = PANEL_TABS.filter((tab) => tab === "data" || isManager);
  const active = tabs.find((tab) => pathname.startsWith(`/admin/settings/panel/${tab}`)) ?? "data";
  return (
    <Flex vertical gap={16}>
      <Segmented
        value={active}
        onChange={(key) => go({ to: `/admin/settings/panel/${key}` })}
        options={tabs.map((tab) => ({ value: tab, label: t(`settings.panelTabs.${tab}`) }))}
      />
      {children}
    </Flex>
  );
}

export function SettingsPanelData() {
  return (
    <SettingsPanel>
      <ParametrizationView companyId={useCompanyId()} />
    </SettingsPanel>
  );
}

export function SettingsPanelParametrization() {
  return (
    <SettingsPanel>
      <ParametrizationForm companyId={useCompanyId()} />
    </SettingsPanel>
  );
}

const USERS_PATH = screenUrl("users", "list");

/** The users screens: their own resource, shown in the settings' frame (its "Usuários" tab). */
export function SettingsUsers() {
  return (
    <SettingsFrame>
      <UsersList basePath={USERS_PATH} />
    </SettingsFrame>
  );
}

export function SettingsUserCreate() {
  return (
    <SettingsFrame>
      <UserCreatePage basePath={USERS_PATH} />
    </SettingsFrame>
  );
}

export function SettingsUserEdit() {
  return (
    <SettingsFrame>
      <UserEditPage basePath={USERS_PATH} />
    </SettingsFrame>
  );
}

/** /admin/settings/transparency-check: the PNTP 2025 self-check of the company's public portal (managers). */
export function SettingsTransparencyCheck() {
  return <TransparencyCheckPanel />;
}
