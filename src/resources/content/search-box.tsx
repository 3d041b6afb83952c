import { Flex, Input, Select } from "antd";
import type { CrudFilter } from "@refinedev/core";
import type { CategoryScope } from "@/domain/content";
import { useT } from "@/providers/i18n";
import { useCategories } from "./categories";

type SetFilters = (filters: CrudFilter[], behavior?: "merge" | "replace") => void;

/** The list's search (accent-insensitive on the server, `q`) and, with a scope, its category filter (`categoryId`). */
export function SearchBox({ setFilters, scope }: { setFilters: SetFilters; scope?: CategoryScope }) {
  const t = useT();
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t("content.search")}
        aria-label={t("content.search")}
        style={{ maxWidth: 420 }}
        onSearch={(value) => setFilters([{ field: "q", operator: "eq", value: value.trim() || undefined }], "merge")}
      />
      {scope ? <CategoryFilter scope={scope} setFilters={setFilters} /> : null}
    </Flex>
  );
}

function CategoryFilter({ scope, setFilters }: { scope: CategoryScope; setFilters: SetFilters }) {
  const t = useT();
  const { rows } = useCategories(scope);
  return (
    <Select<number>
      allowClear
      style={{ minWidth: 240 }}
      aria-label={t("content.filterCategory")}
      placeholder={t("content.allCategories")}
      options={rows.map((c) => ({ value: c.id, label: c.name }))}
      onChange={(id) => setFilters([{ field: "categoryId", operator: "eq", value: id ?? undefined }], "merge")}
    />
  );
}
