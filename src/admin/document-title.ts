import type { IResourceItem, Action } from "@refinedev/core";
import { i18next, type TranslationKey } from "@/providers/i18n";
import { matchPath } from "react-router";
import { isKnownAppPath } from "@/domain/routes";

const DEFAULT_TITLE = "documentTitle.default";

function text(key: string, values: Record<string, string | undefined>): string | undefined {
  if (!i18next.exists(key)) return undefined;
  // Keys built from the route's resource: checked with exists() rather than by type.
  const found: unknown = i18next.t(key as TranslationKey, { ...values, returnObjects: true });
  return typeof found === "string" && found ? found : undefined;
}

function decoded(value: string | undefined): string | undefined {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The route's parameters, read from the path with the resource's own pattern for the action:
 * Refine's title handler is given the query's parameters, which do not hold them.
 */
function routeParams(resource: IResourceItem | undefined, action: Action | undefined, pathname: string | undefined): Record<string, string | undefined> {
  const route = action && action !== "clone" ? resource?.[action] : undefined;
  if (typeof route !== "string" || pathname === undefined) return {};
  // `end: false`: a page's tabs (nested paths) carry the page's parameters too.
  return matchPath({ path: route, end: false }, pathname)?.params ?? {};
}

export interface DocumentTitleOptions {
  resource?: IResourceItem;
  action?: Action;
  params?: Record<string, string | undefined>;
  pathname?: string;
}

/**
 * Page titles (spec section 1: 'Nova cliente', 'Editar cliente', 'Clientes', ...): the text under
 * `documentTitle.<resource>.<action>` (or `documentTitle.<resource>`) with the route's parameters
 * (`{{id}}`, `{{NR_TRANSFER}}`...), else 'Página não encontrada' for an unknown path, else the
 * resource's label, else the product name.
 */
export function documentTitle({ resource, action, params, pathname }: DocumentTitleOptions): string {
  const name = resource?.identifier ?? resource?.name;
  // The route's parameters (`{{id}}`, `{{NR_TRANSFER}}`...); without a pattern, a record's id is the last segment.
  const fromRoute = { ...params, ...routeParams(resource, action, pathname) };
  const recordId = fromRoute.id ?? (action === "show" || action === "edit" || action === "clone" ? pathname?.split("/").filter(Boolean).at(-1) : undefined);
  const values = {
    ...Object.fromEntries(Object.entries(fromRoute).map(([param, value]) => [param, typeof value === "string" ? decoded(value) : undefined])),
    id: decoded(recordId),
  };
  const keys = name ? [`documentTitle.${name}.${action ?? "list"}`, `documentTitle.${name}`] : [];
  for (const key of keys) {
    const found = text(key, values);
    if (found) return found;
  }
  if (!name && pathname !== undefined) {
    if (!isKnownAppPath(pathname)) return i18next.t("documentTitle.notFound");
  }
  const label = resource?.meta?.label;
  return typeof label === "string" && label ? label : i18next.t(DEFAULT_TITLE);
}
