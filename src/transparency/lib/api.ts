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
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

export type ApiState<T> =
  | { status: "loading"; result?: undefined; error?: undefined }
  | { status: "done"; result: ApiResult<T>; error?: undefined }
  | { status: "failed"; result?: undefined; error: ApiError };

/** Loads a public API URL; a new URL keeps showing the previous answer until the next one arrives. */
export function usePublicApi<T>(url: string | null): ApiState<T> & { retry(): void; stale: boolean } {
  const [state, setState] = useState<{ url: string | null; value: ApiState<T> }>({ url: null, value: { status: "loading" } });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (url === null) return;
    let live = true;
    // The answer renders as a transition: React draws a long table in slices and a slow phone keeps
    // answering taps, instead of one long task per answer (Lighthouse's total blocking time).
    const show = (value: ApiState<T>) => live && startTransition(() => setState({ url, value }));
    fetchPublic<T>(url).then(
      (result) => show({ status: "done", result }),
      (error: unknown) => show({ status: "failed", error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const stale = state.url !== url;
  // While a new URL loads, a previous list stays on screen (marked busy) instead of flashing empty.
  if (stale && state.value.status !== "done") return { status: "loading", retry, stale };
  return { ...state.value, retry, stale };
}
