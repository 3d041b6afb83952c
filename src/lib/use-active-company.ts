import { useGetIdentity } from "@refinedev/core";
import { useLocation } from "react-router";
import type { SessionUser } from "@/domain/auth";
import { authCompFromSearch, parseAuthComp } from "./auth-comp";
import { actsAcrossClients } from "@/domain/guards";

export interface ActiveCompanyId {
  /** The company the screens act in: an ADMIN's authComp choice, everybody else's own; null for none. */
  companyId: number | null;
  role: SessionUser["customClaims"]["role"] | undefined;
  isLoading: boolean;
}

/** Which company the settings screens show: the same rule the server applies to the headers. */
export function useActiveCompanyId(): ActiveCompanyId {
  const { data: user, isLoading } = useGetIdentity<SessionUser>();
  const { search } = useLocation();
  const role = user?.customClaims.role;
  if (actsAcrossClients(role)) {
    const context = parseAuthComp(authCompFromSearch(search));
    const id = context ? Number(context.companyId) : NaN;
    return { companyId: Number.isInteger(id) && id > 0 ? id : null, role, isLoading };
  }
  return { companyId: user?.customClaims.companyId ?? null, role, isLoading };
}
