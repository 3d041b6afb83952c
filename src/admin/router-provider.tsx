import { forwardRef, type ComponentProps } from "react";
import { useLocation } from "react-router";
import baseRouterProvider from "@refinedev/react-router";
import type { GoConfig, RouterProvider } from "@refinedev/core";
import { AUTH_COMP, authCompFromSearch, carriesAuthComp, withAuthComp } from "@/lib/auth-comp";

type LinkProps = ComponentProps<NonNullable<RouterProvider["Link"]>>;
const BaseLink = baseRouterProvider.Link!;

/** Refine's Link, carrying authComp from the current route onto the target (spec section 2). */
const AuthCompLink = forwardRef<HTMLAnchorElement, LinkProps>(function AuthCompLink(props, ref) {
  const { search } = useLocation();
  return <BaseLink {...props} to={withAuthComp(props.to, search)} ref={ref} />;
});

/** Adds authComp to a go() call's query unless the target is excluded or already has one. */
export function goWithAuthComp(config: GoConfig, search: string): GoConfig {
  const current = authCompFromSearch(search);
  if (!current || typeof config.to !== "string") return config;
  const pathname = new URL(config.to, "http://x").pathname;
  if (!carriesAuthComp(pathname) || config.to.includes(`${AUTH_COMP}=`) || config.query?.[AUTH_COMP]) return config;
  return { ...config, query: { ...config.query, [AUTH_COMP]: current } };
}

/** The react-router provider with authComp carried on every admin navigation and link. */
export const routerProvider: RouterProvider = {
  ...baseRouterProvider,
  go: () => {
    const go = baseRouterProvider.go!();
    // The address bar at the moment of the call, not the rendered location: react-router renders a
    // navigation in a transition, so right after switching the company (a heavy re-render on a slow
    // phone) a menu click would otherwise still see the old query and drop the new authComp.
    return (config: GoConfig) => go(goWithAuthComp(config, window.location.search));
  },
  Link: AuthCompLink,
};
