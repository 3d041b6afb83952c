import type { FormRule } from "antd";

/** A field that must repeat another one (rePassword), with the message shown when it does not. */
export function sameAs(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value?: string) => {
      if ((getFieldValue(field) || "") !== (value || "")) throw new Error(message);
    },
  });
}
