export type QueryValue = string | number | boolean | null | undefined | (string | number | boolean | null | undefined)[];

/**
 * The client's query-string rules (spec section 7): empty strings and nulls are dropped, arrays go out
 * comma-joined (skipping nulls), keys keep their order.
 */
export function serializeQuery(params: Record<string, QueryValue>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== null && v !== undefined && v !== "").map(String);
      if (items.length) out.append(key, items.join(","));
    } else if (value !== null && value !== undefined && value !== "") {
      out.append(key, String(value));
    }
  }
  return out.toString();
}

/** Re-serializes the query of a URL built elsewhere (repeated keys become one comma-joined key). */
export function normalizeUrlQuery(url: string): string {
  const [path, query = ""] = url.split("?", 2);
  if (!query) return url;
  const grouped: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) (grouped[key] ??= []).push(value);
  const serialized = serializeQuery(grouped);
  return serialized ? `${path}?${serialized}` : path;
}
