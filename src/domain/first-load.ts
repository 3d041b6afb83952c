/**
 * What a signed-in admin visit asks for first, shared by the two sides that start it early (issue 12
 * item 7, issue 36 item 7): the server writes it into the HTML as preload links (server/admin-head.ts),
 * and the entry script asks for the same URLs with fetch() (src/admin/first-load.ts), which then takes
 * the browser's preloaded answers. Plain data: the entry script and the server both import it.
 */
import { TRANSFER_LIST_SORT } from "../resources/transfers/list-defaults";

/** The admin app's own module (the build's manifest key), loaded on every admin visit. */
export const ADMIN_APP_MODULE = "src/admin/App.tsx";

/** The session's request: every signed-in admin screen asks for it before anything else. */
export const SESSION_REQUEST = "/api/auth/me";

export interface FirstLoadPage {
  /** The GETs the page sends when it opens with no filter in the URL, as its data provider builds them. */
  requests: string[];
  /** The page's module as the build's manifest names it (its route's `import()` is the same file). */
  module: string;
}

/** A transfer list's first page as Refine asks for it (simple-rest: page 1 of 10 in the list's order, no filter) and its totals. */
const firstPage = (resource: string): string[] => [
  `/api/${resource}?_start=0&_end=10&_sort=${TRANSFER_LIST_SORT.field}&_order=${TRANSFER_LIST_SORT.order}`,
  `/api/${resource}/totals`,
];
const TRANSFER_LIST_MODULE = "src/resources/transfers/list.tsx";
const transferList = (resource: string): FirstLoadPage => ({ requests: firstPage(resource), module: TRANSFER_LIST_MODULE });
/** The dashboard's figures: the answer its HTML also carries (server/dashboard/first-paint.ts). */
export const DASHBOARD_SUMMARY_REQUEST = "/api/dashboard/summary";
const dashboard: FirstLoadPage = { requests: [DASHBOARD_SUMMARY_REQUEST, "/api/programs/open?_end=1"], module: "src/pages/dashboard/index.tsx" };

/** Only the screens people open first; any other path loads as before. */
export const FIRST_LOAD_PAGES: Record<string, FirstLoadPage> = {
  "/": dashboard,
  "/admin": dashboard,
  "/admin/dashboard": dashboard,
  "/admin/transactions-imposition": transferList("imposition-transfers"),
  "/admin/transactions-voluntary": transferList("voluntary-transfers"),
  "/admin/transactions-fund-to-fund": transferList("fund-to-fund-transfers"),
};

/** The first-load page at `pathname` (a trailing slash is the same page). */
export function firstLoadPageAt(pathname: string): FirstLoadPage | undefined {
  return FIRST_LOAD_PAGES[pathname.replace(/\/+$/, "") || "/"];
}

/** Filters, sort or page in the URL make other requests than the page's first ones: only the chosen client (authComp) may be there. */
export function opensUnfiltered(search: string): boolean {
  return [...new URLSearchParams(search).keys()].every((key) => key === "authComp");
}
