import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar, char, uniqueIndex } from "drizzle-orm/pg-core";

/** The optimistic-lock counter of an updatable record: every update adds one; a PATCH naming an older one is a 409. */
export const versioned = {
  version: integer("version").notNull().default(1),
};

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A municipality (prefeitura) served by the consultancy: the tenant of every other table. */
export const companies = pgTable(
  "companies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cnpj: varchar("cnpj", { length: 14 }).notNull(),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    slug: text("slug").notNull(),
    ibgeCode: char("ibge_code", { length: 7 }),
    uf: char("uf", { length: 2 }),
    email: text("email"),
    phone: text("phone"),
    mayorName: text("mayor_name"),
    logoPath: text("logo_path"),
    // A new client's portal starts unpublished: going live is a decision, taken once its checklist is met.
    publicPortalEnabled: boolean("public_portal_enabled").notNull().default(false),
    /** Per-company switches of the admin side (alert lead times, alert recipients): see src/domain/companies.ts. */
    parametrization: jsonb("parametrization").$type<Record<string, unknown>>().notNull().default({}),
    /** What the public transparency site shows: see src/domain/companies.ts. */
    transparency: jsonb("transparency").$type<Record<string, unknown>>().notNull().default({}),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("companies_cnpj_key").on(t.cnpj),
    uniqueIndex("companies_slug_key").on(t.slug),
    index("companies_name_idx").on(sql`lower(${t.name})`),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
