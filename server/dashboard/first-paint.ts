import type { FastifyInstance, FastifyRequest } from "fastify";
import { kindFigures, type DashboardSummary } from "../../src/domain/dashboard";
import { CARRIED_ANSWER_ATTRIBUTE, FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_DONE_ATTRIBUTE } from "../../src/domain/first-paint";
import { DASHBOARD_SUMMARY_REQUEST } from "../../src/domain/first-load";
import type { PagePreload } from "../spa";
import { transferLabels } from "../../src/domain/labels/transfers";
import { formatBrl } from "../../src/domain/pt-br-numbers";
import { escapeHtml } from "../lib/html";

/**
 * The dashboard's figures in its HTML (issue 36, item 7): a signed-in visit to /admin/dashboard gets
 * the planned amount of each kind of transfer, as the page will show them, painted before any script.
 * On a phone the page's own figures come only after some 470 KB of code has downloaded and run
 * (5 s in Lighthouse's mobile run, whose largest paint is the first of them); these are the same
 * figures, from the same answer, seconds earlier. The app removes them as its page draws its own
 * (src/lib/first-paint.ts).
 */

/** The only address that opens the dashboard without a redirect first (`/` and `/admin` go there in the browser). */
const DASHBOARD_PATH = "/admin/dashboard";
const KINDS = ["imposition", "voluntary", "fund"] as const;

/**
 * Fixed over the content area (under the header, beside the sidebar on a desktop), over the boot screen
 * and then the page's spinner, until the page draws its cards. antd's font and the Statistic's size,
 * so that the page's own figures are the same paint, not a larger one. It never takes a click.
 */
const STYLE = `.first-paint{position:fixed;z-index:10;top:64px;left:0;right:0;bottom:0;overflow:hidden;pointer-events:none;box-sizing:border-box;padding:24px 16px;background:#f5f5f5;color:rgba(0,0,0,.88);font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;display:grid;gap:16px;align-content:start}
.first-paint__card{background:#fff;border:1px solid #f0f0f0;border-radius:8px;padding:24px}
.first-paint__kind{font-size:16px;font-weight:600;line-height:1.5;margin-bottom:12px}
.first-paint__label{color:rgba(0,0,0,.45);font-size:14px;line-height:1.5715;margin-bottom:4px}
.first-paint__value{font-size:24px;line-height:1.5715}
@media (min-width:768px){.first-paint{grid-template-columns:repeat(3,1fr)}}
@media (min-width:992px){.first-paint{left:248px;padding:24px}}
html.dark .first-paint{background:#000;color:rgba(255,255,255,.85)}html.dark .first-paint__card{background:#141414;border-color:#303030}html.dark .first-paint__label{color:rgba(255,255,255,.45)}
html[${FIRST_PAINT_DONE_ATTRIBUTE}] .first-paint{display:none}`;

/** The figures' markup: one card per kind with its planned amount (every year), as the page's cards open. */
export function dashboardFirstPaint(summary: Pick<DashboardSummary, "totals">): string {
  const cards = KINDS.map((kind) => {
    const figures = kindFigures(summary.totals, "all", kind);
    return `<div class="first-paint__card"><div class="first-paint__kind">${escapeHtml(transferLabels.transferKindGroups[kind])}</div><div class="first-paint__label">Previsto</div><div class="first-paint__value">${escapeHtml(formatBrl(figures.planned))}</div></div>`;
  });
  // aria-hidden: the page's own cards, a moment later, are the ones read out.
  return `<div class="first-paint" ${FIRST_PAINT_ATTRIBUTE} aria-hidden="true"><style>${STYLE}</style>${cards.join("")}</div>`;
}

/** A JSON answer inside a script element: nothing in it can close the element. */
const jsonScript = (url: string, data: unknown) =>
  `<script type="application/json" ${CARRIED_ANSWER_ATTRIBUTE}="${escapeHtml(url)}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;

/**
 * The figures and the summary's whole answer for this HTML request, or undefined: asked of the API
 * itself with the request's cookies (the same session, terms, guard and company as the page's own
 * request). The page reads that answer from the HTML (src/lib/prefetch.ts) instead of asking again, so
 * the server computes it once.
 */
async function firstPaintFor(app: FastifyInstance, cookie: string): Promise<string | undefined> {
  const answer = await app.inject({ method: "GET", url: DASHBOARD_SUMMARY_REQUEST, headers: { cookie } });
  if (answer.statusCode !== 200) return undefined;
  const summary = answer.json<DashboardSummary>();
  return `${dashboardFirstPaint(summary)}\n${jsonScript(DASHBOARD_SUMMARY_REQUEST, summary)}`;
}

/**
 * A signed-in visit to the dashboard's address without a query (a chosen client travels in a header
 * the HTML cannot carry): its HTML ends with the figures and the summary's answer, which is therefore
 * not preloaded. Any other visit keeps its preload as it is.
 */
export function withDashboardFirstPaint(app: FastifyInstance, request: FastifyRequest, pathname: string, search: string, preload: PagePreload): PagePreload {
  const cookie = request.headers.cookie;
  if (pathname.replace(/\/+$/, "") !== DASHBOARD_PATH || (search !== "" && search !== "?") || !cookie) return preload;
  return { ...preload, carried: [DASHBOARD_SUMMARY_REQUEST], firstPaint: () => firstPaintFor(app, cookie) };
}
