/**
 * The public API's addresses, in one place for the pages that ask for them and for the server that
 * names a page's first requests in its HTML (server/public-head.ts): a preload is then, by
 * construction, the very request the page makes, and the browser reuses its answer.
 */

/** Rows on a page of a public list. */
export const PAGE_SIZE = 20;

/** Where each list's records live, under `/api/public/{slug}/`. */
export type PublicListPath = "imposition-transfers" | "voluntary-transfers" | "municipal-amendments";

/** `/api/public/{slug}/{path}?{query}` without empty values. */
export function publicUrl(slug: string, path: string, query: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const qs = params.toString();
  return `/api/public/${encodeURIComponent(slug)}${path ? `/${path}` : ""}${qs ? `?${qs}` : ""}`;
}

/** The municipality's own answer (name, sections, menu), which the site's frame asks for first. */
export const municipalityUrl = (slug: string) => publicUrl(slug, "");

/** The filters' choices of a list. */
export const listOptionsUrl = (slug: string, path: PublicListPath) => publicUrl(slug, `${path}/options`);

/** One page of a list, with its search, filters and sort (none on a list opened from the menu). */
export const listPageUrl = (slug: string, path: PublicListPath, page: number, query: Record<string, string | undefined> = {}) =>
  publicUrl(slug, path, { ...query, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE });

/** One record of a list, by the number or identifier its address carries. */
export const recordUrl = (slug: string, path: PublicListPath, id: string) => publicUrl(slug, `${path}/${encodeURIComponent(id)}`);

/** Where a special transfer's money went after it reached the account ("Siga a emenda"). */
export const moneyTrailUrl = (slug: string, nr: string) => `${recordUrl(slug, "imposition-transfers", nr)}/trail`;

/** The other pages' data. */
export const pageDataUrl = {
  summary: (slug: string) => publicUrl(slug, "summary"),
  fiscalIndicators: (slug: string) => publicUrl(slug, "fiscal-indicators"),
  datasets: (slug: string) => publicUrl(slug, "datasets"),
  councillors: (slug: string) => publicUrl(slug, "municipal-amendments/councillors"),
};
