import { ADMIN_SCREENS, screenPaths, type ResourceScreens } from "./admin-screens";

/**
 * Every screen path of the SPA (spec section 2), with the route parameters of spec section 3 and
 * what a valid value of each looks like. The server answers a matching path with the SPA and 200,
 * any other non-API path with the SPA and 404; the SPA shows 'Page not found: {path}' for a path
 * that matches no pattern, so a malformed id (`/admin/companies/edit/abc`) is a 404 on both sides.
 * An admin resource's screens come from ADMIN_SCREENS (./admin-screens.ts, the paths its
 * `defineAdminResource` routes); the patterns below are the other screens, and the spec's screens
 * whose areas are not built yet (written as regular expressions with `:param` placeholders).
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
  obligationId: DIGITS,
  quoteId: DIGITS,
  amendmentId: DIGITS,
  /** A municipal emenda's public identifier in an address: `2026-0007`. */
  amendmentSlug: "[0-9]{4}-[0-9]{4,6}",
  /** A numeric record id, for areas whose id the spec does not name (useful links, categories). */
  recordId: DIGITS,
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
  "/transparency",
  "/transparency/:companySlug(/(dashboard|indicadores-fiscais|transactions-imposition|transactions-voluntary|dados-abertos))?",
  "/transparency/:companySlug/(transactions-imposition|transactions-voluntary)/info/:NR_TRANSFER",
  "/transparency/:companySlug/emendas-municipais(/info/:amendmentSlug)?",
  "/admin",
  "/admin/auth/(login|logout|forgot-password|set-password)",
  "/admin/models(/(:modelId-edit|model-add)(/select-category(/add-category)?)?)?",
  "/admin/tutorials(/(:tutorialId-edit|tutorial-add)(/select-category(/add-category)?)?)?",
];

const PARAM = new RegExp(`:(${Object.keys(ROUTE_PARAMS).join("|")})`, "g");

function checkParams(pattern: string, allowed: (name: string) => boolean) {
  const unknown = pattern.match(/:[A-Za-z_]+/g)?.find((name) => !allowed(name.slice(1)));
  if (unknown) throw new Error(`routes.ts: parâmetro desconhecido ${unknown} em ${pattern}`);
}

const paramSource = (name: RouteParam) => `(?:${ROUTE_PARAMS[name]})`;

/** A pattern above: a regular expression whose `:param`s are replaced by what each accepts. */
function compilePattern(pattern: string): RegExp {
  checkParams(pattern, (name) => name in ROUTE_PARAMS);
  return new RegExp(`^${pattern.replace(PARAM, (_, name: RouteParam) => paramSource(name))}/?$`);
}

/** A resource's screen path: literal text, `:id` as the resource's id parameter, other `:param`s by name. */
export function compileScreenPath(path: string, screens: ResourceScreens): RegExp {
  checkParams(path, (name) => (name === "id" ? Boolean(screens.id) : name in ROUTE_PARAMS));
  const source = path
    .split(/(:[A-Za-z_]+)/)
    .map((part) => {
      if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const name = part.slice(1);
      return paramSource(name === "id" ? screens.id! : (name as RouteParam));
    })
    .join("");
  return new RegExp(`^${source}/?$`);
}

const compiled = [
  ...patterns.map(compilePattern),
  ...Object.values(ADMIN_SCREENS as Record<string, ResourceScreens>).flatMap((screens) => screenPaths(screens).map((path) => compileScreenPath(path, screens))),
];

/** Whether `pathname` (as the browser sends it, percent-encoded) is a screen with valid parameters. */
export function isKnownAppPath(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}

/** The not-found message of spec section 2. */
export function pageNotFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}
