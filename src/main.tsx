import { StrictMode, Suspense, lazy, startTransition, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "@/components/error-boundary";
import { LoadingBar } from "@/components/loading-bar";
import { AppLoading, markAdminBoot } from "@/components/boot-screen";
import { startUpdates } from "@/lib/updates";
import { startFirstLoad } from "@/admin/first-load";
import { loadAntdStyleSheet } from "@/lib/antd-style-sheet";
import { loadedLazy } from "@/lib/updates/lazy-route";
import { importInStages } from "@/lib/import-in-stages";
import "./main.css";

// Two separate bundles: citizens on the public site never download the admin app or the assistant.
const TransparencyApp = lazy(() => import("./transparency/App"));
// The admin app renders once antd's prebuilt styles are in (src/lib/antd-style-sheet.ts); both download at once.
// Its code runs in stages (src/lib/import-in-stages.ts): the field inputs with zod; the texts, with the
// libraries they share with the app (antd, Refine); the data provider; then the app itself.
const ADMIN_APP_STAGES = [() => import("./domain/inputs"), () => import("./providers/i18n"), () => import("./providers/data-provider")];
const adminApp = loadedLazy(() =>
  Promise.all([importInStages(ADMIN_APP_STAGES, () => import("./admin/App")), loadAntdStyleSheet()]).then(([app]) => app),
);
const AdminApp = adminApp.Component;

// A signed-in admin visit asks for its session and its page's data, the app's code and the page's code,
// all at once (src/admin/first-load.ts).
markAdminBoot();
startFirstLoad(adminApp.load);
startUpdates();

/**
 * Which app this address belongs to, once per page load: the two never link to each other in place
 * (the admin opens a portal in a new tab), so each brings its own router and a citizen never
 * downloads React Router, which only the admin (Refine) needs.
 */
const isPublicSite = /^\/transparency(\/|$)/i.test(window.location.pathname);

// A transition: React renders the app in slices and lets the browser paint and answer taps between
// them, instead of freezing a slow phone for the whole first render.
const root = createRoot(document.getElementById("root")!);
const render = (app: ReactNode) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <LoadingBar />
        <ErrorBoundary>
          <Suspense fallback={<AppLoading />}>{app}</Suspense>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
if (isPublicSite) render(<TransparencyApp />);
else {
  // The admin app mounts once its code is in: the boot screen meanwhile is plain content, not a Suspense
  // fallback, which React would hold the app back behind for up to 300 ms (src/lib/updates/lazy-route.ts).
  // A failed load renders too, so that the lazy app reports it (error boundary).
  render(<AppLoading />);
  const mount = () => render(<AdminApp />);
  adminApp.load().then(mount, mount);
}
