import type { Company } from "@/domain/companies";
import { AUTH_COMP, carriesAuthComp, formatAuthComp } from "@/lib/auth-comp";

/** Where choosing a company leads: the same screen with the new authComp, or the dashboard from screens that do not carry it. */
export function switchTarget(pathname: string, company: Pick<Company, "id" | "cnpj"> | null): string {
  const target = carriesAuthComp(pathname) ? pathname : "/admin/dashboard";
  return company ? `${target}?${AUTH_COMP}=${formatAuthComp(company.id, company.cnpj)}` : target;
}
