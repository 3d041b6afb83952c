/**
 * The admin app's first load without the waterfall (issue 12, item 7). The entry script runs this
 * before the admin code has arrived: for a visit that may be signed in it asks for the session, the
 * page's data and the page's code at once, beside the app's own code. The HTTP client then takes
 * those answers (src/lib/prefetch.ts) instead of asking again once the page mounts. For a visit with
 * the session's cookies, the server has already announced the same URLs in the HTML as preloads
 * (server/admin-head.ts, same table: src/domain/first-load.ts), so these fetches take the browser's
 * preloaded answers, asked for while this script was still downloading.
 *
 * Only the screens people open first are here; any other path loads as before. This module is part
 * of the entry script: it imports nothing heavier than the route's `import()`.
 */
import { companyHeaders } from "@/lib/auth-comp";
import { prefetch, prefetchCarried } from "@/lib/prefetch";
import { CARRIED_ANSWERS_META, CARRIED_ANSWER_ATTRIBUTE } from "@/domain/first-paint";
import { mayHaveSession } from "@/lib/session-hint";
import { FIRST_LOAD_PAGES, SESSION_REQUEST, firstLoadPageAt, opensUnfiltered } from "@/domain/first-load";

export { SESSION_REQUEST } from "@/domain/first-load";

export interface FirstLoad {
  /** The GETs the page sends when it opens with no filter in the URL, as its data provider builds them. */
  requests: string[];
  /** The page's module (the same `import()` its route declares, so the same chunk). */
  code: () => Promise<unknown>;
}

/** Each first-load page's module (src/domain/first-load.ts names them as the build's manifest does) as its route imports it. */
const CODE: Record<string, () => Promise<unknown>> = {
  "src/pages/dashboard/index.tsx": () => import("@/pages/dashboard"),
  "src/resources/transfers/list.tsx": () => import("@/resources/transfers/list"),
};

export const FIRST_LOADS: Record<string, FirstLoad> = Object.fromEntries(
  Object.entries(FIRST_LOAD_PAGES).map(([path, page]) => [path, { requests: page.requests, code: CODE[page.module] }]),
);

interface Where {
  pathname: string;
  search: string;
}

/** What the first load asks for at `where`: nothing for a visitor without a session. */
export function firstRequests(where: Where, cookie: string | undefined): { requests: string[]; code?: FirstLoad["code"] } {
  if (!mayHaveSession(cookie)) return { requests: [] };
  const page = firstLoadPageAt(where.pathname);
  if (!page) return { requests: [SESSION_REQUEST] };
  // Filters, sort or page in the URL make other requests: only the session and the code go early.
  return { requests: [SESSION_REQUEST, ...(opensUnfiltered(where.search) ? page.requests : [])], code: CODE[page.module] };
}

/** The answers this HTML says it carries at its end (server/spa.ts writes the meta tag in the head). */
export function carriedAnswers(doc: Document): Set<string> {
  const content = doc.querySelector(`meta[name="${CARRIED_ANSWERS_META}"]`)?.getAttribute("content") ?? "";
  return new Set(content.split(" ").filter(Boolean));
}

/** Called once by the entry script, before the first render, with the admin app's own `import()` (the app's code before the page's). */
export function startFirstLoad(loadApp: () => Promise<unknown>, where: Where = window.location, cookie: string = document.cookie, doc: Document = document): void {
  if (!where.pathname.startsWith("/admin") && where.pathname !== "/") return;
  const { requests, code } = firstRequests(where, cookie);
  const headers = companyHeaders(where.search);
  const carried = carriedAnswers(doc);
  // The small data requests first: the server answers them while the code downloads; an answer the
  // HTML carries is read from its end, not asked for again.
  for (const url of requests) {
    if (carried.has(url)) prefetchCarried(url, CARRIED_ANSWER_ATTRIBUTE, headers, doc);
    else prefetch(url, headers); // the client names the company on every request, the session's too
  }
  // The page's code before the app's: the app's loader also asks for antd's stylesheets, and a
  // browser opens only 6 connections to one server (HTTP/1.1), so the page's scripts would wait behind them.
  void code?.().catch(() => undefined); // a failed chunk is retried (and reported) by the route itself
  void loadApp().catch(() => undefined); // the lazy route reports a failure
}
