import type { IResourceItem, Action } from "@refinedev/core";
import { i18next } from "@/providers/i18n";
import { isKnownAppPath } from "@/domain/routes";

const DEFAULT_TITLE = "documentTitle.default";

/** Screens that are not a resource's own action, recognised by path: a transfer's payments. */
const PATH_TITLES: { pattern: RegExp; key: string }[] = [
  { pattern: /^\/admin\/transactions-(?:imposition|voluntary)\/info\/([^/]+)\/transaction-payment\/?$/, key: "documentTitle.payments.list" },
  { pattern: /^\/admin\/transactions-(?:imposition|voluntary)\/info\/([^/]+)\/transaction-payment\/create\/?$/, key: "documentTitle.payments.create" },
  { pattern: /^\/admin\/transactions-(?:imposition|voluntary)\/info\/([^/]+)\/transaction-payment\/[^/]+\/?$/, key: "documentTitle.payments.edit" },
];

function text(key: string, values: Record<string, string | undefined>): string | undefined {
  if (!i18next.exists(key)) return undefined;
  const found: unknown = i18next.t(key, { ...values, returnObjects: true });
  return typeof found === "string" && found ? found : undefined;
}

function decoded(value: string | undefined): string | undefined {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface DocumentTitleOptions {
  resource?: IResourceItem;
  action?: Action;
  params?: Record<string, string | undefined>;
  pathname?: string;
}

/**
 * Page titles (spec section 1: 'Nova cliente', 'Editar cliente', 'Clientes', ...): the text under
 * `documentTitle.<resource>.<action>` (or `documentTitle.<resource>`) with the route's `{{id}}`,
 * else a screen known by its path (payments, an unknown path's 404), else the resource's label,
 * else the product name.
 */
export function documentTitle({ resource, action, params, pathname }: DocumentTitleOptions): string {
  const name = resource?.identifier ?? resource?.name;
  // Refine's title handler gets the query's params, not the route's: a record's id is the last segment.
  const recordId = params?.id ?? (action === "show" || action === "edit" || action === "clone" ? pathname?.split("/").filter(Boolean).at(-1) : undefined);
  const values = { id: decoded(recordId) };
  const keys = name ? [`documentTitle.${name}.${action ?? "list"}`, `documentTitle.${name}`] : [];
  for (const key of keys) {
    const found = text(key, values);
    if (found) return found;
  }
  if (!name && pathname !== undefined) {
    for (const { pattern, key } of PATH_TITLES) {
      const match = pattern.exec(pathname);
      if (match) return text(key, { id: decoded(match[1]) }) ?? i18next.t(DEFAULT_TITLE);
    }
    if (!isKnownAppPath(pathname)) return i18next.t("documentTitle.notFound");
  }
  const label = resource?.meta?.label;
  return typeof label === "string" && label ? label : i18next.t(DEFAULT_TITLE);
}
