import type { ReactNode } from "react";
import { useGetIdentity } from "@refinedev/core";
import { Spin } from "antd";
import type { SessionUser } from "@/domain/auth";
import { passesGuard, type Guard } from "@/domain/guards";
import { ErrorPage } from "@/components/error-page";

/** Route guard (spec section 6): children for roles that pass, the 403 screen for the rest. */
export function RequireGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { data: user, isLoading } = useGetIdentity<SessionUser>();
  if (isLoading) return <Spin style={{ display: "block", margin: "64px auto" }} />;
  return passesGuard(user?.customClaims.role, guard) ? children : <ErrorPage status={403} />;
}
