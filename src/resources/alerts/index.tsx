import { NotificationOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages, pageWith } from "../define-admin-resource";
import type { ContentFormProps } from "../content/content-form";

const form = (): Promise<[typeof import("../content/content-form"), ContentFormProps]> =>
  Promise.all([import("../content/content-form"), import("./fields"), import("./companies-field")]).then(([page, fields, companies]) => [
    page,
    { resource: "alerts", fields: fields.default as ContentFormProps["fields"], steps: "state", extra: <companies.AlertCompaniesField /> },
  ]);

/**
 * The consultancy's notices (spec section 2: /admin/manage-alerts). Everybody signed in sees the list
 * (the server reads them as user-only); adding, editing and removing one is the consultancy's (spec section 6).
 */
export const alertsArea = defineAdminResource({
  screens: "alerts",
  label: "alerts.menu",
  icon: <NotificationOutlined />,
  parent: MENU_GROUP.content,
  guard: "user-only",
  actionGuards: { create: "admin-only", edit: "admin-only", delete: "admin-only" },
  pages: fieldPages(() => import("./fields"), {
    create: pageWith(() => form().then(([m, p]) => () => <m.ContentCreatePage {...p} />), {}),
    edit: pageWith(() => form().then(([m, p]) => () => <m.ContentEditPage {...p} />), {}),
  }),
});
