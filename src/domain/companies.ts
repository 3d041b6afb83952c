import { getMunicipalityByCode } from "@brazilian-utils/brazilian-utils/get-municipality-by-code";
import { removeAccents } from "@brazilian-utils/brazilian-utils/remove-accents";
import { z } from "zod";
import { cnpjOf } from "./fields";
import { optionalPhoneSchema } from "./phone";
import { versionField } from "./updates";
import { recordFields, wire } from "./wire";

/** Optional free text: an empty field means "none" (null). */
export function optionalText(max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().max(max, `Use no máximo ${max} caracteres.`).nullable().optional(),
  );
}

export const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string().trim().toLowerCase().email("Informe um e-mail válido.").max(254).nullable().optional(),
);

/** The public address of a company's transparency site: /transparency/{slug}. */
export const slugSchema = z
  .string({ message: "Informe o endereço público." })
  .trim()
  .min(2, "O endereço público precisa ter pelo menos 2 caracteres.")
  .max(60, "Use no máximo 60 caracteres.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use só letras minúsculas sem acento, números e hífens (ex.: sao-jose-dos-campos).");

/** `São José dos Campos` → `sao-jose-dos-campos`. */
export function slugify(text: string): string {
  return removeAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

export const ibgeCodeSchema = z
  .string({ message: "Selecione o município." })
  .regex(/^\d{7}$/, "Selecione o município.")
  // Zod runs every check; only a well-formed code is looked up, so one message per mistake.
  .refine((code) => !/^\d{7}$/.test(code) || Boolean(getMunicipalityByCode(code)), "Município não encontrado na lista do IBGE.");

/** The municipality (name and UF) of an IBGE code, or null. */
export function municipalityOf(ibgeCode: string | null | undefined): { name: string; uf: string } | null {
  const found = ibgeCode ? getMunicipalityByCode(ibgeCode) : undefined;
  return found ? { name: found.name, uf: found.stateCode } : null;
}

/** Sections of the public transparency site (spec section 2, public routes). */
export const TRANSPARENCY_SECTIONS = ["dashboard", "fiscalIndicators", "impositionTransfers", "voluntaryTransfers"] as const;
export type TransparencySection = (typeof TRANSPARENCY_SECTIONS)[number];

export const transparencySchema = z
  .object({
    sections: z
      .object({
        dashboard: z.boolean(),
        fiscalIndicators: z.boolean(),
        impositionTransfers: z.boolean(),
        voluntaryTransfers: z.boolean(),
      })
      .strict(),
    /** Whether a transfer's page lists its payments (empenhos, ordens bancárias). */
    showPayments: z.boolean(),
    /** A short presentation shown at the top of the public site. */
    welcomeText: optionalText(1000).transform((v) => v ?? null),
  })
  .strict();
export type Transparency = z.infer<typeof transparencySchema>;

export const DEFAULT_TRANSPARENCY: Transparency = {
  sections: { dashboard: true, fiscalIndicators: true, impositionTransfers: true, voluntaryTransfers: true },
  showPayments: true,
  welcomeText: null,
};

/** The longest lead time an alert setting accepts, in days. */
export const ALERT_DAYS_MAX = 365;

const alertDays = (what: string) =>
  z
    .number({ message: `Informe com quantos dias de antecedência avisar sobre ${what}.` })
    .int("Use um número inteiro de dias.")
    .min(1, "Use pelo menos 1 dia.")
    .max(ALERT_DAYS_MAX, `Use no máximo ${ALERT_DAYS_MAX} dias.`);

/** The company's own switches (settings > parametrization): when alerts fire, who receives them, and the daily sync. */
export const parametrizationSchema = z
  .object({
    validityAlertDays: alertDays("o fim da vigência"),
    accountabilityAlertDays: alertDays("o prazo de prestação de contas"),
    caucAlertDays: alertDays("o vencimento de itens do CAUC"),
    alertEmails: z.array(z.string().trim().toLowerCase().email("Informe e-mails válidos.")).max(10, "Informe no máximo 10 e-mails."),
    /** The daily Transferegov sync (emendas PIX and fundo a fundo) runs for this company; on unless turned off. */
    transferegovSyncEnabled: z.boolean({ message: "Informe se a sincronização diária está ligada." }).default(true),
  })
  .strict();
export type Parametrization = z.infer<typeof parametrizationSchema>;
/** The settings that say how many days before a deadline it is announced. */
export type AlertDaysSetting = "validityAlertDays" | "accountabilityAlertDays" | "caucAlertDays";

export const DEFAULT_PARAMETRIZATION: Parametrization = {
  validityAlertDays: 60,
  accountabilityAlertDays: 30,
  caucAlertDays: 15,
  alertEmails: [],
  transferegovSyncEnabled: true,
};

/** A stored settings object completed with the defaults for anything missing or malformed. */
function withDefaults<T extends object>(schema: z.ZodType<T>, defaults: T, stored: unknown): T {
  const merged = { ...defaults, ...(stored && typeof stored === "object" ? stored : {}) };
  const parsed = schema.safeParse(merged);
  return parsed.success ? parsed.data : defaults;
}

export const parametrizationOf = (stored: unknown) => withDefaults(parametrizationSchema, DEFAULT_PARAMETRIZATION, stored);
export const transparencyOf = (stored: unknown) => withDefaults(transparencySchema, DEFAULT_TRANSPARENCY, stored);

const companyFields = {
  cnpj: cnpjOf("o CNPJ"),
  name: z.string({ message: "Informe o nome do cliente." }).trim().min(2, "Informe o nome do cliente.").max(120, "Use no máximo 120 caracteres."),
  legalName: optionalText(200),
  ibgeCode: ibgeCodeSchema,
  email: optionalEmail,
  phone: optionalPhoneSchema,
  mayorName: optionalText(120),
  /** A storagePath from POST /api/companies/upload-url (kind logo); null removes the logo. */
  logoPath: z.string().max(200).nullable().optional(),
  slug: slugSchema,
  publicPortalEnabled: z.boolean({ message: "Valor inválido." }),
};

/** POST /api/companies. The slug defaults to the name's; the UF comes from the IBGE code. */
export const companyCreateSchema = z
  .object({ ...companyFields, slug: slugSchema.optional(), publicPortalEnabled: companyFields.publicPortalEnabled.optional() })
  .strict();
export type CompanyCreate = z.input<typeof companyCreateSchema>;

/** PATCH /api/companies/{id}: any subset of the fields, settings objects replaced whole. */
export const companyUpdateSchema = z
  .object({ ...companyFields, parametrization: parametrizationSchema, transparency: transparencySchema, version: versionField })
  .partial()
  .strict();
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

/** Fields a MANAGER may change on its own company; the rest (identity, public site) is the ADMIN's. */
export const MANAGER_COMPANY_FIELDS = ["name", "legalName", "email", "phone", "mayorName", "logoPath", "parametrization"] as const;

/** A company as the API returns it. */
export interface Company {
  id: number;
  cnpj: string;
  name: string;
  legalName: string | null;
  slug: string;
  ibgeCode: string | null;
  uf: string | null;
  email: string | null;
  phone: string | null;
  mayorName: string | null;
  logoPath: string | null;
  logoUrl: string | null;
  publicPortalEnabled: boolean;
  parametrization: Parametrization;
  transparency: Transparency;
  usersCount: number;
  /** The optimistic-lock counter: a PATCH that sends an older one is refused with 409. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A company on the wire: what /api/companies answers (lenient: it describes stored data). */
export const companyRowSchema = z.object({
  ...recordFields,
  cnpj: wire.text(),
  name: wire.text(),
  legalName: wire.textOrNull(),
  slug: wire.text(),
  ibgeCode: wire.textOrNull(),
  uf: wire.textOrNull(),
  email: wire.textOrNull(),
  phone: wire.textOrNull(),
  mayorName: wire.textOrNull(),
  logoPath: wire.textOrNull(),
  logoUrl: wire.textOrNull(),
  publicPortalEnabled: wire.bool(),
  parametrization: z.object({
    validityAlertDays: wire.int(),
    accountabilityAlertDays: wire.int(),
    caucAlertDays: wire.int(),
    alertEmails: z.array(z.string()),
    transferegovSyncEnabled: wire.bool(),
  }),
  transparency: z.object({
    sections: z.object({ dashboard: wire.bool(), fiscalIndicators: wire.bool(), impositionTransfers: wire.bool(), voluntaryTransfers: wire.bool() }),
    showPayments: wire.bool(),
    welcomeText: wire.textOrNull(),
  }),
  usersCount: wire.int(),
}) satisfies z.ZodType<Company>;

/** Query flag of DELETE /api/companies/{id} that confirms removing a company with its users and data. */
export const COMPANY_DELETE_CONFIRM = "confirm";
