import { BookOutlined, FileTextOutlined, LinkOutlined, ReadOutlined, SolutionOutlined } from "@ant-design/icons";
import { blogPostCreateSchema } from "@/domain/content";
import { tutorialCreateSchema } from "@/domain/library";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, pageWith, type ActionGuards } from "../define-admin-resource";
import type { ContentFormProps } from "./content-form";

/** Everyone signed in reads the library; only ADMIN writes it (spec section 6). */
const ADMIN_WRITES: ActionGuards = { create: "admin-only", edit: "admin-only", delete: "admin-only" };

const formPages = (props: () => Promise<ContentFormProps>) => ({
  create: pageWith(() => Promise.all([import("./content-form"), props()]).then(([m, p]) => () => <m.ContentCreatePage {...p} />), {}),
  edit: pageWith(() => Promise.all([import("./content-form"), props()]).then(([m, p]) => () => <m.ContentEditPage {...p} />), {}),
});

const blogForm = (): Promise<ContentFormProps> =>
  import("./fields").then((m) => ({
    resource: "blog-posts",
    scope: "blog",
    fields: m.blogPostFields as ContentFormProps["fields"],
    steps: "state",
    markdown: { name: "body", label: "content.fields.body", schema: blogPostCreateSchema.shape.body },
  }));
const legislationForm = (): Promise<ContentFormProps> =>
  import("./fields").then((m) => ({ resource: "legislations", scope: "legislation", fields: m.legislationFields as ContentFormProps["fields"], steps: "routed" }));
const modelForm = (): Promise<ContentFormProps> =>
  Promise.all([import("./fields"), import("./model-file")]).then(([m, file]) => ({
    resource: "document-models",
    scope: "model",
    fields: m.documentModelFields as ContentFormProps["fields"],
    steps: "routed",
    extra: <file.ModelFile />,
  }));
const tutorialForm = (): Promise<ContentFormProps> =>
  import("./fields").then((m) => ({
    resource: "tutorials",
    scope: "tutorial",
    fields: m.tutorialFields as ContentFormProps["fields"],
    steps: "routed",
    markdown: { name: "body", label: "content.fields.tutorialBody", schema: tutorialCreateSchema.shape.body },
  }));

const categorySteps = {
  "select-category": () => import("./category-flow").then((m) => ({ default: m.SelectCategoryStep })),
  "select-category/add-category": () => import("./category-flow").then((m) => ({ default: m.AddCategoryStep })),
};

/** The consultancy's library, read by every signed-in user (spec section 2: blog, legislation, models, tutorials, useful links). */
export const contentAreas = [
  defineAdminResource({
    screens: "blog-posts",
    label: "content.menu.blog",
    icon: <ReadOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: ADMIN_WRITES,
    pages: { list: () => import("./blog-list"), show: () => import("./blog-show"), ...formPages(blogForm) },
  }),
  defineAdminResource({
    screens: "legislations",
    label: "content.menu.legislations",
    icon: <BookOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: ADMIN_WRITES,
    pages: { list: () => import("./legislations"), ...formPages(legislationForm) },
    nested: { create: categorySteps, edit: categorySteps },
  }),
  defineAdminResource({
    screens: "document-models",
    label: "content.menu.models",
    icon: <FileTextOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: ADMIN_WRITES,
    pages: { list: () => import("./models"), ...formPages(modelForm) },
    nested: { create: categorySteps, edit: categorySteps },
  }),
  defineAdminResource({
    screens: "tutorials",
    label: "content.menu.tutorials",
    icon: <SolutionOutlined />,
    parent: MENU_GROUP.content,
    guard: "user-only",
    actionGuards: ADMIN_WRITES,
    pages: { list: () => import("./tutorials"), ...formPages(tutorialForm) },
    nested: { create: categorySteps, edit: categorySteps },
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
