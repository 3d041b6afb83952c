import { Route } from "react-router";
import { UserOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";
import { lazyRoute } from "@/lib/updates/lazy-route";

const ProfilePage = lazyRoute(() => import("./profile"));

/** Perfil (spec section 2): any signed-in user's own name, e-mail, password and avatar. Reached from the header. */
export const profileArea: AdminArea = {
  resources: [{ name: "profile", list: "/admin/profile", meta: { label: "Perfil", icon: <UserOutlined />, hide: true, guard: "user-only" } }],
  routes: <Route path="/admin/profile" element={<ProfilePage />} />,
};
