import type { CrudFilter, CrudSort } from "@refinedev/core";
import { http } from "./http";

const SUFFIX: Partial<Record<string, string>> = { ne: "_ne", gte: "_gte", lte: "_lte", contains: "_like" };

/** Refine filters and sorters as simple-rest query parameters (the same mapping the data provider uses). */
export function listQuery(filters: CrudFilter[], sorters: CrudSort[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of filters) {
    if (!("field" in filter) || filter.value === undefined || filter.value === null || filter.value === "") continue;
    const key = filter.field === "q" ? "q" : `${filter.field}${SUFFIX[filter.operator] ?? ""}`;
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    if (values.length) params.append(key, values.join(","));
  }
  if (sorters.length) {
    params.set("_sort", sorters.map((s) => s.field).join(","));
    params.set("_order", sorters.map((s) => s.order).join(","));
  }
  return params;
}

/** Downloads `GET {url}?{query}` (cookies and company headers included) as a file. */
export async function downloadFile(url: string, query: URLSearchParams, fallbackName: string): Promise<void> {
  const response = await http.get<Blob>(`${url}?${query.toString()}`, { responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
