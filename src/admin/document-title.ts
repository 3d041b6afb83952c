import type { IResourceItem, Action } from "@refinedev/core";
import { i18next, type TranslationKey } from "@/providers/i18n";

const DEFAULT_TITLE = "documentTitle.default";

/**
 * Page titles (spec section 1: 'Nova cliente', 'Editar cliente', 'Clientes', ...): the text under
 * `documentTitle.<resource>.<action>` (or `documentTitle.<resource>`), else the resource's label,
 * else the product name.
 */
export function documentTitle({ resource, action }: { resource?: IResourceItem; action?: Action }): string {
  const name = resource?.identifier ?? resource?.name;
  const keys = name ? [`documentTitle.${name}.${action ?? "list"}`, `documentTitle.${name}`] : [];
  for (const key of keys) {
    // Keys built from the route's resource: checked with exists() rather than by type.
    const text: unknown = i18next.exists(key) ? i18next.t(key as TranslationKey, { returnObjects: true }) : undefined;
    if (typeof text === "string" && text) return text;
  }
  const label = resource?.meta?.label;
  return typeof label === "string" && label ? label : i18next.t(DEFAULT_TITLE);
}
