/**
 * GET answers asked for early, before the app that uses them has loaded (src/admin/first-load.ts),
 * handed to the HTTP client (src/lib/http.ts) when it sends the same request: once, within a few
 * seconds, for the same company. Kept free of imports so that it costs the entry script nothing.
 */

export interface PrefetchedAnswer {
  status: number;
  data: unknown;
  headers: Record<string, string>;
}

/** An early answer not taken within this time is dropped (the app asks the server again). */
export const PREFETCH_TTL_MS = 10_000;

const answers = new Map<string, Promise<PrefetchedAnswer | null>>();

/**
 * What makes two GETs the same: the path, the query's non-empty parameters in any order, and the
 * company they are asked in (`x-company-id`).
 */
export function requestKey(url: string, headers: Record<string, string> = {}): string {
  const [path, query = ""] = url.split("?", 2);
  const params = [...new URLSearchParams(query)].filter(([, value]) => value !== "").sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const search = new URLSearchParams(params).toString();
  return `${headers["x-company-id"] ?? ""} ${path}${search ? `?${search}` : ""}`;
}

/** Keeps an early answer for the client, for PREFETCH_TTL_MS at most; the first one asked for a request stays. */
function remember(key: string, answer: () => Promise<PrefetchedAnswer | null>): void {
  if (answers.has(key)) return;
  const promise = answer();
  answers.set(key, promise);
  setTimeout(() => {
    if (answers.get(key) === promise) answers.delete(key);
  }, PREFETCH_TTL_MS);
}

/** Sends a GET now (same-origin cookies, JSON); its answer waits for the client. */
export function prefetch(url: string, headers: Record<string, string> = {}, fetcher: typeof fetch = fetch): void {
  remember(requestKey(url, headers), () =>
    fetcher(url, { credentials: "same-origin", headers: { Accept: "application/json", ...headers } })
      .then(async (res): Promise<PrefetchedAnswer> => {
        const text = await res.text();
        const headerMap: Record<string, string> = {};
        res.headers.forEach((value, name) => (headerMap[name] = value));
        return { status: res.status, data: text ? JSON.parse(text) : null, headers: headerMap };
      })
      .catch(() => null), // the client asks again
  );
}

/** Once the whole HTML is parsed (a streamed page's end may still be on its way when the entry runs). */
const parsed = (doc: Document) =>
  new Promise<void>((done) => (doc.readyState === "loading" ? doc.addEventListener("DOMContentLoaded", () => done(), { once: true }) : done()));

/**
 * The answer the HTML carries at its end (`<script type="application/json" data-carried-answer="url">`,
 * server/dashboard/first-paint.ts) instead of asking the server again; none if the page ended without it
 * (the client then asks the server). `attribute` is src/domain/first-paint.ts's, passed in to keep this
 * module free of imports.
 */
export function prefetchCarried(url: string, attribute: string, headers: Record<string, string> = {}, doc: Document = document): void {
  remember(requestKey(url, headers), () =>
    parsed(doc)
      .then((): PrefetchedAnswer | null => {
        const element = [...doc.querySelectorAll(`script[${attribute}]`)].find((e) => e.getAttribute(attribute) === url);
        return element ? { status: 200, data: JSON.parse(element.textContent ?? "null"), headers: {} } : null;
      })
      .catch(() => null),
  );
}

/** The early answer to this GET, if one was asked for and not yet taken; taken only once. */
export function takePrefetched(url: string, headers: Record<string, string> = {}): Promise<PrefetchedAnswer | null> | undefined {
  const key = requestKey(url, headers);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** Forgets every early answer (signing out, tests). */
export function clearPrefetched(): void {
  answers.clear();
}
