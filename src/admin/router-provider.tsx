import { forwardRef, useCallback, useContext, useMemo, type ComponentProps } from "react";
import { matchPath, useLocation, useParams } from "react-router";
import baseRouterProvider from "@refinedev/react-router";
import { QS_PARSE_DEPTH, ResourceContext, matchResourceFromRoute, type GoConfig, type IResourceItem, type ParseResponse, type RouterProvider } from "@refinedev/core";
import qs from "qs";
import { goWithAuthComp, withAuthComp } from "@/lib/auth-comp";

type LinkProps = ComponentProps<NonNullable<RouterProvider["Link"]>>;
const BaseLink = baseRouterProvider.Link!;

/** Refine's Link, carrying authComp from the current route onto the target (spec section 2). */
const AuthCompLink = forwardRef<HTMLAnchorElement, LinkProps>(function AuthCompLink(props, ref) {
  const { search } = useLocation();
  return <BaseLink {...props} to={withAuthComp(props.to, search)} ref={ref} />;
});

/** Kept here for the tests that import it with the provider: the rule lives in src/lib/auth-comp.ts. */
export { goWithAuthComp };

type ResourceMatch = ReturnType<typeof matchResourceFromRoute>;
const matches = new WeakMap<IResourceItem[], Map<string, ResourceMatch>>();
/** Paths remembered per list of resources: a long session visits thousands of record pages, each its own path. */
const REMEMBERED_PATHS = 64;

/**
 * Which resource and action a path is, once per path. Refine's react-router binding matches the path
 * against every route of every resource in each hook that parses the location, dozens of times on a
 * screen: about 40 ms of a first load's script on a desktop, four times that on a phone.
 */
export function matchResource(pathname: string, resources: IResourceItem[]): ResourceMatch {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) {
    if (byPath.size >= REMEMBERED_PATHS) byPath.delete(byPath.keys().next().value!); // the oldest
    byPath.set(pathname, (match = matchResourceFromRoute(pathname, resources)));
  }
  return match;
}

const toNumberIfNumeric = (value: unknown) => (typeof value === "string" && `${Number(value)}` === value ? Number(value) : value);

/** @refinedev/react-router's parse, with the resource match shared by every hook (matchResource). */
function useParse() {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchResource(pathname, resources);
  const params = useMemo(() => (Object.keys(routeParams).length === 0 && matchedRoute ? (matchPath(matchedRoute, pathname)?.params ?? {}) : routeParams), [routeParams, matchedRoute, pathname]);
  return useCallback((): ParseResponse => {
    const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: { ...combined, currentPage: toNumberIfNumeric(combined.currentPage) as number | undefined, pageSize: toNumberIfNumeric(combined.pageSize) as number | undefined, to: typeof combined.to === "string" ? decodeURIComponent(combined.to) : undefined },
    };
  }, [pathname, search, params, resource, action]);
}

/** The react-router provider with authComp carried on every admin navigation and link, and the location parsed once per path. */
export const routerProvider: RouterProvider = {
  ...baseRouterProvider,
  go: () => {
    const go = baseRouterProvider.go!();
    // The address bar at the moment of the call, not the rendered location: react-router renders a
    // navigation in a transition, so right after switching the company (a heavy re-render on a slow
    // phone) a menu click would otherwise still see the old query and drop the new authComp.
    return (config: GoConfig) => go(goWithAuthComp(config, window.location.search));
  },
  parse: useParse,
  Link: AuthCompLink,
};
