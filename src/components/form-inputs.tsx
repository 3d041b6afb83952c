import type { ComponentProps } from "react";
import { DatePicker, InputNumber } from "antd";
import type { Dayjs } from "dayjs";
import { dayjsToIso, formatMoneyInput, isoToDayjs, parseMoneyInput } from "@/lib/form-values";

type MoneyInputProps = Omit<ComponentProps<typeof InputNumber<string>>, "stringMode" | "formatter" | "parser">;

/** Money in reais as people write it (`R$ 1.234,56`); the form value is the exact decimal string `1234.56`. */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <InputNumber<string>
      style={{ width: "100%" }}
      prefix="R$"
      precision={2}
      inputMode="decimal"
      placeholder="0,00"
      {...props}
      stringMode
      formatter={formatMoneyInput}
      parser={parseMoneyInput}
    />
  );
}

/**
 * A calendar day in pt-BR (`dd/mm/aaaa`); pair it with `dateItemProps` on its Form.Item. Enter in the
 * field only confirms the typed day: its default action (the form's implicit submission) is prevented,
 * so Enter in the LC 210 "Data de envio" no longer saves the send before protocol and proof are filled.
 */
export function DateInput({ onKeyDown, ...props }: ComponentProps<typeof DatePicker>) {
  return (
    <DatePicker
      format="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      style={{ width: "100%" }}
      {...props}
      onKeyDown={(event, preventPickerDefault) => {
        if (event.key === "Enter") event.preventDefault();
        onKeyDown?.(event, preventPickerDefault);
      }}
    />
  );
}

/** Form.Item props that keep a date field's value as an ISO day (`2025-03-07`), null once cleared. */
export const dateItemProps = {
  getValueProps: (value?: string | null) => ({ value: isoToDayjs(value) }),
  normalize: (value?: Dayjs | null) => dayjsToIso(value),
};
