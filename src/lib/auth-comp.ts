/**
 * authComp (spec sections 2 and 7): `?authComp={companyId}_{cnpj}` names the company an ADMIN acts in.
 * It rides along on every admin navigation except the companies area, login and logout.
 *
 * This module is the product's one link builder (issue 30): `withAuthComp` for a path and
 * `goWithAuthComp` for a Refine navigation. The router provider (src/admin/router-provider.tsx) runs
 * every Refine `Link`, `useGo`, `useNavigation`, breadcrumb, button and after-save redirect through
 * them, so screens link with Refine's `Link` and navigate with `useGo`; eslint refuses react-router's
 * own `Link`, `Navigate` and `useNavigate` outside the few places that set or clear authComp themselves.
 */
export const AUTH_COMP = "authComp";

export interface CompanyContext {
  companyId: string;
  cnpj: string;
}

export function parseAuthComp(value: string | null | undefined): CompanyContext | null {
  if (!value) return null;
  const parts = value.split("_");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { companyId: parts[0], cnpj: parts[1] };
}

export function formatAuthComp(companyId: number | string, cnpj: string): string {
  return `${companyId}_${cnpj}`;
}

export function authCompFromSearch(search: string): string | null {
  return new URLSearchParams(search).get(AUTH_COMP);
}

const EXCLUDED = [/^\/admin\/companies(\/|$)/, /^\/admin\/auth\/(login|logout)(\/|$)/];

/** Whether a navigation to `pathname` carries authComp along. */
export function carriesAuthComp(pathname: string): boolean {
  return pathname.startsWith("/admin") && !EXCLUDED.some((re) => re.test(pathname));
}

/**
 * `to` with the current authComp added, when the current location has one, the target is an admin
 * path that carries it, and the target does not already name one.
 */
export function withAuthComp(to: string, currentSearch: string): string {
  const current = authCompFromSearch(currentSearch);
  if (!current) return to;
  const url = new URL(to, "http://x");
  if (!carriesAuthComp(url.pathname) || url.searchParams.has(AUTH_COMP)) return to;
  url.searchParams.set(AUTH_COMP, current);
  const absolute = /^[a-z]+:\/\//i.test(to);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

/** What a Refine navigation (`go(config)`) carries: a target path and the query Refine writes after it. */
export interface Navigation {
  to?: string;
  query?: Record<string, unknown>;
}

/**
 * A Refine navigation with the current authComp added, by the rule of `withAuthComp`. Refine writes
 * `query` after `to`, so authComp joins `query`, unless `to` has a query string of its own (a link
 * built as text, `/admin/quotes/create?projectId=5`), where it joins that one.
 */
export function goWithAuthComp<C extends Navigation>(config: C, search: string): C {
  const { to, query } = config;
  if (typeof to !== "string" || query?.[AUTH_COMP] !== undefined) return config;
  if (to.includes("?")) {
    const carried = withAuthComp(to, search);
    return carried === to ? config : { ...config, to: carried };
  }
  const current = authCompFromSearch(search);
  if (!current || !carriesAuthComp(new URL(to, "http://x").pathname)) return config;
  return { ...config, query: { ...query, [AUTH_COMP]: current } };
}

/** Headers naming the active company, from authComp (spec section 7). */
export function companyHeaders(search: string): Record<string, string> {
  const context = parseAuthComp(authCompFromSearch(search));
  return context ? { "x-company-id": context.companyId, "x-company-cnpj": context.cnpj } : {};
}
