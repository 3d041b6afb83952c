import { z } from "zod";

/**
 * The PNTP 2025 self-check of a municipality's public portal (issue 34): each criterion the
 * evaluation scores on transfers received (5.1) and on emendas (17.1, 17.2), pass or fail, why, and
 * where to fix it. Computed from the data on every request, never typed in. It is also the
 * checklist a new client's portal meets before going live.
 */
// Not exported as a code list: each criterion comes with its own pt-BR title from the server.
const TRANSPARENCY_CRITERIA = ["portal", "5.1", "17.1", "17.2"] as const;
export type TransparencyCriterion = (typeof TRANSPARENCY_CRITERIA)[number];

export const transparencyCheckItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  passed: z.boolean(),
  /** Why, in pt-BR: what is missing and how many ("3 transferências sem objeto"), or what meets it. */
  reason: z.string(),
  /** Where to fix it (an admin path, without authComp); null when there is nothing to do there. */
  fix: z.object({ label: z.string(), path: z.string() }).nullable(),
});

export const transparencyCheckSchema = z.object({
  companyId: z.number().int(),
  /** The portal's address, /transparency/{slug}. */
  portalPath: z.string(),
  published: z.boolean(),
  passed: z.boolean(),
  checkedAt: z.string(),
  criteria: z.array(z.object({ code: z.enum(TRANSPARENCY_CRITERIA), title: z.string(), passed: z.boolean(), items: z.array(transparencyCheckItemSchema) })),
  /** What the public site says about records not published ("3 de 40 transferências especiais não estão publicadas."). */
  notices: z.array(z.string()),
});

export type TransparencyCheckItem = z.infer<typeof transparencyCheckItemSchema>;
export type TransparencyCheck = z.infer<typeof transparencyCheckSchema>;
