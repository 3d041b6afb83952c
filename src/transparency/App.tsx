import { useEffect } from "react";
import { Route, Routes } from "react-router";
import { ErrorPage } from "@/components/error-page";
import { lazyRoute, preloadRoutes } from "@/lib/updates";
import { Layout } from "./layout";
import { NotFound, Published, sitePath } from "./site";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { HomePage } from "./pages/home";
import "./transparency.css";

// The home is in this chunk (the first view); every other screen loads when visited, or in the
// background once the visitor reaches for a link, so the next click does not wait on a slow connection.
const DashboardPage = lazyRoute(() => import("./pages/dashboard"));
const FiscalIndicatorsPage = lazyRoute(() => import("./pages/fiscal-indicators"));
const ImpositionListPage = lazyRoute(() => import("./pages/imposition-list"));
const VoluntaryListPage = lazyRoute(() => import("./pages/voluntary-list"));
const ImpositionDetailPage = lazyRoute(() => import("./pages/imposition-detail"));
const VoluntaryDetailPage = lazyRoute(() => import("./pages/voluntary-detail"));
const MunicipalAmendmentListPage = lazyRoute(() => import("./pages/municipal-amendment-list"));
const MunicipalAmendmentDetailPage = lazyRoute(() => import("./pages/municipal-amendment-detail"));
const OpenDataPage = lazyRoute(() => import("./pages/open-data"));
const PortalsPage = lazyRoute(() => import("./pages/portals"));

/** What shows a person is about to follow a link: a pointer over it, a finger on it, the keyboard's focus. */
const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

/**
 * The other pages' code comes when the visitor shows the intent to move (a pointer, a touch or the
 * focus on a link), not at idle: a citizen on a metered phone who reads one page pays for that page
 * only, and the next click still finds its code on the way.
 */
export function PreloadPages() {
  useEffect(() => {
    const stop = () => INTENT_EVENTS.forEach((name) => document.removeEventListener(name, onIntent, true));
    function onIntent(event: Event) {
      if (!(event.target instanceof Element) || !event.target.closest("a[href]")) return;
      stop();
      void preloadRoutes();
    }
    INTENT_EVENTS.forEach((name) => document.addEventListener(name, onIntent, { capture: true, passive: true }));
    return stop;
  }, []);
  return null;
}

/** The public transparency site (its own bundle; never imports admin code, antd, Refine or Firebase). */
export default function TransparencyApp() {
  return (
    <>
      <PreloadPages />
      <Routes>
        <Route index element={<PortalsPage />} />
        <Route path=":slug" element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route element={<Published section="dashboard" />}>
            <Route path="dashboard" element={<DashboardPage />} />
          </Route>
          <Route element={<Published section="fiscalIndicators" />}>
            <Route path="indicadores-fiscais" element={<FiscalIndicatorsPage />} />
          </Route>
          <Route element={<Published section="impositionTransfers" />}>
            <Route path="transactions-imposition" element={<ImpositionListPage />} />
            <Route path="transactions-imposition/info/:nr" element={<ImpositionDetailPage />} />
          </Route>
          <Route element={<Published section="voluntaryTransfers" />}>
            <Route path="transactions-voluntary" element={<VoluntaryListPage />} />
            <Route path="transactions-voluntary/info/:nr" element={<VoluntaryDetailPage />} />
          </Route>
          <Route path="emendas-municipais" element={<MunicipalAmendmentListPage />} />
          <Route path="emendas-municipais/info/:identifier" element={<MunicipalAmendmentDetailPage />} />
          <Route path="dados-abertos" element={<OpenDataPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="*" element={<ErrorPage status={404} home={sitePath.root} explanation={t.notFoundExplanation} />} />
      </Routes>
    </>
  );
}
