import { BookOutlined, LinkOutlined, ReadOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/** The consultancy's library, read by every signed-in user (spec section 2: blog, legislation, useful links). */
export const contentAreas = [
  defineAdminResource({
    screens: "blog-posts",
    label: "content.menu.blog",
    icon: <ReadOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    pages: { list: () => import("./blog-list"), show: () => import("./blog-show") },
  }),
  defineAdminResource({
    screens: "legislations",
    label: "content.menu.legislations",
    icon: <BookOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    pages: { list: () => import("./legislations") },
  }),
  defineAdminResource({
    screens: "useful-links",
    label: "content.menu.usefulLinks",
    icon: <LinkOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    pages: { list: () => import("./useful-links") },
  }),
];
