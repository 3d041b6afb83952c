import "@ant-design/v5-patch-for-react-19";
import "dayjs/locale/pt-br";
import { Fragment, Suspense, lazy, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { BrowserRouter, Outlet, Route, Routes, useLocation } from "react-router";
import { NavigateKeepingQuery } from "@/components/navigate-keeping-query";
import { Refine } from "@refinedev/core";
import { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import timezone from "dayjs/plugin/timezone";
import { authProvider } from "@/providers/auth-provider";
import { accessControlProvider } from "@/providers/access-control";
import { dataProvider } from "@/providers/data-provider";
import { i18nProvider } from "@/providers/i18n";
import { useNotificationProvider } from "@/providers/notification";
import { adminAreas } from "@/resources";
import { loadPageAt } from "@/resources/define-admin-resource";
import { withMenuGroups } from "@/resources/menu-groups";
import { ErrorPage } from "@/components/error-page";
import { DialogProvider } from "@/components/dialogs";
import { RouteLoading } from "@/components/loading-bar";
import { AppLoading, BootScreen } from "@/components/boot-screen";
import { PageLoading } from "@/components/page-loading";
import { DeferredRender } from "@/components/deferred-render";
import { trackRequests } from "@/components/loading-bar/track-http";
import { SolAssistant } from "@/components/assistant";
import { themeStore } from "@/components/theme";
import { isKnownAppPath } from "@/domain/routes";
import { http } from "@/lib/http";
import { BUILD_ID, useReloadWhenOutdated } from "@/lib/updates";
import { browserPreloadDeps, preloadFiles } from "@/lib/updates/preload-files";
import { loadingBar } from "@/components/loading-bar/loading-bar";
import { dropFirstPaint } from "@/lib/first-paint";
import { routerProvider } from "./router-provider";
import { AdminLayout } from "./layout";
import { AdminThemeProvider } from "./theme-provider";
import { documentTitle } from "./document-title";
import { SessionGuard } from "./session-guard";
import { NavigateHome, SignedInRedirect } from "@/pages/auth/signed-in-redirect";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale("pt-br");
dayjs.tz.setDefault("America/Sao_Paulo");
themeStore.apply(); // the stored light/dark, monochrome and semi-dark choices, before the first paint
trackRequests(http); // data requests drive the loading bar

const LoginPage = lazy(() => import("@/pages/auth/login"));
const ForgotPasswordPage = lazy(() => import("@/pages/auth/forgot-password"));
const LogoutPage = lazy(() => import("@/pages/auth/logout"));
const SetPasswordPage = lazy(() => import("@/pages/auth/set-password"));

const resources = withMenuGroups(adminAreas.flatMap((area) => area.resources));
// The page of the address the app opens with starts loading now, so its route renders it without a fallback.
loadPageAt(window.location.pathname);
// Before the layout: the boot screen index.html painted; inside it, the page's spinner.
const pageLoader = <BootScreen />;
const routeLoader = (
  <>
    <RouteLoading />
    <PageLoading />
  </>
);

/** Paths that match no screen, or whose parameters are invalid, are a 404 before any route renders. */
function KnownPathsOnly({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isKnownAppPath(pathname) ? children : <ErrorPage status={404} />;
}

/**
 * Mounted beside the page, so once its code is in: after its data too, the other pages' files load in
 * the background, 4 requests at a time (src/lib/updates/preload-files.ts). Built apps only.
 */
function PreloadPages() {
  useEffect(() => {
    if (BUILD_ID) void preloadFiles(browserPreloadDeps(BUILD_ID, () => loadingBar.whenIdle())).catch(() => undefined);
  }, []);
  return null;
}

/** Reloads at the next navigation once a newer build is live (spec section 4). */
function UpdateOnNavigation() {
  useReloadWhenOutdated(useLocation().pathname);
  return null;
}

/**
 * The figures the server painted for the address the app opened with (src/lib/first-paint.ts) go as
 * soon as the address changes (the sign-in redirect, a click before the dashboard drew its own).
 */
function DropFirstPaintOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== first.current) dropFirstPaint();
  }, [pathname]);
  return null;
}

/** The admin app owns its router: the public site routes without React Router (src/transparency/router.tsx). */
export default function AdminApp() {
  return (
    <BrowserRouter>
      <UpdateOnNavigation />
      <DropFirstPaintOnNavigation />
      <AdminRoutes />
    </BrowserRouter>
  );
}

function AdminRoutes() {
  return (
    <AdminThemeProvider>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={i18nProvider}
        notificationProvider={useNotificationProvider}
        resources={resources}
        options={{
          syncWithLocation: true,
          warnWhenUnsavedChanges: true,
          disableTelemetry: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } } },
        }}
      >
        <DialogProvider>
          <Suspense fallback={<AppLoading />}>
            <KnownPathsOnly>
              <Routes>
                <Route
                  path="/admin/auth/login"
                  element={
                    <SessionGuard fallback={<LoginPage />} loading={pageLoader}>
                      <SignedInRedirect />
                    </SessionGuard>
                  }
                />
                <Route path="/admin/auth/forgot-password" element={<ForgotPasswordPage />} />
                <Route path="/admin/auth/logout" element={<LogoutPage />} />
                <Route path="/admin/auth/set-password" element={<SetPasswordPage />} />
                <Route
                  path="/admin"
                  element={
                    <SessionGuard fallback={<CatchAllNavigate to="/admin/auth/login" />} loading={pageLoader}>
                      <DeferredRender fallback={pageLoader}>
                        <AdminLayout>
                          <Suspense fallback={routeLoader}>
                            <Outlet />
                            <PreloadPages />
                          </Suspense>
                        </AdminLayout>
                      </DeferredRender>
                    </SessionGuard>
                  }
                >
                  <Route index element={<NavigateHome />} />
                  {adminAreas.map((area, i) => (
                    <Fragment key={i}>{area.routes}</Fragment>
                  ))}
                  <Route path="*" element={<ErrorPage status={404} embedded />} />
                </Route>
                <Route path="/" element={<NavigateKeepingQuery to="/admin/dashboard" />} />
                <Route path="*" element={<ErrorPage status={404} />} />
              </Routes>
            </KnownPathsOnly>
          </Suspense>
          <SolAssistant />
        </DialogProvider>
        <UnsavedChangesNotifier />
        <DocumentTitleHandler handler={documentTitle} />
      </Refine>
    </AdminThemeProvider>
  );
}
