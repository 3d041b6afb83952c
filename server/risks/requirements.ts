import { TRANSFER_KINDS_OF_TYPE } from "../../src/domain/requirements";
import type { Db } from "../db/client";
import { requirements } from "../db/schema";
import { unprocessable } from "../lib/errors";
import { fillRequirement, templateOf } from "../requirements/rules";
import type { ComputedRisk } from "./queue";

/**
 * "Gerar requerimento" for many items at once: the requirements area's own fill (its template, the
 * client's data and the item's transfer), saved as a draft of each item's client. All or nothing:
 * an item the template cannot speak of refuses the batch before anything is written.
 */
export async function generateRequirements(db: Db, items: readonly ComputedRisk[], templateId: number, today: string) {
  const template = await templateOf(db, templateId);
  const allowed = TRANSFER_KINDS_OF_TYPE[template.type];
  const misfit = items.filter((item) => item.transferKind !== null && !allowed.includes(item.transferKind));
  if (misfit.length > 0) {
    const message = `O modelo «${template.title}» não serve para ${misfit.length === 1 ? "o item" : "os itens"} ${misfit.slice(0, 5).map((i) => i.reference ?? i.key).join(", ")}: escolha um modelo do tipo da transferência.`;
    throw unprocessable(message, { templateId: message });
  }
  const filled = await Promise.all(
    items.map(async (item) => ({
      item,
      fill: await fillRequirement(db, item.companyId, { templateId, transferKind: item.transferKind, transferId: item.transferId }, today),
    })),
  );
  return db.transaction(async (tx) => {
    const created: { key: string; requirementId: number; companyId: number }[] = [];
    for (const { item, fill } of filled) {
      const [row] = await tx
        .insert(requirements)
        .values({
          companyId: item.companyId,
          templateId,
          type: template.type,
          transferKind: fill.transferKind,
          transferId: fill.transferId,
          transferNumber: item.transferId ? item.reference : null,
          recipientKind: fill.recipientKind,
          recipientName: fill.recipientName.slice(0, 200),
          subject: fill.subject.slice(0, 300),
          body: fill.body,
          status: "RASCUNHO",
          notes: `Gerado pela fila de riscos (${item.key}).`,
        })
        .returning({ id: requirements.id });
      created.push({ key: item.key, requirementId: row.id, companyId: item.companyId });
    }
    return created;
  });
}
