import { z } from "zod";

/** Shapes the SPA and the server share for the signed-in user (spec section 3). */
export const ROLES = ["ADMIN", "MANAGER", "USER", "CAMARA"] as const;
export type Role = (typeof ROLES)[number];

export interface CustomClaims {
  id: number;
  role: Role;
  acceptTerms: boolean;
  companyId: number | null;
  companyCNPJ: string | null;
  companyName: string | null;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  avatarUrl: string | null;
  customClaims: CustomClaims;
}

/** GET /api/auth/me and POST /api/auth/login answer `{ user }` in this shape. */
export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  customClaims: z.object({
    id: z.number(),
    role: z.enum(ROLES),
    acceptTerms: z.boolean(),
    companyId: z.number().nullable(),
    companyCNPJ: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
});
export const sessionEnvelopeSchema = z.object({ user: sessionUserSchema });

export const LOG_ACTIONS = ["LOGIN", "LOGOUT"] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** The one message every failed login, terms check or terms update shows (spec section 5). */
export const LOGIN_FAILED_MESSAGE = "O endereço de e-mail ou senha está incorreto. Por favor, tente novamente.";

/** Identity-provider ID tokens older than this are not exchanged for a session (spec section 9). */
export const ID_TOKEN_MAX_AGE_SECONDS = 5 * 60;
