import { describeFields, type CodeList } from "@/components/resource/fields";

// TODO(after main's src/domain/access-logs.ts lands): use its AccessLog row type and AUDIT_ACTIONS.
const AUDIT_ACTIONS = ["LOGIN", "LOGOUT", "LOGIN_FAILED"] as const;
interface AuditLog {
  id: number;
  action: (typeof AUDIT_ACTIONS)[number];
  email: string | null;
  comment: string | null;
  ip: string | null;
  createdAt: string;
}

const ACTION_COLORS: Record<AuditLog["action"], string> = { LOGIN: "green", LOGOUT: "default", LOGIN_FAILED: "red" };

const actions: CodeList = {
  values: AUDIT_ACTIONS,
  label: (code) => `access-logs.actions.${code as AuditLog["action"]}`,
  color: (code) => ACTION_COLORS[code as AuditLog["action"]] ?? "default",
};

/** Sign-ins, sign-outs and refused attempts, newest first (ADMIN: all or the chosen company; MANAGER: its own). */
export default describeFields<AuditLog>({
  titles: { list: "access-logs.titles.list" },
  defaultSort: { field: "createdAt", order: "desc" },
  sections: [],
  columns: [
    { name: "createdAt", type: "datetime", label: "access-logs.fields.createdAt", sorter: true },
    { name: "action", type: "code", codes: actions, label: "access-logs.fields.action", filter: "codes" },
    { name: "email", label: "access-logs.fields.email", sorter: true, filter: "search", placeholder: "access-logs.searchEmail" },
    { name: "comment", label: "access-logs.fields.comment", ellipsis: true, filter: "search", placeholder: "access-logs.searchComment" },
    { name: "ip", label: "access-logs.fields.ip" },
  ],
});
