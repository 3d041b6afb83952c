import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import type { Db } from "../client";
import { accountabilityChecklistItems, accountabilityObligations, companies, impositionTransfers, lc210Notices, users } from "../schema";
import { addDays, type ObligationKind, type ObligationStatus } from "../../../src/domain/accountability";
import { refreshObligations } from "../../accountability/obligations";

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

interface Change {
  id: number;
  status?: ObligationStatus;
  responsibleUserId?: number;
  responsibleName?: string;
  notes?: string | null;
}

/** Writes many obligations' changes in one statement (a VALUES list joined on the id). */
async function applyChanges(db: Db, changes: Change[]) {
  if (!changes.length) return;
  const rows = sql.join(
    changes.map((c) => sql`(${c.id}::int, ${c.status ?? null}::obligation_status, ${c.responsibleUserId ?? null}::int, ${c.responsibleName ?? null}::varchar, ${c.notes ?? null}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update accountability_obligations o set
      status = coalesce(v.status, o.status),
      responsible_user_id = coalesce(v.responsible_user_id, o.responsible_user_id),
      responsible_name = coalesce(v.responsible_name, o.responsible_name),
      notes = coalesce(v.notes, o.notes)
    from (values ${rows}) as v(id, status, responsible_user_id, responsible_name, notes)
    where o.id = v.id`);
}

export async function seedAccountability(db: Db, companyIds: number[], today = todayInSaoPaulo()) {
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
    if (!obligations.length) continue;
    const notified = new Map(
      (await db.select({ id: impositionTransfers.id, at: impositionTransfers.legislativeNotifiedAt }).from(impositionTransfers).where(eq(impositionTransfers.companyId, companyId))).map((row) => [row.id, row.at]),
    );

    // The two newest emendas PIX were not told yet: the notice is pending (and already late).
    const untold = new Set(obligations.filter((ob) => ob.kind === "LC210").slice(-2).map((ob) => ob.id));
    let late = 0;
    const changes: Change[] = [];
    const doneIds: number[] = [];
    const halfIds: number[] = [];
    const notices: (typeof lc210Notices.$inferInsert)[] = [];
    const camaraDates: { transferId: number; at: string | null }[] = [];
    for (const [i, ob] of obligations.entries()) {
      const person = people.length ? people[(i + position) % people.length] : undefined;
      const responsible = person ? { responsibleUserId: person.id, responsibleName: person.name.slice(0, 120) } : {};
      if (ob.kind === "LC210") {
        if (!ob.dueDate || !ob.impositionTransferId) continue;
        const told = noticesOf(company.name, ob.dueDate, notified.get(ob.impositionTransferId) ?? null, today, i, untold.has(ob.id));
        camaraDates.push({ transferId: ob.impositionTransferId, at: told[0]?.sentOn ?? null });
        if (!told.length) continue;
        notices.push(...told.map((row) => ({ ...row, companyId, obligationId: ob.id })));
        changes.push({ id: ob.id, status: told.length === 3 ? "COMUNICADA" : "PARCIAL" });
        if (told.length === 3) doneIds.push(ob.id);
        continue;
      }
      if (!ob.dueDate) continue;
      const past = ob.dueDate < today;
      // Two late obligations per municipality (the most recent past ones are the believable ones).
      const recent = ob.dueDate >= addDays(today, -180);
      if (past && !(recent && late < 2)) {
        const choices = DONE_STATUS[ob.kind];
        changes.push({ id: ob.id, status: choices[i % choices.length], ...responsible });
        doneIds.push(ob.id);
      } else if (past) {
        late += 1;
        changes.push({ id: ob.id, ...responsible, notes: NOTES[late % NOTES.length] });
        halfIds.push(ob.id);
      } else if (ob.dueDate <= addDays(today, 120)) {
        changes.push({ id: ob.id, ...(i % 2 === 0 && UNDER_WAY[ob.kind] ? { status: UNDER_WAY[ob.kind] } : {}), ...responsible, notes: i % 3 === 0 ? NOTES[i % NOTES.length] : null });
        if (i % 2 === 0) halfIds.push(ob.id);
      }
    }
    await applyChanges(db, changes);
    if (notices.length) await db.insert(lc210Notices).values(notices);
    // The emenda's "comunicação à Câmara" date is the Câmara's notice (cleared where nobody was told).
    if (camaraDates.length) {
      const rows = sql.join(camaraDates.map((c) => sql`(${c.transferId}::int, ${c.at}::date)`), sql`, `);
      await db.execute(sql`update imposition_transfers t set legislative_notified_at = v.at from (values ${rows}) as v(id, at) where t.id = v.id`);
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
 * in two of the last two months told only to the Câmara; the newest not told yet.
 */
function noticesOf(cityName: string, dueDate: string, notifiedAt: string | null, today: string, i: number, untold: boolean) {
  if (untold || dueDate >= today) return [];
  const camaraOn = notifiedAt && notifiedAt <= today ? notifiedAt : addDays(dueDate, -8);
  const year = camaraOn.slice(0, 4);
  const rows = [
    { recipient: "CAMARA" as const, recipientName: `Câmara Municipal de ${cityName}`, sentOn: camaraOn, protocol: `CM-${year}/${String(1000 + i * 7).padStart(5, "0")}` },
    { recipient: "TCU" as const, recipientName: "Tribunal de Contas da União", sentOn: addDays(camaraOn, 1), protocol: `TCU-${year}-${String(40_000 + i * 13)}` },
    { recipient: "TCE" as const, recipientName: TCE_NAME, sentOn: addDays(camaraOn, 2), protocol: `TCESP-${String(9000 + i * 11)}/${year}` },
  ].filter((row) => row.sentOn <= today);
  const partial = dueDate >= addDays(today, -60) && i % 2 === 1;
  return partial ? rows.slice(0, 1) : rows;
}
