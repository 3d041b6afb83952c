import type { AccessControlProvider } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { passesGuard, type Guard } from "@/domain/guards";
import type { Role } from "@/domain/auth";
import { getSessionUser, knownSessionUser } from "../auth-provider/session";

/**
 * Resource meta says who may do what: `guard` for the whole area and `actionGuards` per action
 * (e.g. `{ create: "admin-only" }`). The role comes from the session user loaded once, so checks
 * are instant after the first and the menu does not flicker. The server enforces the same rules.
 */
export interface GuardMeta {
  guard?: Guard;
  actionGuards?: Partial<Record<string, Guard>>;
}

export function decide(role: Role | null, meta: GuardMeta | undefined, action: string): { can: boolean; reason?: string } {
  if (!role) return { can: false, reason: "Entre para continuar." };
  const guard = meta?.actionGuards?.[action] ?? meta?.guard ?? "user-only";
  return passesGuard(role, guard) ? { can: true } : { can: false, reason: "Você não tem permissão para esta ação." };
}

/** The same decision without waiting, once the session user is known (undefined before): a button's first paint. */
export function decideNow(meta: GuardMeta | undefined, action: string): { can: boolean; reason?: string } | undefined {
  const user = knownSessionUser();
  return user === undefined ? undefined : decide(user?.customClaims.role ?? null, meta, action);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ action, params }) => {
    const user = await getSessionUser();
    return decide(user?.customClaims.role ?? null, params?.resource?.meta as GuardMeta | undefined, action);
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    queryOptions: { staleTime: Infinity, placeholderData: keepPreviousData },
  },
};
