import { z } from "zod";

/**
 * The `:id` of a record in a path, as a declared action reads it: a positive integer the database can
 * hold. Anything else (a word, a fraction, a number too large) is refused with the record's own pt-BR
 * message, the one a missing record gets, so a malformed id says nothing more than an unknown one.
 */
export const idParamsOf = (message: string) => z.object({ id: z.coerce.number({ message }).int(message).positive(message).max(2_147_483_647, message) });
