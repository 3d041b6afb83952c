import { Button, Select } from "antd";
import { ClearOutlined } from "@ant-design/icons";
import { useT, type Translate } from "@/providers/i18n";

/** Colours of the transfer kinds in every chart. */
export const KIND_COLORS = { imposition: "#1677ff", voluntary: "#52c41a", fund: "#fa8c16" } as const;

type Option = { value: string; label: string };

/**
 * One report filter as a select, named by its label. With `any`, that choice comes first and stands
 * for no filter; without it the select shows the label until a value is chosen and can be cleared.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  any,
  width,
  searchable = false,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
  options: Option[];
  any?: string;
  width: number;
  searchable?: boolean;
}) {
  if (any !== undefined) {
    return <Select aria-label={label} style={{ minWidth: width }} value={value ?? ""} onChange={(v: string) => onChange(v || null)} options={[{ value: "", label: any }, ...options]} />;
  }
  return (
    <Select
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={searchable}
      optionFilterProp="label"
      style={{ minWidth: width }}
      value={value}
      onChange={(v?: string) => onChange(v ?? null)}
      options={options}
    />
  );
}

/** The "from year" and "to year" pickers. */
export function yearFilters(
  t: Translate,
  filters: { yearFrom?: string; yearTo?: string },
  set: (changes: { yearFrom?: string | null; yearTo?: string | null }) => void,
  years: Option[],
) {
  return (
    <>
      <FilterSelect label={t("reports.filters.yearFrom")} width={130} value={filters.yearFrom} onChange={(yearFrom) => set({ yearFrom })} options={years} />
      <FilterSelect label={t("reports.filters.yearTo")} width={130} value={filters.yearTo} onChange={(yearTo) => set({ yearTo })} options={years} />
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
