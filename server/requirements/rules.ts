import { eq } from "drizzle-orm";
import {
  requirementStatusProblem,
  transferKindProblem,
  type RequirementFill,
  type RequirementFillResult,
  type RequirementStatus,
  type RequirementTransferKind,
  type RequirementType,
} from "../../src/domain/requirements";
import type { Db } from "../db/client";
import { requirementTemplates } from "../db/schema";
import { unprocessable } from "../lib/errors";
import type { StoredRow, WriteContext } from "../resources/define-resource";
import { companyFacts, fillText, placeholderValues, recipientNameFor, transferFacts } from "./fill";

/**
 * Requirements' rules (issue 16): a requirement names a template that exists, a transfer of its own
 * company of a kind the template's type allows (or none), and a status its dates agree with.
 */

const refuse = (field: string, message: string) => unprocessable(message, { [field]: message });

/** The template named by `id`, or a 422 on `templateId`. */
export async function templateOf(db: Db, id: number) {
  const [template] = await db.select().from(requirementTemplates).where(eq(requirementTemplates.id, id));
  if (!template) throw refuse("templateId", "Modelo de requerimento não encontrado.");
  return template;
}

/** A transfer is chosen whole (its kind and its id) or not at all. */
function checkTransferChoice(kind: RequirementTransferKind | null, id: number | null) {
  if ((kind === null) !== (id === null)) throw refuse("transferId", "Escolha o tipo e a transferência, ou nenhum dos dois.");
}

/** The template's type admits the transfer's kind. */
function checkKindFitsType(type: RequirementType | null, kind: RequirementTransferKind | null) {
  const problem = type && kind ? transferKindProblem(type, kind) : undefined;
  if (problem) throw refuse("transferId", problem);
}

/** A requirement's write: its type from its template, its transfer's number from the company's transfer, its status checked. */
export async function prepareRequirement(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const merged = { ...existing, ...values } as Record<string, unknown>;
  const extra: Record<string, unknown> = {};
  if ("templateId" in values) extra.type = values.templateId == null ? null : (await templateOf(ctx.tx, values.templateId as number)).type;
  const kind = merged.transferKind as RequirementTransferKind | null;
  if ("transferKind" in values || "transferId" in values) {
    const id = merged.transferId as number | null;
    checkTransferChoice(kind, id);
    extra.transferNumber =
      kind && id
        ? (
            await transferFacts(ctx.tx, ctx.companyId!, kind, id).catch(() => {
              throw refuse("transferId", "Transferência não encontrada nesta prefeitura.");
            })
          ).number
        : null;
  }
  checkKindFitsType(("type" in extra ? extra.type : merged.type) as RequirementType | null, kind);
  const problem = requirementStatusProblem({
    status: (merged.status ?? "RASCUNHO") as RequirementStatus,
    protocolNumber: (merged.protocolNumber ?? null) as string | null,
    sentOn: (merged.sentOn ?? null) as string | null,
    respondedOn: (merged.respondedOn ?? null) as string | null,
    subject: merged.subject as string,
    body: merged.body as string,
  });
  if (problem) throw refuse(problem.field, problem.message);
  return { ...values, ...extra };
}

/** A template filled with the company's data and, when one is chosen, one of its transfers (`today`: São Paulo's day). */
export async function fillRequirement(db: Db, companyId: number, fill: RequirementFill, today: string): Promise<RequirementFillResult> {
  const template = await templateOf(db, fill.templateId);
  const kind = fill.transferKind ?? null;
  const id = fill.transferId ?? null;
  checkTransferChoice(kind, id);
  checkKindFitsType(template.type, kind);
  const company = await companyFacts(db, companyId);
  const transfer = kind && id ? await transferFacts(db, companyId, kind, id) : null;
  const values = placeholderValues(company, transfer, today);
  const subject = fillText(template.subject, values);
  const text = fillText(template.body, values);
  return {
    templateId: template.id,
    transferKind: kind,
    transferId: id,
    recipientKind: template.recipientKind,
    recipientName: recipientNameFor(template.recipientKind, company, transfer),
    subject: subject.text,
    body: text.text,
    unfilled: [...new Set([...subject.unfilled, ...text.unfilled])],
  };
}
