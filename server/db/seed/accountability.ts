import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { accountabilityChecklistItems, accountabilityObligations, companies, impositionTransfers, lc210Notices, users } from "../schema";
import { addDays, type ObligationKind, type ObligationStatus } from "../../../src/domain/accountability";
import { refreshObligations } from "../../accountability/obligations";
import { isoDay } from "./transfers";

/**
 * Each demo municipality's accountability on a first start: the obligations computed from its
 * transfers, then a believable history: what fell due long ago was delivered and mostly approved
 * (checklists complete), a few recent ones are late, what falls due next is being prepared (part of
 * the checklist done, a responsible person, notes). Emendas PIX told to the Câmara, the TCU and the
 * TCE-SP, except the newest, still pending. The first two municipalities get alert e-mails for the digest.
 */

const ALERT_EMAILS: Record<string, string[]> = {
  "sao-jose-dos-campos": ["gestor@demo.local", "prestacao.contas@sjc.sp.gov.br"],
  campinas: ["convenios@campinas.sp.gov.br"],
};

const DONE_STATUS: Record<ObligationKind, ObligationStatus[]> = {
  CONVENIO: ["APROVADA", "APROVADA", "APROVADA_COM_RESSALVAS", "APROVADA", "EM_ANALISE", "REJEITADA"],
  ESPECIAL_PARCIAL: ["DISPONIBILIZADO"],
  ESPECIAL_FINAL: ["DISPONIBILIZADO"],
  FUNDO_PARCIAL: ["ANALISE_CONCLUIDA", "ANALISE_CONCLUIDA_CONSELHO", "ENVIADO_ANALISE"],
  FUNDO_FINAL: ["ANALISE_CONCLUIDA", "ENVIADO_ANALISE", "REJEITADO"],
  LC210: ["COMUNICADA"],
};
const UNDER_WAY: Partial<Record<ObligationKind, ObligationStatus>> = { CONVENIO: "EM_COMPLEMENTACAO", ESPECIAL_PARCIAL: "EM_ELABORACAO", ESPECIAL_FINAL: "EM_ELABORACAO", FUNDO_PARCIAL: "EM_ELABORACAO", FUNDO_FINAL: "EM_ELABORACAO" };

const NOTES = [
  "Aguardando extrato bancário do último mês para fechar a conciliação.",
  "Conferir notas fiscais da segunda medição com a Secretaria de Obras.",
  "Diligência do concedente respondida; aguardando nova análise.",
  "Reunião com o conselho municipal marcada para aprovar o relatório.",
];

const TCE_NAME = "Tribunal de Contas do Estado de São Paulo";

export async function seedAccountability(db: Db, companyIds: number[], today = isoDay(Date.now())) {
  await refreshObligations(db, null);
  for (const [position, companyId] of companyIds.entries()) {
    const [company] = await db.select({ slug: companies.slug, name: companies.name, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
    const emails = ALERT_EMAILS[company.slug];
    if (emails) await db.update(companies).set({ parametrization: { ...company.parametrization, alertEmails: emails } }).where(eq(companies.id, companyId));
    const people = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, companyId), eq(users.active, true))).orderBy(asc(users.id));
    const obligations = await db
      .select({ id: accountabilityObligations.id, kind: accountabilityObligations.kind, dueDate: accountabilityObligations.dueDate, impositionTransferId: accountabilityObligations.impositionTransferId })
      .from(accountabilityObligations)
      .where(eq(accountabilityObligations.companyId, companyId))
      .orderBy(asc(accountabilityObligations.dueDate), asc(accountabilityObligations.id));

    // The two newest emendas PIX were not told yet: the notice is pending (and already late).
    const untold = new Set(obligations.filter((ob) => ob.kind === "LC210").slice(-2).map((ob) => ob.id));
    let late = 0;
    const doneIds: number[] = [];
    const halfIds: number[] = [];
    for (const [i, ob] of obligations.entries()) {
      const person = people.length ? people[(i + position) % people.length] : undefined;
      const responsible = person ? { responsibleUserId: person.id, responsibleName: person.name.slice(0, 120) } : {};
      if (ob.kind === "LC210") {
        await seedNotices(db, companyId, company.name, ob, today, i, untold.has(ob.id));
        continue;
      }
      if (!ob.dueDate) continue;
      const past = ob.dueDate < today;
      // Two late obligations per municipality (the most recent past ones are the believable ones).
      const recent = ob.dueDate >= addDays(today, -180);
      if (past && !(recent && late < 2)) {
        const choices = DONE_STATUS[ob.kind];
        await db.update(accountabilityObligations).set({ status: choices[i % choices.length], ...responsible }).where(eq(accountabilityObligations.id, ob.id));
        doneIds.push(ob.id);
      } else if (past) {
        late += 1;
        await db.update(accountabilityObligations).set({ ...responsible, notes: NOTES[late % NOTES.length] }).where(eq(accountabilityObligations.id, ob.id));
        halfIds.push(ob.id);
      } else if (ob.dueDate <= addDays(today, 120)) {
        await db
          .update(accountabilityObligations)
          .set({ ...(i % 2 === 0 && UNDER_WAY[ob.kind] ? { status: UNDER_WAY[ob.kind] } : {}), ...responsible, notes: i % 3 === 0 ? NOTES[i % NOTES.length] : null })
          .where(eq(accountabilityObligations.id, ob.id));
        if (i % 2 === 0) halfIds.push(ob.id);
      }
    }
    if (doneIds.length) await db.update(accountabilityChecklistItems).set({ done: true, doneAt: sql`now()` }).where(inArray(accountabilityChecklistItems.obligationId, doneIds));
    if (halfIds.length) {
      await db
        .update(accountabilityChecklistItems)
        .set({ done: true, doneAt: sql`now()` })
        .where(and(inArray(accountabilityChecklistItems.obligationId, halfIds), sql`${accountabilityChecklistItems.position} <= 20`));
    }
  }
}

/**
 * An emenda PIX's notices: told long ago to all three (the Câmara on the emenda's LC 210 date), one
 * recent one told only to the Câmara; the newest not told yet (the emenda's LC 210 date is then
 * cleared: nobody was told).
 */
async function seedNotices(db: Db, companyId: number, cityName: string, ob: { id: number; dueDate: string | null; impositionTransferId: number | null }, today: string, i: number, untold: boolean) {
  if (!ob.dueDate || !ob.impositionTransferId) return;
  const [transfer] = await db.select({ notifiedAt: impositionTransfers.legislativeNotifiedAt }).from(impositionTransfers).where(eq(impositionTransfers.id, ob.impositionTransferId));
  if (untold || ob.dueDate >= today) {
    await db.update(impositionTransfers).set({ legislativeNotifiedAt: null }).where(eq(impositionTransfers.id, ob.impositionTransferId));
    return;
  }
  const camaraOn = transfer?.notifiedAt && transfer.notifiedAt <= today ? transfer.notifiedAt : addDays(ob.dueDate, -8);
  const year = camaraOn.slice(0, 4);
  const rows = [
    { recipient: "CAMARA" as const, recipientName: `Câmara Municipal de ${cityName}`, sentOn: camaraOn, protocol: `CM-${year}/${String(1000 + i * 7).padStart(5, "0")}` },
    { recipient: "TCU" as const, recipientName: "Tribunal de Contas da União", sentOn: addDays(camaraOn, 1), protocol: `TCU-${year}-${String(40_000 + i * 13)}` },
    { recipient: "TCE" as const, recipientName: TCE_NAME, sentOn: addDays(camaraOn, 2), protocol: `TCESP-${String(9000 + i * 11)}/${year}` },
  ].filter((row) => row.sentOn <= today);
  // One emenda per municipality told only to the Câmara: partly done, and late.
  const partial = ob.dueDate >= addDays(today, -60) && i % 2 === 1;
  const sent = partial ? rows.slice(0, 1) : rows;
  if (!sent.length) return;
  await db.insert(lc210Notices).values(sent.map((row) => ({ ...row, companyId, obligationId: ob.id })));
  await db.update(impositionTransfers).set({ legislativeNotifiedAt: camaraOn }).where(eq(impositionTransfers.id, ob.impositionTransferId));
  await db.update(accountabilityObligations).set({ status: sent.length === 3 ? "COMUNICADA" : "PARCIAL" }).where(eq(accountabilityObligations.id, ob.id));
  if (sent.length === 3) await db.update(accountabilityChecklistItems).set({ done: true, doneAt: sql`now()` }).where(eq(accountabilityChecklistItems.obligationId, ob.id));
}
