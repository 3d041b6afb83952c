import { useT } from "@/providers/i18n";
import { Tag } from "antd";
import type { Role } from "@/domain/auth";
import type { User } from "@/domain/users";

const ROLE_COLORS: Record<Role, string> = { ADMIN: "purple", MANAGER: "blue", USER: "default" };

export function RoleTag({ role }: { role: Role }) {
  const t = useT();
  return <Tag color={ROLE_COLORS[role]}>{t(`users.roles.${role}`)}</Tag>;
}

export type UserStatus = "inactive" | "active" | "invited" | "pending";

/** Where a person stands: deactivated, using the system, invited but not in yet, or never invited. */
export function userStatus(user: Pick<User, "active" | "lastLoginAt" | "invitedAt" | "hasIdentity">): UserStatus {
  if (!user.active) return "inactive";
  if (user.lastLoginAt) return "active";
  return user.invitedAt ? "invited" : user.hasIdentity ? "active" : "pending";
}

const STATUS_COLORS: Record<UserStatus, string> = { active: "green", inactive: "red", invited: "gold", pending: "default" };

export function UserStatusTag({ user }: { user: Pick<User, "active" | "lastLoginAt" | "invitedAt" | "hasIdentity"> }) {
  const t = useT();
  const status = userStatus(user);
  return <Tag color={STATUS_COLORS[status]}>{t(`users.status.${status}`)}</Tag>;
}
