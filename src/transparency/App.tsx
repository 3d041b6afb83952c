import { useEffect, type ComponentType } from "react";
import { Route, Switch, usePathname } from "./router";
import { ErrorPage } from "@/components/error-page";
import { lazyRoute, preloadRoutes, useReloadWhenOutdated } from "@/lib/updates";
import type { PublicSection } from "@/domain/transparency";
import { Layout } from "./layout";
import { NotFound, Published, sitePath } from "./site";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { HomePage } from "./pages/home";
import { askForPreloadedAnswers } from "./lib/api";
import "./transparency.css";

// The answers this page's HTML preloads are asked for now, while the pages' code is still on its way.
askForPreloadedAnswers();

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

/**
 * The pages of one municipality's portal, below `/transparency/:slug`. A page of a section the
 * municipality may switch off names it, and shows "Seção não publicada" when it is off.
 */
const PORTAL_PAGES: { path: string; page: ComponentType; section?: PublicSection }[] = [
  { path: "", page: HomePage },
  { path: "/dashboard", page: DashboardPage, section: "dashboard" },
  { path: "/indicadores-fiscais", page: FiscalIndicatorsPage, section: "fiscalIndicators" },
  { path: "/transactions-imposition", page: ImpositionListPage, section: "impositionTransfers" },
  { path: "/transactions-imposition/info/:nr", page: ImpositionDetailPage, section: "impositionTransfers" },
  { path: "/transactions-voluntary", page: VoluntaryListPage, section: "voluntaryTransfers" },
  { path: "/transactions-voluntary/info/:nr", page: VoluntaryDetailPage, section: "voluntaryTransfers" },
  // Every open portal publishes its municipal emendas (ADPF 854): no switch turns them off.
  { path: "/emendas-municipais", page: MunicipalAmendmentListPage },
  { path: "/emendas-municipais/info/:identifier", page: MunicipalAmendmentDetailPage },
  { path: "/dados-abertos", page: OpenDataPage },
];

/** The pages of one municipality's portal (`/transparency/:slug/...`), inside its frame. */
function PortalPages() {
  return (
    <Switch>
      {PORTAL_PAGES.map(({ path, page: Page, section }) => (
        <Route key={path} path={`/transparency/:slug${path}`}>
          {section ? (
            <Published section={section}>
              <Page />
            </Published>
          ) : (
            <Page />
          )}
        </Route>
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}

/** The public transparency site (its own bundle; never imports admin code, antd, Refine, Firebase or React Router). */
export default function TransparencyApp() {
  useReloadWhenOutdated(usePathname());
  return (
    <>
      <PreloadPages />
      <Switch>
        <Route path={/^\/transparency\/?$/} component={PortalsPage} />
        <Route path="/transparency/:slug/*?">
          <Layout>
            <PortalPages />
          </Layout>
        </Route>
        <Route>
          <ErrorPage status={404} home={sitePath.root} explanation={t.notFoundExplanation} />
        </Route>
      </Switch>
    </>
  );
}
