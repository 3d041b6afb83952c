import { describeFields, type CodeList } from "@/components/resource/fields";
import { AUDIT_ACTIONS, AUDIT_SOURCES, type AccessLog } from "@/domain/access-logs";

type Action = AccessLog["action"];
type Source = AccessLog["source"];

const ACTION_COLORS: Record<Action, string> = { LOGIN: "green", LOGOUT: "default", LOGIN_FAILED: "red" };
const SOURCE_COLORS: Record<Source, string> = { SESSION: "blue", ANONYMOUS: "orange" };

const actions: CodeList = {
  values: AUDIT_ACTIONS,
  label: (code) => `access-logs.actions.${code as Action}`,
  color: (code) => ACTION_COLORS[code as Action] ?? "default",
};

/** Who recorded the entry: the server from a session, or an anonymous report (the caller's unproven claim). */
const sources: CodeList = {
  values: AUDIT_SOURCES,
  label: (code) => `access-logs.sources.${code as Source}`,
  color: (code) => SOURCE_COLORS[code as Source] ?? "default",
  hint: (code) => `access-logs.sourceHints.${code as Source}`,
};

/** Sign-ins, sign-outs and refused attempts, newest first (ADMIN: all or the chosen company; MANAGER: its own). */
export default describeFields<AccessLog>({
  titles: { list: "access-logs.titles.list" },
  defaultSort: { field: "createdAt", order: "desc" },
  sections: [],
  columns: [
    { name: "createdAt", type: "datetime", label: "access-logs.fields.createdAt", sorter: true },
    { name: "action", type: "code", codes: actions, label: "access-logs.fields.action", filter: "codes" },
    { name: "source", type: "code", codes: sources, label: "access-logs.fields.source", filter: "codes" },
    { name: "email", label: "access-logs.fields.email", sorter: true, filter: "search", placeholder: "access-logs.searchEmail" },
    { name: "comment", label: "access-logs.fields.comment", ellipsis: true, filter: "search", placeholder: "access-logs.searchComment" },
    { name: "ip", label: "access-logs.fields.ip" },
  ],
});
