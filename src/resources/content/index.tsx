import { BookOutlined, FileTextOutlined, ReadOutlined, SolutionOutlined } from "@ant-design/icons";
import type { ResourceFields } from "@/components/resource/fields";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages, writesBy, type PageLoader } from "../define-admin-resource";

type FieldsModule = typeof import("./fields");

/**
 * An area's pages: the generic ones over its field description (the category, the body and the file
 * are form parts in its slots), with a list of its own (the blog's cards, the tutorials' accordion).
 */
const pagesOf = (pick: (m: FieldsModule) => ResourceFields<never>, list: PageLoader) =>
  fieldPages(() => import("./fields").then((m) => ({ default: pick(m) })), { list });

const categorySteps = {
  "select-category": () => import("./category-flow").then((m) => ({ default: m.SelectCategoryStep })),
  "select-category/add-category": () => import("./category-flow").then((m) => ({ default: m.AddCategoryStep })),
};

/** The consultancy's library, read by every signed-in user; only ADMIN writes it (spec sections 2 and 6). */
export const contentAreas = [
  defineAdminResource({
    screens: "blog-posts",
    label: "content.menu.blog",
    icon: <ReadOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: writesBy("admin-only"),
    pages: { ...pagesOf((m) => m.blogPostFields, () => import("./blog-list")), show: () => import("./blog-show") },
  }),
  defineAdminResource({
    screens: "legislations",
    label: "content.menu.legislations",
    icon: <BookOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: writesBy("admin-only"),
    pages: fieldPages(() => import("./fields").then((m) => ({ default: m.legislationFields }))),
    nested: { create: categorySteps, edit: categorySteps },
  }),
  defineAdminResource({
    screens: "document-models",
    label: "content.menu.models",
    icon: <FileTextOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: writesBy("admin-only"),
    pages: fieldPages(() => import("./fields").then((m) => ({ default: m.documentModelFields }))),
    nested: { create: categorySteps, edit: categorySteps },
  }),
  defineAdminResource({
    screens: "tutorials",
    label: "content.menu.tutorials",
    icon: <SolutionOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: writesBy("admin-only"),
    pages: pagesOf((m) => m.tutorialFields, () => import("./tutorials")),
    nested: { create: categorySteps, edit: categorySteps },
  }),
];
