import { createContext, useContext, useEffect, type ReactNode } from "react";
import { Link } from "./router";
import type { PublicMunicipality, PublicSection } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePageMeta } from "./lib/page-meta";
import { Loading } from "./components/status";

export interface Site {
  slug: string;
  /** Null while it loads. */
  municipality: PublicMunicipality | null;
  /** Switches the whole page to the 404 screen (a failed route validation, spec section 2). */
  notFound(): void;
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite fora do portal de transparência");
  return site;
}

/**
 * The NR_TRANSFER formats (src/domain/transfers.ts IMPOSITION_NR / VOLUNTARY_NR), repeated here
 * because that module builds zod schemas at load time and zod must stay out of the public bundle.
 */
export const ROUTE_IDS = { imposition: /^\d{8}-\d{6}$/, voluntary: /^\d{6}$/ };

/** Paths of the public screens (spec section 2). */
export const sitePath = {
  /** The portals' root: every published portal (where a citizen's 'Go back home' leads). */
  root: "/transparency",
  openData: (slug: string) => `/transparency/${slug}/dados-abertos`,
  home: (slug: string) => `/transparency/${slug}`,
  dashboard: (slug: string) => `/transparency/${slug}/dashboard`,
  fiscal: (slug: string) => `/transparency/${slug}/indicadores-fiscais`,
  imposition: (slug: string) => `/transparency/${slug}/transactions-imposition`,
  impositionDetail: (slug: string, nr: string) => `/transparency/${slug}/transactions-imposition/info/${encodeURIComponent(nr)}`,
  voluntary: (slug: string) => `/transparency/${slug}/transactions-voluntary`,
  voluntaryDetail: (slug: string, nr: string) => `/transparency/${slug}/transactions-voluntary/info/${encodeURIComponent(nr)}`,
  municipalAmendments: (slug: string) => `/transparency/${slug}/emendas-municipais`,
  municipalAmendmentDetail: (slug: string, identifier: string) => `/transparency/${slug}/emendas-municipais/info/${encodeURIComponent(identifier)}`,
};

/** Title `Page | Prefeitura de X (UF) – Portal da Transparência` and the page's description, once the municipality is known. */
export function useSiteMeta(page: string | null, description: (name: string) => string) {
  const { municipality } = useSite();
  const who = municipality ? t.municipalityOf(municipality.name, municipality.uf) : null;
  const title = who ? `${page ? `${page} | ` : ""}${t.prefecture(who)} – ${t.siteName}` : null;
  usePageMeta(title, municipality ? description(municipality.name) : null);
}

/** Renders nothing and turns the page into the 404 screen. */
export function NotFound() {
  const { notFound } = useSite();
  useEffect(() => notFound(), [notFound]);
  return null;
}

/** The sections in menu order, with their paths (the municipality's settings say which are published). */
export const SECTIONS: { section: PublicSection; path(slug: string): string }[] = [
  { section: "dashboard", path: sitePath.dashboard },
  { section: "fiscalIndicators", path: sitePath.fiscal },
  { section: "impositionTransfers", path: sitePath.imposition },
  { section: "voluntaryTransfers", path: sitePath.voluntary },
];

/** The sections this municipality publishes; none while it loads. */
export function publishedSections(municipality: PublicMunicipality | null) {
  return municipality ? SECTIONS.filter(({ section }) => municipality.sections[section]) : [];
}

/** "This section is not published by X", inside the site's frame so the other sections stay one click away. */
function SectionHidden({ section }: { section: PublicSection }) {
  const { slug, municipality } = useSite();
  const name = municipality?.name ?? "";
  useSiteMeta(t.sectionHidden.title, (who) => t.sectionHidden.message(t.sectionNames[section], who));
  return (
    <>
      <h1>{t.sectionHidden.title}</h1>
      <p className="tp-lead">{t.sectionHidden.message(t.sectionNames[section], name)}</p>
      <p>{t.sectionHidden.hint}</p>
      <p>
        <Link to={sitePath.home(slug)}>{`← ${t.sectionHidden.back}`}</Link>
      </p>
    </>
  );
}

/**
 * The routes of one section: rendered once the municipality says it publishes the section (so a
 * hidden one never even asks the API), the "not published" page otherwise.
 */
export function Published({ section, children }: { section: PublicSection; children: ReactNode }) {
  const { municipality } = useSite();
  if (!municipality) return <Loading />;
  return municipality.sections[section] ? children : <SectionHidden section={section} />;
}
