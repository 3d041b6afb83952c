import { codeLabels } from "../../src/domain/labels/codes";
import { eq } from "drizzle-orm";
import {
  AMENDMENTS_OVER_TRANSFER,
  WINDOW_FIELDS,
  WINDOW_ORDER_MESSAGE,
  amendmentsExceedTransfer,
  canMoveProposal,
  type ProposalAmendment,
  type ProposalHistoryEntry,
  type ProposalStatus,
} from "../../src/domain/captacao";
import type { Db } from "../db/client";
import { grantors, programs } from "../db/schema";
import { registerConstraintMessage, unprocessable } from "../lib/errors";
import type { StoredRow, WriteContext } from "../resources/define-resource";

/**
 * Captação's write rules (issue 14), run inside each write's transaction: a grantor's hierarchy has
 * no cycle, a program's windows end after they start, a proposal follows the SICONV flow. The
 * database's own refusals are named here in pt-BR.
 */

registerConstraintMessage("grantors_siafi_code_key", "Já existe um órgão com este código SIAFI.", "siafiCode");
registerConstraintMessage("grantors_parent_id_grantors_id_fk", "Este órgão tem órgãos subordinados: exclua ou mova-os antes.");
registerConstraintMessage("programs_grantor_id_grantors_id_fk", "Este órgão concede programas do catálogo: troque o concedente deles antes de excluí-lo.");
registerConstraintMessage("programs_code_key", "Já existe um programa com este código.", "code");
for (const kind of Object.keys(WINDOW_FIELDS)) registerConstraintMessage(`programs_${kind}_order`, WINDOW_ORDER_MESSAGE);
registerConstraintMessage("proposals_company_nr_entity_key", "Já existe uma proposta com este número para este proponente.", "nrProposal");
const VALIDITY_ORDER_MESSAGE = "O fim da vigência não pode ser antes do início.";
registerConstraintMessage("proposals_validity_order", VALIDITY_ORDER_MESSAGE, "validityEnd");

const refuse = (field: string, message: string) => unprocessable(message, { [field]: message });

/** The grantor named by `id` exists (checked in the write's transaction). */
async function grantorExists(tx: Db, id: number): Promise<{ id: number; parentId: number | null } | undefined> {
  const [row] = await tx.select({ id: grantors.id, parentId: grantors.parentId }).from(grantors).where(eq(grantors.id, id));
  return row;
}

/** A grantor's parent must exist and must not be the grantor itself or one of its subordinates. */
export async function checkParent(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const parentId = values.parentId;
  if (typeof parentId !== "number") return values;
  const message = "Escolha um órgão superior válido.";
  let current = await grantorExists(ctx.tx, parentId);
  if (!current) throw refuse("parentId", message);
  // Walk up from the new parent: meeting the grantor itself means a cycle.
  for (let depth = 0; current && depth < 20; depth++) {
    if (existing && current.id === existing.id) throw refuse("parentId", "Um órgão não pode ficar subordinado a si mesmo nem a um dos seus subordinados.");
    current = current.parentId === null ? undefined : await grantorExists(ctx.tx, current.parentId);
  }
  return values;
}

/** A program's grantor must exist; its windows (as stored after the change) must end after they start. */
export async function checkProgram(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  if (typeof values.grantorId === "number" && !(await grantorExists(ctx.tx, values.grantorId))) throw refuse("grantorId", "Escolha um órgão concedente válido.");
  const merged = { ...existing, ...values };
  for (const [start, end] of Object.values(WINDOW_FIELDS)) {
    const a = merged[start];
    const b = merged[end];
    if (typeof a === "string" && typeof b === "string" && b < a) throw refuse(end, WINDOW_ORDER_MESSAGE);
    if ((a == null) !== (b == null)) throw refuse(a == null ? start : end, "Informe o início e o fim do período de recebimento, ou nenhum dos dois.");
  }
  return values;
}

/** Money as cents (numeric(15,2) strings fit in a double's exact range). */
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/**
 * A proposal's rules, inside its write: the program and grantor exist (the grantor defaults to the
 * program's), the global value is transfer plus counterpart, a status change follows the SICONV flow
 * and is recorded in the history with who made it.
 */
export async function prepareProposal(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const next: Record<string, unknown> = { ...values };
  if (typeof values.programId === "number") {
    const [program] = await ctx.tx.select({ grantorId: programs.grantorId }).from(programs).where(eq(programs.id, values.programId));
    if (!program) throw refuse("programId", "Escolha um programa válido.");
    if (values.grantorId == null && (existing?.grantorId ?? null) === null) next.grantorId = program.grantorId;
  }
  if (typeof values.grantorId === "number" && !(await grantorExists(ctx.tx, values.grantorId))) throw refuse("grantorId", "Escolha um órgão concedente válido.");

  if ("transferValue" in values || "counterpartValue" in values || !existing) {
    const total = cents(values.transferValue ?? existing?.transferValue) + cents(values.counterpartValue ?? existing?.counterpartValue);
    next.globalValue = (total / 100).toFixed(2);
  }

  // The validity against the stored other end when one changes alone, so the answer names the field
  // (the database's check stays the last guard, but its refusal carries no field).
  if ("validityStart" in values || "validityEnd" in values) {
    const start = "validityStart" in values ? values.validityStart : existing?.validityStart;
    const end = "validityEnd" in values ? values.validityEnd : existing?.validityEnd;
    if (typeof start === "string" && typeof end === "string" && end < start) throw refuse("validityEnd", VALIDITY_ORDER_MESSAGE);
  }

  // The emendas' sum against the transfer value as stored after the change (either may change alone).
  if ("amendments" in values || "transferValue" in values) {
    const amendments = (values.amendments ?? existing?.amendments ?? []) as ProposalAmendment[];
    if (amendmentsExceedTransfer(amendments, (values.transferValue ?? existing?.transferValue) as string)) throw refuse("amendments", AMENDMENTS_OVER_TRANSFER);
  }

  const from = existing?.status as ProposalStatus | undefined;
  const to = (values.status ?? from) as ProposalStatus;
  if (from && !canMoveProposal(from, to)) throw refuse("status", `A proposta não pode passar de "${STATUS_TEXT[from]}" para "${STATUS_TEXT[to]}".`);
  if (!from || from !== to) {
    const entry: ProposalHistoryEntry = { status: to, at: ctx.now.toISOString(), by: ctx.user.name ?? ctx.user.email ?? null };
    next.statusHistory = [...((existing?.statusHistory as ProposalHistoryEntry[] | undefined) ?? []), entry];
  }
  return next;
}

/** The status names in refusal messages: the catalogue's, as the screens and the reports show them. */
const STATUS_TEXT = codeLabels.proposalStatuses;
