import "@ant-design/v5-patch-for-react-19";
import "dayjs/locale/pt-br";
import { Fragment, Suspense, lazy } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";
import { Authenticated, Refine } from "@refinedev/core";
import { CatchAllNavigate, DocumentTitleHandler, NavigateToResource, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider, Spin } from "antd";
import antdPtBR from "antd/locale/pt_BR";
import dayjs from "dayjs";
import { authProvider } from "@/providers/auth-provider";
import { accessControlProvider } from "@/providers/access-control";
import { dataProvider } from "@/providers/data-provider";
import { i18nProvider } from "@/providers/i18n";
import { useNotificationProvider } from "@/providers/notification";
import { adminAreas } from "@/resources";
import { ErrorPage } from "@/components/error-page";
import { routerProvider } from "./router-provider";
import { AdminLayout } from "./layout";

dayjs.locale("pt-br");

const LoginPage = lazy(() => import("@/pages/auth/login"));
const ForgotPasswordPage = lazy(() => import("@/pages/auth/forgot-password"));
const LogoutPage = lazy(() => import("@/pages/auth/logout"));

const resources = adminAreas.flatMap((area) => area.resources);
const pageLoader = <Spin size="large" style={{ display: "block", margin: "96px auto" }} />;

/** The primary green of the product (the loading bar's #4fad32, darkened for text contrast). */
export const BRAND_GREEN = "#2f7d1e";

function titleHandler({ resource, action }: { resource?: { meta?: { label?: string } }; action?: string }) {
  const label = resource?.meta?.label;
  if (!label) return "SOL Transferências";
  const prefix = action === "create" ? "Novo - " : action === "edit" ? "Editar - " : "";
  return `${prefix}${label} | SOL Transferências`;
}

export default function AdminApp() {
  return (
    <ConfigProvider locale={antdPtBR} theme={{ token: { colorPrimary: BRAND_GREEN, borderRadius: 6 } }}>
      <AntdApp>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={useNotificationProvider}
          resources={resources}
          options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } } } }}
        >
          <Suspense fallback={pageLoader}>
            <Routes>
              <Route
                path="/admin/auth/login"
                element={
                  <Authenticated key="login-guard" fallback={<LoginPage />} loading={pageLoader}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              />
              <Route path="/admin/auth/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/admin/auth/logout" element={<LogoutPage />} />
              <Route
                path="/admin"
                element={
                  <Authenticated key="admin" fallback={<CatchAllNavigate to="/admin/auth/login" />} loading={pageLoader}>
                    <AdminLayout>
                      <Suspense fallback={pageLoader}>
                        <Outlet />
                      </Suspense>
                    </AdminLayout>
                  </Authenticated>
                }
              >
                <Route index element={<Navigate to="/admin/dashboard" replace />} />
                {adminAreas.map((area, i) => (
                  <Fragment key={i}>{area.routes}</Fragment>
                ))}
                <Route path="*" element={<ErrorPage status={404} />} />
              </Route>
              <Route path="/" element={<Navigate to="/admin/dashboard" replace />} />
              <Route path="*" element={<ErrorPage status={404} />} />
            </Routes>
          </Suspense>
          <UnsavedChangesNotifier />
          <DocumentTitleHandler handler={titleHandler} />
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}
