import { Navigate, useSearchParams } from "react-router";
import { NavigateKeepingQuery } from "@/components/navigate-keeping-query";
import { useGetIdentity } from "@refinedev/core";
import type { SessionUser } from "@/domain/auth";
import { LOGIN_PATH, homePathOf } from "@/providers/auth-provider";

/**
 * Where the login page sends someone already signed in: the `to` it was opened with (as the login
 * itself does), else the dashboard.
 *
 * Right after a sign-in, the login has already sent the person on (the address bar has left the login
 * while the next page renders) and Refine checks the session again 32 ms later: this guard then sees a
 * session while the login is still on screen. Navigating once more would be a second navigation that
 * a slow phone commits after the person has already clicked elsewhere, taking them back. So it only
 * navigates while the address is still the login's.
 */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  const { data: me } = useGetIdentity<SessionUser>();
  if (window.location.pathname !== LOGIN_PATH) return null;
  const to = params.get("to");
  return <Navigate to={to?.startsWith("/admin") ? to : homePathOf(me?.customClaims.role)} replace />;
}

/** /admin itself: the signed-in person's home (the dashboard, or the Câmara's emendas). */
export function NavigateHome() {
  const { data: me, isLoading } = useGetIdentity<SessionUser>();
  if (isLoading) return null;
  return <NavigateKeepingQuery to={homePathOf(me?.customClaims.role)} />;
}
