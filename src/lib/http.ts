import axios, { AxiosError, AxiosHeaders, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { HttpError } from "@refinedev/core";
import { companyHeaders } from "./auth-comp";
import { normalizeUrlQuery } from "./query";
import { takePrefetched, type PrefetchedAnswer } from "./prefetch";

export { companyHeaders } from "./auth-comp";

interface ErrorBody {
  message?: string;
  errors?: Record<string, string | string[]>;
}

export function toHttpError(error: AxiosError<ErrorBody>): HttpError {
  const status = error.response?.status ?? 0;
  const body = error.response?.data;
  const message =
    body?.message ?? (status === 0 ? "Sem conexão com o servidor. Verifique sua internet e tente novamente." : "Não foi possível concluir a operação.");
  return { message, statusCode: status, ...(body?.errors ? { errors: body.errors } : {}) } as HttpError;
}

/**
 * The one HTTP client: same-origin cookies, company headers from the current URL, our query-string
 * rules, and errors shaped as Refine's HttpError (with field errors for forms).
 */
export function createHttpClient(getSearch: () => string = () => window.location.search): AxiosInstance {
  const client = axios.create({ withCredentials: true, headers: { Accept: "application/json" } });
  client.interceptors.request.use((config) => {
    if (config.url) config.url = normalizeUrlQuery(config.url);
    for (const [name, value] of Object.entries(companyHeaders(getSearch()))) {
      if (!config.headers.has(name)) config.headers.set(name, value);
    }
    useEarlyAnswer(config);
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: AxiosError<ErrorBody>) => Promise.reject(toHttpError(error)),
  );
  return client;
}

/**
 * A GET the first load already sent (src/admin/first-load.ts) takes that answer instead of going out
 * again; an answer that is not a success, or that never came, sends the request as usual.
 */
function useEarlyAnswer(config: InternalAxiosRequestConfig) {
  if (!config.url || config.params || (config.method ?? "get").toLowerCase() !== "get") return;
  const company = config.headers.get("x-company-id");
  const early = takePrefetched(config.url, typeof company === "string" ? { "x-company-id": company } : {});
  if (!early) return;
  const network = axios.getAdapter(config.adapter ?? axios.defaults.adapter);
  config.adapter = (request) => early.then((answer) => (answer && answer.status >= 200 && answer.status < 300 ? asAxiosResponse(answer, request) : network(request)));
}

function asAxiosResponse(answer: PrefetchedAnswer, config: InternalAxiosRequestConfig): AxiosResponse {
  return { data: answer.data, status: answer.status, statusText: "OK", headers: new AxiosHeaders(answer.headers), config, request: undefined };
}

export const http = createHttpClient();
