import { z } from "zod";

/**
 * The text fields of every create schema, with one wording for their messages. `label` names the field
 * as it reads after "Informe" ("o título", "número da proposta"); messages that start with it capitalize it.
 */
const capitalized = (label: string) => `${label[0].toUpperCase()}${label.slice(1)}`;

/** Required text, trimmed: "Informe o título." when empty, "O título: no máximo 200 caracteres." when long. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, `Informe ${label}.`)
    .max(max, `${capitalized(label)}: no máximo ${max} caracteres.`);

/** Optional text, trimmed; empty, null or absent is stored as null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${capitalized(label)}: informe um texto.` })
    .trim()
    .max(max, `${capitalized(label)}: no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));
