import { useList } from "@refinedev/core";
import type { Category, CategoryScope } from "@/domain/content";

/** The categories of one area, and the category of a record (none when it has no category or it is unknown). */
export function useCategories(scope: CategoryScope) {
  const { result } = useList<Category>({ resource: "categories", filters: [{ field: "scope", operator: "eq", value: scope }], pagination: { mode: "off" } });
  const rows = result?.data ?? [];
  const byId = new Map(rows.map((c) => [c.id, c]));
  const categoryOf = (id: number | null | undefined) => (id == null ? undefined : byId.get(id));
  return { rows, categoryOf };
}
