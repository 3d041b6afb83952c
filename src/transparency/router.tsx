/**
 * The public site's routing, on wouter (about 2.5 KB gzipped) rather than React Router (about 14 KB),
 * which the admin keeps because Refine is built on it. The public site's first view has a budget of
 * 100 KB of gzipped JavaScript (issue 34), React and React DOM take 69 of them, and React Router was
 * the largest part of the rest. Every public screen takes its links, parameters and navigation from
 * this file, so the site has one way to route and the choice lives in one place.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link as RouterLink, Redirect, useLocation } from "wouter";

export { Route, Switch, useParams, useSearchParams } from "wouter";

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { children?: ReactNode };

/** The path being shown (no query). */
export function usePathname(): string {
  return useLocation()[0];
}

/** Moves to another address of the site without reloading; `replace` keeps the history as it was. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useLocation()[1];
}

/** A link inside the public site: an ordinary `<a href>` (it works without JavaScript too) that navigates in place. */
export function Link({ to, ...anchor }: AnchorProps & { to: string }) {
  return <RouterLink href={to} {...anchor} />;
}

/** Whether `to` is the page shown (`end`) or one of its subpages. */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  return pathname === to || (!end && pathname.startsWith(`${to}/`));
}

/** A menu link that tells assistive technology which section is open (`aria-current="page"`). */
export function NavLink({ to, end, ...anchor }: AnchorProps & { to: string; end?: boolean }) {
  const current = isCurrent(usePathname(), to, end);
  return <RouterLink href={to} aria-current={current ? "page" : undefined} {...anchor} />;
}

/** Replaces the address as soon as it renders (a page past the end of a list goes to its last page). */
export function Navigate({ to, replace = true }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}
