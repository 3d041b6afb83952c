import { publicMunicipalAmendments as m } from "../src/domain/labels/public-municipal-amendments";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "./db/client";
import { companies, impositionTransfers, municipalAmendments, voluntaryTransfers } from "./db/schema";
import { isKnownAppPath, pageNotFoundMessage } from "../src/domain/routes";
import { transparency as t } from "../src/domain/labels/transparency";
import type { PageHead } from "./spa";
import { transparencyOf, type TransparencySection } from "../src/domain/companies";
import { listOptionsUrl, listPageUrl, moneyTrailUrl, municipalityUrl, pageDataUrl, recordUrl, type PublicListPath } from "../src/domain/public-urls";

const PUBLIC_PAGE = /^\/transparency\/([^/]+)(?:\/([^/]+))?(?:\/info\/([^/]+))?\/?$/i;

/** The one address of a public page: the slug (and the section) in lower case, no trailing slash. */
function canonicalPath(pathname: string): string {
  const parts = pathname.replace(/\/+$/, "").split("/");
  for (const i of [2, 3]) if (parts[i]) parts[i] = parts[i].toLowerCase();
  return parts.join("/");
}

/** Whether the municipality publishes this record (a number of another municipality, a private one or a malformed one: no). */
async function recordExists(db: Db, companyId: number, section: string, nr: string): Promise<boolean> {
  const first = async (table: typeof impositionTransfers | typeof voluntaryTransfers | typeof municipalAmendments, where: SQL | undefined) =>
    (await db.select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), eq(table.isPublic, true), where)).limit(1)).length > 0;
  if (section === "transactions-imposition") return first(impositionTransfers, eq(impositionTransfers.nrTransfer, nr));
  if (section === "transactions-voluntary") return first(voluntaryTransfers, eq(voluntaryTransfers.nrTransfer, nr));
  const [year, sequence] = nr.split("-").map(Number);
  return first(municipalAmendments, and(eq(municipalAmendments.year, year), eq(municipalAmendments.sequence, sequence)));
}

/** The public site's code, and each page's own module (src/transparency/App.tsx names the same files). */
const SITE_MODULE = "src/transparency/App.tsx";
const pageModule = (name: string) => `src/transparency/pages/${name}.tsx`;
/** A page's code, the municipality's JSON (which the site's frame asks for first) and the page's own first requests. */
const portalPreload = (slug: string, page: string | null, data: string[]) => ({
  modules: [SITE_MODULE, ...(page ? [pageModule(page)] : [])],
  data: [municipalityUrl(slug), ...data],
});

/** The records behind each list section of the portal. */
const LIST_PATHS: Record<string, PublicListPath> = {
  "transactions-imposition": "imposition-transfers",
  "transactions-voluntary": "voluntary-transfers",
  "emendas-municipais": "municipal-amendments",
};

/**
 * What a page asks for as it opens, built with the pages' own URL functions: a record and its trail; a
 * list's filter choices and, opened with no search, filter, sort or page in its address, its first
 * page; a page's dataset. The dashboard's year and a list's query are the page's to read, so those wait.
 */
function firstViewData(slug: string, section: string, nr: string | undefined, query: string, showsTotals: boolean): string[] {
  const list = LIST_PATHS[section];
  if (list && nr) return [recordUrl(slug, list, nr), ...(list === "imposition-transfers" ? [moneyTrailUrl(slug, nr)] : [])];
  if (list) return [listOptionsUrl(slug, list), ...(query ? [] : [listPageUrl(slug, list, 1)]), ...(list === "municipal-amendments" ? [pageDataUrl.councillors(slug)] : [])];
  if (section === "dados-abertos") return [pageDataUrl.datasets(slug)];
  if (section === "indicadores-fiscais") return [pageDataUrl.fiscalIndicators(slug)];
  if (section === "") return showsTotals ? [pageDataUrl.summary(slug)] : [];
  return [];
}

/** The portals' root (`/transparency`): the list of published portals. */
const ROOT = {
  status: 200,
  title: `${t.root.title} – ${t.siteName}`,
  description: t.root.description,
  preload: { modules: [SITE_MODULE, pageModule("portals")], data: ["/api/public/portals"] },
};

/**
 * The status, title and description of a public transparency page, answered by the server itself
 * so that search engines and link previews (which run no JavaScript) see each municipality's page,
 * and every answer's status matches what the page shows: an unknown slug, a closed portal, a
 * section the municipality does not publish and a transfer it does not publish (or that does not
 * exist) are real 404s. A slug written in capitals, or with a trailing slash, is sent (308) to its
 * one canonical address. Null for any other path.
 */
export async function describePublicPage(db: Db, pathname: string, query = ""): Promise<PageHead | null> {
  if (pathname === "/transparency" || pathname === "/transparency/") return ROOT;
  const match = PUBLIC_PAGE.exec(pathname);
  if (!match) return null;
  const canonical = canonicalPath(pathname);
  if (!isKnownAppPath(canonical)) return null;
  const [, rawSlug, rawSection, nr] = match;
  const slug = rawSlug.toLowerCase();
  const section = rawSection?.toLowerCase();
  const [company] = await db
    .select({ id: companies.id, name: companies.name, uf: companies.uf, transparency: companies.transparency })
    .from(companies)
    .where(and(eq(companies.slug, slug), eq(companies.publicPortalEnabled, true)))
    .limit(1);
  if (!company) return { status: 404, title: pageNotFoundMessage(pathname), description: t.notFoundDescription };
  if (canonical !== pathname) return { status: 308, location: canonical, title: "", description: "" };
  const who = t.prefecture(t.municipalityOf(company.name, company.uf));
  const title = (page: string | null) => `${page ? `${page} | ` : ""}${who} – ${t.siteName}`;
  // `module`: the list's page; `detail`: the page of one record of that section (null: the home, in the site's own code).
  const pages: Record<string, { title: string; description: string; section?: TransparencySection; module: string | null; detail?: string }> = {
    "": { title: title(null), description: t.home.description(company.name, company.uf), module: null },
    dashboard: { title: title(t.dashboard.title), description: t.dashboard.description(company.name), section: "dashboard", module: "dashboard" },
    "indicadores-fiscais": { title: title(t.fiscal.title), description: t.fiscal.description(company.name), section: "fiscalIndicators", module: "fiscal-indicators" },
    "transactions-imposition": { title: title(t.imposition.title), description: t.imposition.description(company.name), section: "impositionTransfers", module: "imposition-list", detail: "imposition-detail" },
    "transactions-voluntary": { title: title(t.voluntary.title), description: t.voluntary.description(company.name), section: "voluntaryTransfers", module: "voluntary-list", detail: "voluntary-detail" },
    // Every open portal publishes its municipal emendas (ADPF 854): no section switch.
    "emendas-municipais": { title: title(m.title), description: m.description(company.name), module: "municipal-amendment-list", detail: "municipal-amendment-detail" },
    "dados-abertos": { title: title(t.openData.title), description: t.openData.description(company.name), module: "open-data" },
  };
  const page = pages[section ?? ""];
  if (!page) return null;
  const settings = transparencyOf(company.transparency);
  if (page.section && !settings.sections[page.section]) {
    return { status: 404, title: title(t.sectionHidden.title), description: t.sectionHidden.message(t.sectionNames[page.section], company.name) };
  }
  if (nr && section && !(await recordExists(db, company.id, section, nr))) {
    const missing = section === "emendas-municipais" ? m.detail.notFound : t.detail.notFound;
    return { status: 404, title: title(missing), description: t.notFoundExplanation };
  }
  const preload = portalPreload(slug, nr ? (page.detail ?? null) : page.module, firstViewData(slug, section ?? "", nr, query, settings.sections.dashboard));
  if (nr && section === "emendas-municipais") {
    const name = m.detail.title(nr.replace("-", "/"));
    return { status: 200, title: title(name), description: `${name}: autor, objeto, plano de trabalho, etapas e pagamentos – ${company.name}.`, preload };
  }
  if (nr) {
    const name = section === "transactions-imposition" ? t.detail.impositionTitle(nr) : t.detail.voluntaryTitle(nr);
    return { status: 200, title: title(name), description: t.detail.description(name, company.name, settings.showPayments), preload };
  }
  return { status: 200, title: page.title, description: page.description, preload };
}
