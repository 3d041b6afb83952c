import simpleRest from "@refinedev/simple-rest";
import type { AxiosInstance, AxiosResponse } from "axios";
import type { BaseRecord, DataProvider, GetListParams } from "@refinedev/core";
import { http } from "@/lib/http";

/** The header that says X-Total-Count is a floor: "mais de 1.000" (server/resources/paging.ts). */
export const TOTAL_CAPPED_HEADER = "x-total-count-capped";

/** An HTTP client that tells `seen` about every answer's headers, for the one call it is made for. */
function watching(client: AxiosInstance, seen: (headers: AxiosResponse["headers"]) => void): AxiosInstance {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || !["get", "head", "delete", "options"].includes(String(key))) return value;
      return async (...args: unknown[]) => {
        const response = (await (value as (...a: unknown[]) => Promise<AxiosResponse>).apply(target, args)) as AxiosResponse;
        seen(response.headers);
        return response;
      };
    },
  });
}

const base = simpleRest("/api", http);

/**
 * simple-rest over our HTTP client: authComp headers, query rules and field errors come from it. A
 * list whose total passed the server's cap answers `capped: true` beside `total` (the cap), so the
 * footer says "mais de 1.000" instead of a count nobody made.
 */
export const dataProvider: typeof base = {
  ...base,
  getList: async <TData extends BaseRecord = BaseRecord>(params: GetListParams) => {
    let capped = false;
    const result = await simpleRest("/api", watching(http, (headers) => (capped = String(headers[TOTAL_CAPPED_HEADER] ?? "") === "true"))).getList<TData>(params);
    return capped ? { ...result, capped: true } : result;
  },
} satisfies DataProvider;
