/**
 * authComp (spec sections 2 and 7): `?authComp={companyId}_{cnpj}` names the company an ADMIN acts in.
 * It rides along on every admin navigation except the companies area, login and logout.
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

/** Headers naming the active company, from authComp (spec section 7). */
export function companyHeaders(search: string): Record<string, string> {
  const context = parseAuthComp(authCompFromSearch(search));
  return context ? { "x-company-id": context.companyId, "x-company-cnpj": context.cnpj } : {};
}
