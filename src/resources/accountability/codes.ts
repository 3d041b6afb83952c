import type { CodeList } from "@/components/resource/fields";
import { OBLIGATION_KINDS, OBLIGATION_STATUSES, phaseOf, type ObligationKind, type ObligationStatus } from "@/domain/accountability";

const PHASE_COLORS = { pending: "default", in_progress: "gold", done: "green", rejected: "red" } as const;

export const statusCodes: CodeList = {
  values: OBLIGATION_STATUSES,
  label: (code) => `accountability.statuses.${code as ObligationStatus}`,
  color: (code) => PHASE_COLORS[phaseOf(code as ObligationStatus)] ?? "default",
};

export const kindCodes: CodeList = {
  values: OBLIGATION_KINDS,
  label: (code) => `accountability.kinds.${code as ObligationKind}`,
  color: (code) => (code === "LC210" ? "purple" : code === "CONVENIO" ? "blue" : "cyan"),
};
