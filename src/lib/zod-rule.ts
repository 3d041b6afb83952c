import type { Rule } from "antd/es/form";
import type { ZodType } from "zod";

/** An antd Form rule from a zod schema: the field shows the same pt-BR message the server would send. */
export function zodRule(schema: ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === "" ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido.");
    },
  };
}
