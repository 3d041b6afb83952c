import type { ComponentProps } from "react";
import { DatePicker, InputNumber } from "antd";
import type { Dayjs } from "dayjs";
import { dayjsToIso, formatMoneyInput, isoToDayjs, parseMoneyInput, typedDay } from "@/lib/form-values";
import { isCalendarDate } from "@/domain/dates";

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
 * A typed day the picker cannot take (`31/02/2026`, `40/11/2026`, `abc`) is not dropped: leaving the
 * field hands it to the form as typed (`2026-02-31`), so the field's rule, the server's, says what is wrong.
 */
export function DateInput({ onKeyDown, onBlur, onChange, ...props }: ComponentProps<typeof DatePicker>) {
  return (
    <DatePicker
      format="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      style={{ width: "100%" }}
      {...props}
      onChange={onChange}
      onKeyDown={(event, preventPickerDefault) => {
        if (event.key === "Enter") event.preventDefault();
        onKeyDown?.(event, preventPickerDefault);
      }}
      onBlur={(event, info) => {
        const typed = typedDay((event.target as HTMLInputElement | null)?.value);
        // A real day was taken by the picker itself; anything else goes to the form as typed.
        if (typed !== null && !isCalendarDate(typed)) (onChange as unknown as ((value: string) => void) | undefined)?.(typed);
        onBlur?.(event, info);
      }}
    />
  );
}

/**
 * Form.Item props that keep a date field's value as an ISO day (`2025-03-07`), null once cleared; a
 * typed day the picker could not take stays as typed (a string), for the field's rule to refuse it.
 */
export const dateItemProps = {
  getValueProps: (value?: string | null) => ({ value: isoToDayjs(value) }),
  normalize: (value?: Dayjs | string | null) => (typeof value === "string" ? value : dayjsToIso(value)),
};
