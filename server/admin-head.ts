import { ADMIN_APP_MODULE, SESSION_REQUEST, firstLoadPageAt } from "../src/domain/first-load";
import { SESSION_HINT_COOKIE } from "./auth/session";
import type { PagePreload } from "./spa";

/** The HTML request of an admin visit: its path (decoded), its query (with `?`, or "") and its cookies. */
export interface AdminVisit {
  pathname: string;
  search: string;
  cookies: Record<string, string | undefined>;
  /** The httpOnly session cookie's name (configuration). */
  sessionCookie: string;
}

/** The admin screens a signed-in visit opens (the sign-in pages and the public site are not). */
const isAdminScreen = (pathname: string) => pathname === "/" || (/^\/admin(\/|$)/.test(pathname) && !pathname.startsWith("/admin/auth/"));

/**
 * What a signed-in admin visit will ask for as soon as its entry script runs (src/admin/first-load.ts),
 * for the HTML to announce (issue 36, item 7): the admin app's code and antd's sheets, the page's code,
 * the session and the page's first data. The browser then asks for all of it while the entry script
 * downloads, instead of after it has run.
 *
 * The rule is the entry script's own, from the cookies alone, so every announced answer is the one
 * the entry's fetch() then takes (an unused preload is a console warning and wasted bandwidth): the
 * session cookie (httpOnly, it comes with the HTML's request) and its page-readable hint. The session
 * is not looked up: the HTML would wait for the database, and the links are only addresses, each
 * answer still needing a valid cookie. A visitor without a session gets the page as it is. No data is
 * announced when the URL has a query: filters ask for other URLs, and a chosen client (authComp) goes
 * in a header that a preload cannot carry, so its answer would be another company's.
 */
export function adminPreload(visit: AdminVisit): PagePreload | null {
  const { pathname, search, cookies } = visit;
  if (!isAdminScreen(pathname) || !cookies[visit.sessionCookie] || cookies[SESSION_HINT_COOKIE] !== "1") return null;
  const page = firstLoadPageAt(pathname);
  const plain = search === "" || search === "?";
  return {
    modules: [ADMIN_APP_MODULE, ...(page ? [page.module] : [])],
    data: plain ? [SESSION_REQUEST, ...(page?.requests ?? [])] : [],
    antdStyleSheets: true,
    dataFirst: true,
  };
}

/** The query of a request's URL, with its `?` ("" without one). */
export const searchOf = (url: string): string => (url.includes("?") ? url.slice(url.indexOf("?")) : "");
