import { useT } from "@/providers/i18n";
import { Tag } from "antd";
import type { Role } from "@/domain/auth";
import { userStatus, type User, type UserStatus } from "@/domain/users";

const ROLE_COLORS: Record<Role, string> = { ADMIN: "purple", MANAGER: "blue", USER: "default", CAMARA: "cyan" };

export function RoleTag({ role }: { role: Role }) {
  const t = useT();
  return <Tag color={ROLE_COLORS[role]}>{t(`users.roles.${role}`)}</Tag>;
}

export { userStatus, type UserStatus } from "@/domain/users";

const STATUS_COLORS: Record<UserStatus, string> = { active: "green", inactive: "red", invited: "gold", pending: "default" };

export function UserStatusTag({ user }: { user: Pick<User, "active" | "lastLoginAt" | "invitedAt" | "hasIdentity"> }) {
  const t = useT();
  const status = userStatus(user);
  return <Tag color={STATUS_COLORS[status]}>{t(`users.status.${status}`)}</Tag>;
}
