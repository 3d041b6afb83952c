import { useEffect } from "react";
import { useLogout } from "@refinedev/core";
import { Spin } from "antd";

/** /admin/auth/logout: ends the session and goes to the login page. */
export default function LogoutPage() {
  const { mutate: logout } = useLogout();
  useEffect(() => logout(), [logout]);
  return <Spin fullscreen tip="Saindo..." />;
}
