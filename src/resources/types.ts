import type { ResourceProps } from "@refinedev/core";
import type { GuardMeta } from "@/providers/access-control";
import type { TranslationKey } from "@/providers/i18n";

/** Resource meta the app understands: Refine's own plus guards and the menu group. */
export type AdminResourceMeta = NonNullable<ResourceProps["meta"]> &
  GuardMeta & {
    /** i18n key of the menu label. */
    labelKey?: TranslationKey;
  };

export interface AdminResource extends ResourceProps {
  meta?: AdminResourceMeta;
}
