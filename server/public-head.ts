import { publicMunicipalAmendments as m } from "../src/domain/labels/public-municipal-amendments";
import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { companies } from "./db/schema";
import { isKnownAppPath } from "../src/domain/routes";
import { transparency as t } from "../src/domain/labels/transparency";
import type { PageHead } from "./spa";
import { transparencyOf, type TransparencySection } from "../src/domain/companies";

const PUBLIC_PAGE = /^\/transparency\/([^/]+)(?:\/([^/]+))?(?:\/info\/([^/]+))?\/?$/;

/**
 * The status, title and description of a public transparency page, answered by the server itself
 * so that search engines and link previews (which run no JavaScript) see each municipality's page,
 * and an unknown slug is a real 404, and so is a section the municipality does not publish (its
 * transparency settings are in the same row, so that costs nothing). Null for any other path.
 */
export async function describePublicPage(db: Db, pathname: string): Promise<PageHead | null> {
  const match = PUBLIC_PAGE.exec(pathname);
  if (!match || !isKnownAppPath(pathname)) return null;
  const [, slug, section, nr] = match;
  const [company] = await db
    .select({ name: companies.name, uf: companies.uf, transparency: companies.transparency })
    .from(companies)
    .where(and(eq(companies.slug, slug.toLowerCase()), eq(companies.publicPortalEnabled, true)))
    .limit(1);
  if (!company) return { status: 404, title: `Page not found: ${pathname}`, description: t.notFoundDescription };
  const who = t.prefecture(t.municipalityOf(company.name, company.uf));
  const title = (page: string | null) => `${page ? `${page} | ` : ""}${who} – ${t.siteName}`;
  const pages: Record<string, { title: string; description: string; section?: TransparencySection }> = {
    "": { title: title(null), description: t.home.description(company.name, company.uf) },
    dashboard: { title: title(t.dashboard.title), description: t.dashboard.description(company.name), section: "dashboard" },
    "indicadores-fiscais": { title: title(t.fiscal.title), description: t.fiscal.description(company.name), section: "fiscalIndicators" },
    "transactions-imposition": { title: title(t.imposition.title), description: t.imposition.description(company.name), section: "impositionTransfers" },
    "transactions-voluntary": { title: title(t.voluntary.title), description: t.voluntary.description(company.name), section: "voluntaryTransfers" },
    // Every open portal publishes its municipal emendas (ADPF 854): no section switch.
    "emendas-municipais": { title: title(m.title), description: m.description(company.name) },
  };
  const page = pages[section ?? ""];
  if (!page) return null;
  const settings = transparencyOf(company.transparency);
  if (page.section && !settings.sections[page.section]) {
    return { status: 404, title: title(t.sectionHidden.title), description: t.sectionHidden.message(t.sectionNames[page.section], company.name) };
  }
  if (nr && section === "emendas-municipais") {
    const name = m.detail.title(nr.replace("-", "/"));
    return { status: 200, title: title(name), description: `${name}: autor, objeto, plano de trabalho, etapas e pagamentos – ${company.name}.` };
  }
  if (nr) {
    const name = section === "transactions-imposition" ? t.detail.impositionTitle(nr) : t.detail.voluntaryTitle(nr);
    return { status: 200, title: title(name), description: t.detail.description(name, company.name, settings.showPayments) };
  }
  return { status: 200, title: page.title, description: page.description };
}
