import { Navigate, useLocation } from "react-router";

/** A redirect (e.g. a section's index to its first tab) that keeps the query, and with it authComp. */
export function NavigateKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}
