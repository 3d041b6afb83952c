import { z } from "zod";
import { ROLES, type Role } from "./auth";
import { actsAcrossClients, passesGuard } from "./guards";
import { executedInstant } from "./fields";
import { optionalPhoneSchema } from "./phone";
import { versionField } from "./updates";
import { recordFields, wire } from "./wire";

/** Password rules shared by the profile form and the server. */
export const passwordSchema = z
  .string({ message: "Informe a senha." })
  .min(8, "A senha precisa ter pelo menos 8 caracteres.")
  .max(128, "A senha pode ter no máximo 128 caracteres.");

const nameSchema = z.string({ message: "Informe o nome completo." }).trim().min(2, "Informe o nome completo.").max(120, "Nome longo demais.");
const emailSchema = z.string({ message: "Informe o e-mail." }).trim().toLowerCase().email("Informe um e-mail válido.").max(254, "E-mail longo demais.");
const phoneSchema = optionalPhoneSchema;
const roleSchema = z.enum(ROLES, { message: "Perfil inválido." });

/** PATCH /api/users/{id} (spec section 3: name, email, password, rePassword, acceptTerms, acceptTermsAt). */
export const userUpdateSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    rePassword: z.string(),
    /** Proof for changing one's own password or e-mail (unless signed in within the last five minutes). */
    currentPassword: z.string().max(128, "A senha pode ter no máximo 128 caracteres."),
    acceptTerms: z.boolean(),
    acceptTermsAt: executedInstant("a data de aceite dos termos"),
    phone: phoneSchema,
    role: roleSchema,
    active: z.boolean(),
    version: versionField,
  })
  .partial()
  .strict()
  .refine((v) => v.password === undefined || v.password === v.rePassword, {
    message: "As senhas não conferem.",
    path: ["rePassword"],
  });

export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * POST /api/users. An ADMIN names the company (none for another ADMIN); a MANAGER creates people in
 * its own company. `sendInvite` also e-mails the set-password link.
 */
export const userCreateSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    role: roleSchema.default("USER"),
    companyId: z.number({ message: "Cliente inválido." }).int().positive("Cliente inválido.").nullable().optional(),
    phone: phoneSchema.optional(),
    sendInvite: z.boolean().optional(),
  })
  .strict();
export type UserCreate = z.input<typeof userCreateSchema>;

/** PATCH /api/users/{id}/avatar: a storagePath from an upload of kind avatar, or null to remove it. */
export const userAvatarSchema = z.object({ storagePath: z.string().max(200).nullable() }).strict();

/** POST /api/auth/send-invite. */
export const sendInviteSchema = z.object({ email: emailSchema }).strict();

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();

/** A user as the API returns it. */
export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  companyId: number | null;
  companyName: string | null;
  companyCNPJ: string | null;
  phone: string | null;
  avatarUrl: string | null;
  active: boolean;
  acceptTerms: boolean;
  acceptTermsAt: string | null;
  /** Whether the person has an identity (has been invited or signed in). */
  hasIdentity: boolean;
  invitedAt: string | null;
  lastLoginAt: string | null;
  /** The optimistic-lock counter: a PATCH that sends an older one is refused with 409. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Who acts and who is acted on, as far as managing people goes. */
export interface PersonRef {
  id: number;
  role: Role;
  companyId: number | null;
}

/**
 * Whether `actor` may see or change `target` (issue 30: one rule for the server's checks and the SPA's
 * buttons): oneself, the consultancy, or a manager of the target's company when the target is not
 * the consultancy's.
 */
export function mayManagePerson(actor: PersonRef, target: PersonRef): boolean {
  if (actor.id === target.id || actsAcrossClients(actor.role)) return true;
  return passesGuard(actor.role, "manager-only") && target.companyId !== null && target.companyId === actor.companyId && !actsAcrossClients(target.role);
}

/** The roles a company's person may be given (least privileged first): the consultancy's is not one of them. */
export const COMPANY_ROLES: readonly Role[] = [...ROLES].reverse().filter((role) => !actsAcrossClients(role));

/** A user on the wire: what GET/POST/PATCH/DELETE /api/users answer (the server serializes through it). */
export const userRowSchema = z.object({
  ...recordFields,
  name: wire.text(),
  email: wire.text(),
  role: z.enum(ROLES),
  companyId: wire.intOrNull(),
  companyName: wire.textOrNull(),
  companyCNPJ: wire.textOrNull(),
  phone: wire.textOrNull(),
  avatarUrl: wire.textOrNull(),
  active: wire.bool(),
  acceptTerms: wire.bool(),
  acceptTermsAt: wire.timestampOrNull(),
  hasIdentity: wire.bool(),
  invitedAt: wire.timestampOrNull(),
  lastLoginAt: wire.timestampOrNull(),
}) satisfies z.ZodType<User>;

/** The answer of POST /api/auth/send-invite; `link` only with the local identity emulator. */
export const inviteResultSchema = z.object({
  success: z.literal(true),
  email: wire.text(),
  invitedAt: wire.timestamp(),
  link: z.string().optional(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** Where the set-password link leads (the SPA reads oobCode and confirms the new password). */
export const SET_PASSWORD_PATH = "/admin/auth/set-password";

/** Where a person stands: deactivated, using the system, invited but not in yet, or never invited. */
export const USER_STATUSES = ["inactive", "active", "invited", "pending"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Whom an invitation is for: people not using the system yet (never invited, or invited and not in). */
export const INVITABLE_STATUSES: readonly UserStatus[] = ["pending", "invited"];

/** The status of a person (the users list's `status` filter computes the same in SQL). */
export function userStatus(user: { active: boolean; lastLoginAt: string | Date | null; invitedAt: string | Date | null; hasIdentity: boolean }): UserStatus {
  if (!user.active) return "inactive";
  if (user.lastLoginAt) return "active";
  return user.invitedAt ? "invited" : user.hasIdentity ? "active" : "pending";
}
