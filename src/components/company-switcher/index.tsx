import { Suspense, lazy } from "react";
import { useGetIdentity } from "@refinedev/core";
import type { SessionUser } from "@/domain/auth";
import { actsAcrossClients } from "@/domain/guards";

export { switchTarget } from "./target";

const CompanySelect = lazy(() => import("./select"));

/** Holds the select's place while it loads, so the header does not jump. */
const placeholder = <div style={{ width: 150, height: 32 }} aria-hidden />;

/**
 * The header's company switcher (ADMIN only): sets ?authComp={id}_{cnpj}; 'Todos os clientes'
 * clears it. The select itself is a separate chunk, so other roles never download it.
 */
export function CompanySwitcher() {
  const { data: user } = useGetIdentity<SessionUser>();
  if (!actsAcrossClients(user?.customClaims.role)) return null;
  return (
    <Suspense fallback={placeholder}>
      <CompanySelect />
    </Suspense>
  );
}
