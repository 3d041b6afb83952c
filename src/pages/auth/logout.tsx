import { useEffect } from "react";
import { useLogout } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Spin } from "antd";

/**
 * /admin/auth/logout: ends the session and goes to the login page. The admin pages are already
 * unmounted here, so no query of theirs asks the server again with the revoked session; their cached
 * data goes too, so whoever signs in next in this tab never sees it.
 */
export default function LogoutPage() {
  const { mutate: logout } = useLogout();
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
    logout();
  }, [logout, queryClient]);
  return <Spin fullscreen tip="Saindo..." />;
}
