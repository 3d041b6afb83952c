/**
 * Every screen path of the SPA (spec section 2), with the route parameters of spec section 3 and
 * what a valid value of each looks like. The server answers a matching path with the SPA and 200,
 * any other non-API path with the SPA and 404; the SPA shows 'Page not found: {path}' for a path
 * that matches no pattern, so a malformed id (`/admin/companies/edit/abc`) is a 404 on both sides.
 * An area adding a screen the spec does not list adds its pattern here.
 */
const DIGITS = "[0-9]{1,9}";

/** What each route parameter accepts (paths as the browser sends them, so `/` inside an id is `%2F`). */
export const ROUTE_PARAMS = {
  companySlug: "[a-z0-9]+(?:-[a-z0-9]+)*",
  companyId: DIGITS,
  userId: DIGITS,
  postId: DIGITS,
  legislationId: DIGITS,
  alertId: DIGITS,
  modelId: DIGITS,
  programId: DIGITS,
  grantorId: DIGITS,
  tutorialId: DIGITS,
  transactionPaymentId: DIGITS,
  ID_PROJECT: DIGITS,
  /** NR_PROPOSTA, e.g. `014275/2026` (encoded `014275%2F2026`). */
  nrProposal: "[0-9]{1,10}(?:%2[Ff][0-9]{4})?",
  /** The proponent's CNPJ: 14 characters (numeric or the alphanumeric format). */
  entity: "[0-9A-Za-z]{12}[0-9]{2}",
  /** Imposition `codigo_plano_acao` (`09032025-079703`) or voluntary NR_CONVENIO (`912345`). */
  NR_TRANSFER: "[0-9]{4,14}(?:-[0-9]{1,8})?",
  /** Fund-to-fund `codigo_plano_acao`, e.g. `30882120230006-010014`. */
  codPlan: "[0-9]{4,16}-[0-9]{1,8}",
} as const;

export type RouteParam = keyof typeof ROUTE_PARAMS;

const patterns: string[] = [
  "/",
  "/transparency/:companySlug(/(dashboard|indicadores-fiscais|transactions-imposition|transactions-voluntary))?",
  "/transparency/:companySlug/(transactions-imposition|transactions-voluntary)/info/:NR_TRANSFER",
  "/admin",
  "/admin/auth/(login|logout|forgot-password|set-password)",
  "/admin/(dashboard|accountability|profile|quotes|regularity|useful-links|access-logs)",
  "/admin/blog(/create|/edit/:postId|/:postId)?",
  "/admin/companies(/create|/edit/:companyId)?",
  "/admin/companies/:companyId(/(data|parametrization|transparency|sync))?",
  "/admin/companies/:companyId/users(/(create|send-invite|:userId))?",
  "/admin/legislations(/(:legislationId-edit|legislation-add)(/select-category(/add-category)?)?)?",
  "/admin/manage-alerts(/(:alertId-edit|alert-add))?",
  "/admin/models(/(:modelId-edit|model-add)(/select-category(/add-category)?)?)?",
  "/admin/programs(/(programs-add|:programId-edit)(/select-grantor(/(:grantorId-edit|add-grantor))?)?)?",
  "/admin/projects(/create)?",
  "/admin/projects/info/:ID_PROJECT(/(bids|execution|files|fundingSource|history|workPlan))?",
  "/admin/proposals(/:nrProposal/entity/:entity)?",
  "/admin/reports(/(fundraising|payments|proposal|transactions))?",
  "/admin/requirements(/create)?",
  "/admin/settings(/(data|data/edit|panel|panel/data|panel/parametrization|users|users/create|users/:userId))?",
  "/admin/transactions-fund-to-fund(/create|/(info|edit)/:codPlan)?",
  "/admin/(transactions-imposition|transactions-voluntary)/(create|edit/:NR_TRANSFER)",
  "/admin/(transactions-imposition|transactions-voluntary)(/info/:NR_TRANSFER(/transaction-payment(/create|/:transactionPaymentId)?)?)?",
  "/admin/tutorials(/(:tutorialId-edit|tutorial-add)(/select-category(/add-category)?)?)?",
  "/admin/useful-links",
];

const PARAM = new RegExp(`:(${Object.keys(ROUTE_PARAMS).join("|")})`, "g");

const compiled = patterns.map((pattern) => {
  const unknown = pattern.match(/:[A-Za-z_]+/g)?.find((name) => !(name.slice(1) in ROUTE_PARAMS));
  if (unknown) throw new Error(`routes.ts: parâmetro desconhecido ${unknown} em ${pattern}`);
  return new RegExp(`^${pattern.replace(PARAM, (_, name: RouteParam) => `(?:${ROUTE_PARAMS[name]})`)}/?$`);
});

/** Whether `pathname` (as the browser sends it, percent-encoded) is a screen with valid parameters. */
export function isKnownAppPath(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}

/** The not-found message of spec section 2. */
export function pageNotFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}
