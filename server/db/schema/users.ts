import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, jsonb } from "drizzle-orm/pg-core";
import { companies, timestamps, versioned } from "./companies";

export const roleEnum = pgEnum("user_role", ["ADMIN", "MANAGER", "USER", "CAMARA"]);

/**
 * A person who signs in. ADMIN users (consultancy) belong to no company; MANAGER and USER belong to
 * exactly one. The identity lives in Firebase (firebase_uid); role and company live here.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    firebaseUid: text("firebase_uid"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: roleEnum("role").notNull().default("USER"),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    phone: text("phone"),
    avatarPath: text("avatar_path"),
    active: boolean("active").notNull().default(true),
    acceptTerms: boolean("accept_terms").notNull().default(false),
    acceptTermsAt: timestamp("accept_terms_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** When the last set-password invitation went out (POST /api/auth/send-invite). */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_firebase_uid_key").on(t.firebaseUid),
    index("users_company_idx").on(t.companyId),
  ],
);

export const logActionEnum = pgEnum("log_action", ["LOGIN", "LOGOUT", "LOGIN_FAILED"]);
/** Who wrote an audit entry: a signed-in session, or an anonymous caller whose claims are unproven. */
export const logSourceEnum = pgEnum("log_source", ["SESSION", "ANONYMOUS"]);

/** Sign-in audit trail: LOGIN, LOGOUT and failed attempts (POST /api/log). */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    action: logActionEnum("action").notNull(),
    source: logSourceEnum("source").notNull().default("SESSION"),
    comment: text("comment"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    email: text("email"),
    userData: jsonb("user_data"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_logs_created_idx").on(t.createdAt), index("audit_logs_user_idx").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type Role = (typeof roleEnum.enumValues)[number];

/**
 * One row per issued session cookie (keyed by its SHA-256), so logout revokes exactly that session
 * and a stolen cookie dies with it. The cookie itself is a Firebase session cookie.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId), index("user_sessions_expires_idx").on(t.expiresAt)],
);
