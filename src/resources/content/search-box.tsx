import { Input } from "antd";
import type { CrudFilter } from "@refinedev/core";
import { useT } from "@/providers/i18n";

/** The list's search (accent-insensitive on the server, `q`). */
export function SearchBox({ setFilters }: { setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void }) {
  const t = useT();
  return (
    <Input.Search
      allowClear
      placeholder={t("content.search")}
      aria-label={t("content.search")}
      style={{ maxWidth: 420, marginBottom: 16 }}
      onSearch={(value) => setFilters([{ field: "q", operator: "eq", value: value.trim() || undefined }], "merge")}
    />
  );
}
