import type { Role } from "./auth";

/** The spec's guard names (section 6). `login` is the sign-in page's own guard (signed-out only). */
export type Guard = "user-only" | "admin-only" | "manager-only";

/** Whether a role passes a guard. ADMIN passes every guard; managers pass manager-only. */
export function passesGuard(role: Role | null | undefined, guard: Guard): boolean {
  if (!role) return false;
  switch (guard) {
    case "user-only":
      return true;
    case "manager-only":
      return role === "MANAGER" || role === "ADMIN";
    case "admin-only":
      return role === "ADMIN";
  }
}
