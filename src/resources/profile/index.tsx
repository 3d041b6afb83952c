import { UserOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../define-admin-resource";

/** Perfil (spec section 2): any signed-in user's own name, e-mail, password and avatar. Reached from the header. */
export const profileArea = defineAdminResource({
  screens: "profile",
  label: "header.profile",
  icon: <UserOutlined />,
  menu: false,
  guard: "user-only",
  pages: { list: () => import("./profile") },
});
