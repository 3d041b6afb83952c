import { z } from "zod";
import { wire } from "./wire";

export const AUDIT_ACTIONS = ["LOGIN", "LOGOUT", "LOGIN_FAILED"] as const;

/** One access-log entry as /api/audit-logs sends it. */
export const accessLogRowSchema = z.object({
  id: wire.id(),
  action: wire.oneOf(AUDIT_ACTIONS),
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
