import { z } from "zod";

/** Password rules shared by the profile form and the server. */
export const passwordSchema = z
  .string()
  .min(8, "A senha precisa ter pelo menos 8 caracteres.")
  .max(128, "A senha pode ter no máximo 128 caracteres.");

/** PATCH /api/users/{id} (spec section 3: name, email, password, rePassword, acceptTerms, acceptTermsAt). */
export const userUpdateSchema = z
  .object({
    name: z.string().trim().min(2, "Informe o nome completo.").max(120, "Nome longo demais."),
    email: z.string().trim().toLowerCase().email("Informe um e-mail válido."),
    password: passwordSchema,
    rePassword: z.string(),
    acceptTerms: z.boolean(),
    acceptTermsAt: z.coerce.date({ message: "Data de aceite inválida." }),
    phone: z.string().trim().max(30).nullable(),
    role: z.enum(["ADMIN", "MANAGER", "USER"], { message: "Perfil inválido." }),
    active: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => v.password === undefined || v.password === v.rePassword, {
    message: "As senhas não conferem.",
    path: ["rePassword"],
  });

export type UserUpdate = z.infer<typeof userUpdateSchema>;
