import { StrictMode, Suspense, lazy, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import { LoadingBar } from "@/components/loading-bar";
import { AppLoading, markAdminBoot } from "@/components/boot-screen";
import { startUpdates, useReloadWhenOutdated } from "@/lib/updates";
import { startFirstLoad } from "@/admin/first-load";
import { loadAntdStyleSheet } from "@/lib/antd-style-sheet";
import "./main.css";

// Two separate bundles: citizens on the public site never download the admin app or the assistant.
const TransparencyApp = lazy(() => import("./transparency/App"));
// The admin app renders once antd's prebuilt styles are in (src/lib/antd-style-sheet.ts); both download at once.
const loadAdminApp = () => Promise.all([import("./admin/App"), loadAntdStyleSheet()]).then(([app]) => app);
const AdminApp = lazy(loadAdminApp);

// A signed-in admin visit asks for its session and its page's data, the app's code and the page's code,
// all at once (src/admin/first-load.ts).
markAdminBoot();
startFirstLoad(loadAdminApp);
startUpdates();

/** Reloads at the next navigation once a newer build is live (spec section 4). */
function UpdateOnNavigation() {
  useReloadWhenOutdated();
  return null;
}

// A transition: React renders the app in slices and lets the browser paint and answer taps between
// them, instead of freezing a slow phone for the whole first render.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <LoadingBar />
      <ErrorBoundary>
        <BrowserRouter>
          <UpdateOnNavigation />
          <Suspense fallback={<AppLoading />}>
            <Routes>
              <Route path="/transparency/*" element={<TransparencyApp />} />
              <Route path="*" element={<AdminApp />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
