import { startTransition, useCallback, useEffect, useState } from "react";

/** A failed call: the HTTP status (0 without a connection) and the server's pt-BR message. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiResult<T> {
  data: T;
  /** X-Total-Count of a list answer. */
  total: number | null;
}

/** Answers already received in this visit, by URL (the HTTP cache revalidates them by ETag on reload). */
const cache = new Map<string, Promise<ApiResult<unknown>>>();
/** The answers among them that have arrived: a screen mounted after its answer draws it in its first render. */
const arrived = new Map<string, ApiResult<unknown>>();

async function request<T>(url: string): Promise<ApiResult<T>> {
  let response: Response;
  try {
    // Default mode and credentials: the answer the page's HTML preloaded (server/spa.ts) is the one used.
    response = await fetch(url, { headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError(0, "Sem conexão com o servidor.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Erro ${response.status}`);
  }
  const total = response.headers.get("x-total-count");
  return { data: (await response.json()) as T, total: total === null ? null : Number(total) };
}

export function fetchPublic<T>(url: string): Promise<ApiResult<T>> {
  let pending = cache.get(url) as Promise<ApiResult<T>> | undefined;
  if (!pending) {
    pending = request<T>(url);
    cache.set(url, pending);
    // A failure is not remembered: "Tentar novamente" asks again.
    pending.then(
      (result) => arrived.set(url, result),
      () => cache.delete(url),
    );
  }
  return pending;
}

/**
 * Asks at once for the answers the page's HTML preloads (server/public-head.ts), while the site's code
 * is still arriving: each screen then mounts with its answer already here and draws it in its first
 * render, instead of drawing "Carregando…", waiting a turn and drawing again (a commit, a layout and a
 * paint fewer per answer on a slow phone).
 */
export function askForPreloadedAnswers(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = link.getAttribute("href");
    if (url?.startsWith("/api/public/")) void fetchPublic(url).catch(() => undefined);
  }
}

export type ApiState<T> =
  | { status: "loading"; result?: undefined; error?: undefined }
  | { status: "done"; result: ApiResult<T>; error?: undefined }
  | { status: "failed"; result?: undefined; error: ApiError };

/** Loads a public API URL; a new URL keeps showing the previous answer until the next one arrives. */
export function usePublicApi<T>(url: string | null): ApiState<T> & { retry(): void; stale: boolean } {
  // A screen mounted after its answer arrived starts with it (askForPreloadedAnswers).
  const [state, setState] = useState<{ url: string | null; value: ApiState<T> }>(() => {
    const result = url === null ? undefined : (arrived.get(url) as ApiResult<T> | undefined);
    return result ? { url, value: { status: "done", result } } : { url: null, value: { status: "loading" } };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (url === null) return;
    let live = true;
    // The answer renders as a transition: React draws a long table in slices and a slow phone keeps
    // answering taps, instead of one long task per answer (Lighthouse's total blocking time).
    // The same answer already on screen changes nothing (no second render).
    const show = (value: ApiState<T>) =>
      live && startTransition(() => setState((shown) => (shown.url === url && shown.value.result !== undefined && shown.value.result === value.result ? shown : { url, value })));
    fetchPublic<T>(url).then(
      (result) => show({ status: "done", result }),
      (error: unknown) => show({ status: "failed", error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // An answer that arrived before this screen (or this URL) was drawn is drawn at once.
  const known = url !== null && state.url !== url ? (arrived.get(url) as ApiResult<T> | undefined) : undefined;
  if (known) return { status: "done", result: known, retry, stale: false };
  const stale = state.url !== url;
  // While a new URL loads, a previous list stays on screen (marked busy) instead of flashing empty.
  if (stale && state.value.status !== "done") return { status: "loading", retry, stale };
  return { ...state.value, retry, stale };
}
