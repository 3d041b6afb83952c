import axios, { AxiosError, type AxiosInstance } from "axios";
import type { HttpError } from "@refinedev/core";
import { authCompFromSearch, parseAuthComp } from "./auth-comp";
import { normalizeUrlQuery } from "./query";

/** Headers naming the active company, from authComp (spec section 7). */
export function companyHeaders(search: string): Record<string, string> {
  const context = parseAuthComp(authCompFromSearch(search));
  return context ? { "x-company-id": context.companyId, "x-company-cnpj": context.cnpj } : {};
}

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
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: AxiosError<ErrorBody>) => Promise.reject(toHttpError(error)),
  );
  return client;
}

export const http = createHttpClient();
