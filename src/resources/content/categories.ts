import { useList } from "@refinedev/core";
import type { Category, CategoryScope } from "@/domain/content";

/** The categories of one area, by id (for tags and filters). */
export function useCategories(scope: CategoryScope) {
  const { result } = useList<Category>({ resource: "categories", filters: [{ field: "scope", operator: "eq", value: scope }], pagination: { mode: "off" } });
  const rows = result?.data ?? [];
  return { rows, byId: new Map(rows.map((c) => [c.id, c])) };
}
