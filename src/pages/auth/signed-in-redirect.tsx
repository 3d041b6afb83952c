import { Navigate, useSearchParams } from "react-router";
import { HOME_PATH } from "@/providers/auth-provider";

/**
 * Where the login page sends someone already signed in: the `to` it was opened with (as the login
 * itself does), else the dashboard. Both agree, so the login's redirect and this guard, which can
 * fire in either order while the next page loads, never race to different screens.
 */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  const to = params.get("to");
  return <Navigate to={to?.startsWith("/admin") ? to : HOME_PATH} replace />;
}
