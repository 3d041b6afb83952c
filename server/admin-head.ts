import { ADMIN_APP_MODULE, SESSION_REQUEST, firstLoadPageAt } from "../src/domain/first-load";
import { passesGuard } from "../src/domain/guards";
import { mustAcceptTerms } from "./auth/terms";
import { SESSION_HINT_COOKIE, type SessionStore } from "./auth/session";
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
 * Only for a valid session (the cookie is httpOnly and comes with the HTML's request): a visitor without
 * one gets the page as it is, announcing nothing. The links are only addresses; each answer still needs
 * the cookie. No data is announced when the person will not see the page's data: terms not accepted
 * (the SPA shows the sign-in), a role outside the page's guard, or a URL with filters or a chosen client
 * (the SPA then asks for other URLs, or sends the client in a header that a preload cannot carry).
 */
export async function adminPreload(visit: AdminVisit, sessions: Pick<SessionStore, "read">): Promise<PagePreload | null> {
  const { pathname, search, cookies } = visit;
  // The entry script asks for nothing without the page-readable hint (src/lib/session-hint.ts): an announced answer would go unused.
  if (!isAdminScreen(pathname) || cookies[SESSION_HINT_COOKIE] !== "1") return null;
  // Read only for an admin screen; the store keeps it for the moment, so the app's own requests that follow skip the lookup.
  const user = await sessions.read(cookies[visit.sessionCookie]);
  if (!user || mustAcceptTerms(user)) return null;
  const found = firstLoadPageAt(pathname);
  const page = found && passesGuard(user.role, found.guard) ? found : undefined;
  // Any query (a filter, a page, the chosen client) changes the requests or their headers: code only.
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
