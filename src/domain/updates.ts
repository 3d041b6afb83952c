import { z } from "zod";

/** A field schema without its `.default()`: absent stays absent. */
type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S extends z.ZodPrefault<infer Inner> ? Inner : S;

export type UpdateShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> } & {
  version: z.ZodOptional<z.ZodNumber>;
};

function withoutDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return schema.unwrap() as z.ZodType;
  return schema;
}

/** The optimistic-lock counter a PATCH may carry: the `version` of the record as the client read it. */
export const versionField = z
  .number({ message: "Versão inválida." })
  .int("Versão inválida.")
  .positive("Versão inválida.");

/**
 * The PATCH schema of a resource, from the fields of its create schema: every field optional and
 * none defaulted (zod's `.partial()` keeps `.default()`, which silently reset fields an edit did not
 * send), unknown fields refused, plus the optional `version` of the record being edited.
 */
export function updateSchemaOf<S extends z.ZodRawShape>(fields: z.ZodObject<S>): z.ZodObject<UpdateShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(fields.shape)) shape[key] = withoutDefault(schema as z.ZodType).optional();
  shape.version = versionField.optional();
  return z.object(shape).strict() as unknown as z.ZodObject<UpdateShape<S>>;
}
