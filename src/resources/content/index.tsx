import { lazyRoute } from "@/lib/updates/lazy-route";
import { Route } from "react-router";
import { BookOutlined, LinkOutlined, ReadOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";
import { RequireGuard } from "@/admin/require-guard";
import { MENU_GROUP } from "../menu-groups";

const BlogList = lazyRoute(() => import("./blog-list"));
const BlogShow = lazyRoute(() => import("./blog-show"));
const LegislationList = lazyRoute(() => import("./legislations"));
const UsefulLinkList = lazyRoute(() => import("./useful-links"));

/** The consultancy's library, read by every signed-in user (spec section 2: blog, legislation, useful links). */
export const contentArea: AdminArea = {
  resources: [
    {
      name: "blog-posts",
      list: "/admin/blog",
      show: "/admin/blog/:id",
      meta: { label: "Blog", labelKey: "content.menu.blog", icon: <ReadOutlined />, guard: "user-only", parent: MENU_GROUP.content },
    },
    {
      name: "legislations",
      list: "/admin/legislations",
      meta: { label: "Legislação", labelKey: "content.menu.legislations", icon: <BookOutlined />, guard: "user-only", parent: MENU_GROUP.content },
    },
    {
      name: "useful-links",
      list: "/admin/useful-links",
      meta: { label: "Links úteis", labelKey: "content.menu.usefulLinks", icon: <LinkOutlined />, guard: "user-only", parent: MENU_GROUP.content },
    },
  ],
  routes: (
    <>
      <Route path="/admin/blog" element={<RequireGuard guard="user-only"><BlogList /></RequireGuard>} />
      <Route path="/admin/blog/:postId" element={<RequireGuard guard="user-only"><BlogShow /></RequireGuard>} />
      <Route path="/admin/legislations" element={<RequireGuard guard="user-only"><LegislationList /></RequireGuard>} />
      <Route path="/admin/useful-links" element={<RequireGuard guard="user-only"><UsefulLinkList /></RequireGuard>} />
    </>
  ),
};
