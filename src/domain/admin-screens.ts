import type { RouteParam } from "./routes";

/** The screens a resource may have; Refine's own action names. */
export type ScreenAction = "list" | "create" | "show" | "edit";

/**
 * The screen paths of one admin resource: what `defineAdminResource` (src/resources) routes, guards
 * and puts in the menu, and what `isKnownAppPath` (./routes.ts) accepts on the server and in the SPA.
 * Written here once, as plain data, so that the server can check paths without loading React.
 */
export interface ResourceScreens {
  /** What `:id` accepts in these paths (a parameter of ROUTE_PARAMS); other parameters use their own name. */
  readonly id?: RouteParam;
  readonly list?: string;
  readonly create?: string;
  readonly show?: string;
  readonly edit?: string;
  /** Pages inside an action's page (tabs, sub-pages), relative to it: `{ show: ["data", "users/:userId"] }`. */
  readonly nested?: { readonly [A in ScreenAction]?: readonly string[] };
}

/** The category steps of a content form (spec section 2: `…/select-category/add-category`). */
const CATEGORY_STEPS = ["select-category", "select-category/add-category"] as const;

/**
 * Every admin resource's screens, keyed by the resource's identifier (its name, unless two
 * resources share one API resource, as payments do under both transfer kinds). Adding an area is
 * one entry here plus its `defineAdminResource` declaration, which must name a page for each path.
 */
export const ADMIN_SCREENS = {
  dashboard: { list: "/admin/dashboard" },
  "municipal-amendments": {
    id: "amendmentId",
    list: "/admin/municipal-amendments",
    create: "/admin/municipal-amendments/create",
    show: "/admin/municipal-amendments/info/:id",
    edit: "/admin/municipal-amendments/edit/:id",
  },
  profile: { list: "/admin/profile" },
  "imposition-transfers": {
    id: "NR_TRANSFER",
    list: "/admin/transactions-imposition",
    create: "/admin/transactions-imposition/create",
    show: "/admin/transactions-imposition/info/:id",
    edit: "/admin/transactions-imposition/edit/:id",
  },
  "imposition-payments": {
    id: "transactionPaymentId",
    list: "/admin/transactions-imposition/info/:NR_TRANSFER/transaction-payment",
    create: "/admin/transactions-imposition/info/:NR_TRANSFER/transaction-payment/create",
    edit: "/admin/transactions-imposition/info/:NR_TRANSFER/transaction-payment/:id",
  },
  "voluntary-transfers": {
    id: "NR_TRANSFER",
    list: "/admin/transactions-voluntary",
    create: "/admin/transactions-voluntary/create",
    show: "/admin/transactions-voluntary/info/:id",
    edit: "/admin/transactions-voluntary/edit/:id",
  },
  "voluntary-payments": {
    id: "transactionPaymentId",
    list: "/admin/transactions-voluntary/info/:NR_TRANSFER/transaction-payment",
    create: "/admin/transactions-voluntary/info/:NR_TRANSFER/transaction-payment/create",
    edit: "/admin/transactions-voluntary/info/:NR_TRANSFER/transaction-payment/:id",
  },
  "fund-to-fund-transfers": {
    id: "codPlan",
    list: "/admin/transactions-fund-to-fund",
    create: "/admin/transactions-fund-to-fund/create",
    show: "/admin/transactions-fund-to-fund/info/:id",
    edit: "/admin/transactions-fund-to-fund/edit/:id",
  },
  companies: {
    id: "companyId",
    list: "/admin/companies",
    create: "/admin/companies/create",
    show: "/admin/companies/:id",
    edit: "/admin/companies/edit/:id",
    nested: { show: ["data", "parametrization", "transparency", "users", "users/create", "users/send-invite", "users/:userId", "sync"] },
  },
  "audit-logs": { list: "/admin/access-logs" },
  /** The active company's settings, reached from the header: tabs under one frame. */
  settings: { list: "/admin/settings", nested: { list: ["data", "data/edit", "panel", "panel/data", "panel/parametrization", "transparency-check"] } },
  /** The active company's users (the settings' third tab; one API resource with the company's users tab). */
  users: { id: "userId", list: "/admin/settings/users", create: "/admin/settings/users/create", edit: "/admin/settings/users/:id" },
  "blog-posts": { id: "postId", list: "/admin/blog", create: "/admin/blog/create", show: "/admin/blog/:id", edit: "/admin/blog/edit/:id" },
  /** Picking the category is a step of the form with its own URL (a drawer over it); adding one is a step of the picker. */
  legislations: {
    id: "legislationId",
    list: "/admin/legislations",
    create: "/admin/legislations/legislation-add",
    edit: "/admin/legislations/:id-edit",
    nested: { create: CATEGORY_STEPS, edit: CATEGORY_STEPS },
  },
  "useful-links": { id: "recordId", list: "/admin/useful-links", create: "/admin/useful-links/link-add", edit: "/admin/useful-links/:id-edit" },
  /** The library's categories, per area (also added from a form's category step). */
  categories: { id: "recordId", list: "/admin/categories", create: "/admin/categories/create", edit: "/admin/categories/edit/:id" },
  "document-models": {
    id: "modelId",
    list: "/admin/models",
    create: "/admin/models/model-add",
    edit: "/admin/models/:id-edit",
    nested: { create: CATEGORY_STEPS, edit: CATEGORY_STEPS },
  },
  tutorials: {
    id: "tutorialId",
    list: "/admin/tutorials",
    create: "/admin/tutorials/tutorial-add",
    edit: "/admin/tutorials/:id-edit",
    nested: { create: CATEGORY_STEPS, edit: CATEGORY_STEPS },
  },
  alerts: { id: "alertId", list: "/admin/manage-alerts", create: "/admin/manage-alerts/alert-add", edit: "/admin/manage-alerts/:id-edit" },
  /** The catalogue and the radar; the grantor is picked in a drawer with its own path, where grantors are added and edited. */
  programs: {
    id: "programId",
    list: "/admin/programs",
    create: "/admin/programs/programs-add",
    edit: "/admin/programs/:id-edit",
    nested: {
      create: ["select-grantor", "select-grantor/add-grantor", "select-grantor/:grantorId-edit"],
      edit: ["select-grantor", "select-grantor/add-grantor", "select-grantor/:grantorId-edit"],
    },
  },
  /** A proposal is addressed by NR_PROPOSTA (encoded: `014275%2F2026`) and the proponent's CNPJ. */
  proposals: { list: "/admin/proposals", show: "/admin/proposals/:nrProposal/entity/:entity" },
  /** The company's CAUC items and certificates (API resource regularity-items). */
  regularity: { list: "/admin/regularity" },
  requirements: { list: "/admin/requirements", create: "/admin/requirements/create" },
  /** Reports (issue 17): one screen each; the bare path leads to the first. */
  reports: { list: "/admin/reports" },
  portfolio: { list: "/admin/portfolio" },
  "client-reports": { list: "/admin/client-reports" },
  "reports-fundraising": { list: "/admin/reports/fundraising" },
  "reports-payments": { list: "/admin/reports/payments" },
  "reports-proposal": { list: "/admin/reports/proposal" },
  "reports-transactions": { list: "/admin/reports/transactions" },
  "reports-municipal-amendments": { list: "/admin/reports/municipal-amendments" },
  /** The company's accountability obligations (issue 17) and one obligation with its checklist and LC 210 notices. */
  "accountability-obligations": { id: "obligationId", list: "/admin/accountability", show: "/admin/accountability/:id" },
  /** A project's page is hand-laid with its six tabs, each its own URL (issue 15); it is edited in a dialog on the page. */
  projects: {
    id: "ID_PROJECT",
    list: "/admin/projects",
    create: "/admin/projects/create",
    show: "/admin/projects/info/:id",
    nested: { show: ["bids", "execution", "files", "fundingSource", "history", "workPlan"] },
  },
  /** Price research (issue 15, "Quotes"): an item of a project and its prices, with the mapa de cotação on the item's page. */
  /** The consultancy's risk queue across clients (issue 33). */
  risks: { list: "/admin/risks" },
  quotes: { id: "quoteId", list: "/admin/quotes", create: "/admin/quotes/create", show: "/admin/quotes/info/:id", edit: "/admin/quotes/edit/:id" },
} as const satisfies Record<string, ResourceScreens>;

export type ScreensKey = keyof typeof ADMIN_SCREENS;

/** The actions that have a path in a resource's screens. */
export type ScreenActionsOf<K extends ScreensKey> = Extract<keyof (typeof ADMIN_SCREENS)[K], ScreenAction>;

/** The nested pages of one action of a resource. */
export type NestedOf<K extends ScreensKey, A extends ScreenAction> = (typeof ADMIN_SCREENS)[K] extends { nested: { [P in A]: readonly (infer N extends string)[] } }
  ? N
  : never;

/** Every screen path of every resource, as written above (nested ones joined to their page). */
export function screenPaths(screens: ResourceScreens): string[] {
  const actions: ScreenAction[] = ["list", "create", "show", "edit"];
  return actions.flatMap((action) => {
    const path = screens[action];
    if (!path) return [];
    return [path, ...(screens.nested?.[action] ?? []).map((child) => `${path}/${child}`)];
  });
}

/**
 * A screen's URL with its parameters filled in and encoded (route ids may hold `/`):
 * `screenUrl("imposition-transfers", "show", { id: "09032025-079703" })`.
 */
export function screenUrl<K extends ScreensKey>(key: K, action: ScreenActionsOf<K>, params: Record<string, string | number> = {}): string {
  const path = (ADMIN_SCREENS[key] as ResourceScreens)[action as ScreenAction]!;
  return path.replace(/:([A-Za-z_]+)/g, (whole, name: string) => (name in params ? encodeURIComponent(String(params[name])) : whole));
}
