import { z } from "zod";
import { wire } from "./wire";

export const AUDIT_ACTIONS = ["LOGIN", "LOGOUT", "LOGIN_FAILED"] as const;
/** SESSION: recorded by a signed-in session; ANONYMOUS: reported without one (the caller's claim, unproven). */
export const AUDIT_SOURCES = ["SESSION", "ANONYMOUS"] as const;

/** One access-log entry as /api/audit-logs sends it. */
export const accessLogRowSchema = z.object({
  id: wire.id(),
  action: wire.oneOf(AUDIT_ACTIONS),
  source: wire.oneOf(AUDIT_SOURCES),
  comment: wire.textOrNull(),
  userId: wire.intOrNull(),
  companyId: wire.intOrNull(),
  email: wire.textOrNull(),
  /** What the signed-in client reported about itself (JSON), kept small by POST /api/log. */
  userData: z.unknown(),
  ip: wire.textOrNull(),
  userAgent: wire.textOrNull(),
  createdAt: wire.timestamp(),
});
export type AccessLog = z.infer<typeof accessLogRowSchema>;
