/**
 * Path patterns of every screen the SPA serves (spec section 2). The server answers these with the
 * SPA and status 200, and any other non-API path with the SPA and status 404.
 */
const ID = "[^/]+";
const patterns: string[] = [
  "/",
  "/transparency/:slug",
  "/transparency/:slug/(dashboard|indicadores-fiscais|transactions-imposition|transactions-voluntary)",
  "/transparency/:slug/(transactions-imposition|transactions-voluntary)/info/:id",
  "/admin",
  "/admin/auth/(login|logout|forgot-password)",
  "/admin/(dashboard|accountability|profile|quotes|regularity|useful-links|access-logs)",
  "/admin/blog(/create|/edit/:id|/:id)?",
  "/admin/companies(/create|/edit/:id)?",
  "/admin/companies/:id(/(data|parametrization|transparency|users)(/create|/send-invite|/:id)?)?",
  "/admin/(legislations|models|tutorials)(/:id)?(/(select-category|add-category))*",
  "/admin/manage-alerts(/:id)?",
  "/admin/programs(/:id)?(/(select-grantor|add-grantor|:id))*",
  "/admin/projects(/create)?",
  "/admin/projects/info/:id(/(bids|execution|files|fundingSource|history|workPlan))?",
  "/admin/proposals(/:id/entity/:id)?",
  "/admin/reports(/(fundraising|payments|proposal|transactions))?",
  "/admin/requirements(/create)?",
  "/admin/settings(/(data|data/edit|panel|panel/data|panel/parametrization|users|users/create|users/:id))?",
  "/admin/transactions-fund-to-fund(/info/:id)?",
  "/admin/(transactions-imposition|transactions-voluntary)(/info/:id(/transaction-payment(/create|/:id)?)?)?",
];

const compiled = patterns.map(
  (p) => new RegExp(`^${p.replace(/:(slug|id)/g, ID)}/?$`),
);

export function isKnownAppPath(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
