import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { companies } from "./db/schema";
import { isKnownAppPath } from "../src/domain/routes";
import { transparency as t } from "../src/locales/pt-BR/transparency";
import type { PageHead } from "./spa";

const PUBLIC_PAGE = /^\/transparency\/([^/]+)(?:\/([^/]+))?(?:\/info\/([^/]+))?\/?$/;

/**
 * The status, title and description of a public transparency page, answered by the server itself
 * so that search engines and link previews (which run no JavaScript) see each municipality's page,
 * and an unknown slug is a real 404. Null for any other path.
 */
export async function describePublicPage(db: Db, pathname: string): Promise<PageHead | null> {
  const match = PUBLIC_PAGE.exec(pathname);
  if (!match || !isKnownAppPath(pathname)) return null;
  const [, slug, section, nr] = match;
  const [company] = await db
    .select({ name: companies.name, uf: companies.uf })
    .from(companies)
    .where(and(eq(companies.slug, slug.toLowerCase()), eq(companies.publicPortalEnabled, true)))
    .limit(1);
  if (!company) return { status: 404, title: `Page not found: ${pathname}`, description: t.notFoundDescription };
  const who = t.prefecture(t.municipalityOf(company.name, company.uf));
  const title = (page: string | null) => `${page ? `${page} | ` : ""}${who} – ${t.siteName}`;
  const pages: Record<string, { title: string; description: string }> = {
    "": { title: title(null), description: t.home.description(company.name, company.uf) },
    dashboard: { title: title(t.dashboard.title), description: t.dashboard.description(company.name) },
    "indicadores-fiscais": { title: title(t.fiscal.title), description: t.fiscal.description(company.name) },
    "transactions-imposition": { title: title(t.imposition.title), description: t.imposition.description(company.name) },
    "transactions-voluntary": { title: title(t.voluntary.title), description: t.voluntary.description(company.name) },
  };
  if (nr) {
    const name = section === "transactions-imposition" ? t.detail.impositionTitle(nr) : t.detail.voluntaryTitle(nr);
    return { status: 200, title: title(name), description: t.detail.description(name, company.name) };
  }
  return { status: 200, ...pages[section ?? ""] };
}
