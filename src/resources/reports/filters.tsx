import { Button, Select } from "antd";
import { ClearOutlined } from "@ant-design/icons";
import { useT, type Translate } from "@/providers/i18n";

/** Colours of the transfer kinds in every chart. */
export const KIND_COLORS = { imposition: "#1677ff", voluntary: "#52c41a", fund: "#fa8c16" } as const;

/** The "from year" and "to year" pickers. */
export function yearFilters(
  t: Translate,
  filters: { yearFrom?: string; yearTo?: string },
  set: (changes: { yearFrom?: string | null; yearTo?: string | null }) => void,
  years: { value: string; label: string }[],
) {
  return (
    <>
      <Select
        aria-label={t("reports.filters.yearFrom")}
        placeholder={t("reports.filters.yearFrom")}
        allowClear
        style={{ minWidth: 130 }}
        value={filters.yearFrom}
        onChange={(yearFrom) => set({ yearFrom: yearFrom ?? null })}
        options={years}
      />
      <Select
        aria-label={t("reports.filters.yearTo")}
        placeholder={t("reports.filters.yearTo")}
        allowClear
        style={{ minWidth: 130 }}
        value={filters.yearTo}
        onChange={(yearTo) => set({ yearTo: yearTo ?? null })}
        options={years}
      />
    </>
  );
}

export function ClearFilters({ onClear }: { onClear: () => void }) {
  const t = useT();
  return (
    <Button icon={<ClearOutlined />} onClick={onClear}>
      {t("reports.clear")}
    </Button>
  );
}

/** A pair [name, value] for the printed filters, when the value is set. */
export const printedPair = (name: string, value: string | undefined | null): [string, string][] => (value ? [[name, value]] : []);
