import { useMemo, useState } from "react";
import { Select, Space } from "antd";
import { getMunicipalities } from "@brazilian-utils/brazilian-utils/get-municipalities";
import { getMunicipalityByCode } from "@brazilian-utils/brazilian-utils/get-municipality-by-code";
import { getStates } from "@brazilian-utils/brazilian-utils/get-states";
import { removeAccents } from "@brazilian-utils/brazilian-utils/remove-accents";

export interface Municipality {
  code: string;
  name: string;
  stateCode: string;
}

export interface MunicipalityPickerProps {
  /** The IBGE code (a form value). */
  value?: string | null;
  onChange?: (ibgeCode: string | null) => void;
  /** Told the chosen municipality, e.g. to fill in a name. */
  onPick?: (municipality: Municipality) => void;
  disabled?: boolean;
  id?: string;
}

const STATES = getStates()
  .map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` }))
  .sort((a, b) => a.value.localeCompare(b.value));

const fold = (text: string) => removeAccents(text).toLowerCase();

/** UF, then municipality, from the IBGE list shipped with @brazilian-utils (5,571 municipalities, offline). */
export function MunicipalityPicker({ value, onChange, onPick, disabled, id }: MunicipalityPickerProps) {
  const current = value ? getMunicipalityByCode(value) : undefined;
  const [chosenUf, setChosenUf] = useState<string | undefined>(undefined);
  const uf = chosenUf ?? current?.stateCode;
  const options = useMemo(
    () => (uf ? getMunicipalities(uf as Parameters<typeof getMunicipalities>[0]).map((m) => ({ value: m.code, label: m.name, municipality: m })) : []),
    [uf],
  );
  return (
    <Space.Compact style={{ width: "100%" }}>
      <Select
        aria-label="UF"
        placeholder="UF"
        style={{ width: 110 }}
        options={STATES}
        value={uf}
        disabled={disabled}
        showSearch
        optionFilterProp="label"
        popupMatchSelectWidth={220}
        onChange={(next: string) => {
          setChosenUf(next);
          if (current && current.stateCode !== next) onChange?.(null);
        }}
      />
      <Select
        id={id}
        aria-label="Município"
        placeholder={uf ? "Digite para buscar o município" : "Escolha a UF primeiro"}
        style={{ flex: 1, minWidth: 0 }}
        options={options}
        value={current?.code ?? null}
        disabled={disabled || !uf}
        showSearch
        filterOption={(input, option) => fold(String(option?.label ?? "")).includes(fold(input))}
        onChange={(code: string, option) => {
          onChange?.(code);
          const picked = Array.isArray(option) ? undefined : (option as { municipality?: Municipality })?.municipality;
          if (picked) onPick?.(picked);
        }}
      />
    </Space.Compact>
  );
}
