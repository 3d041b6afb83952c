import type { Db } from "../client";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { and, asc, eq } from "drizzle-orm";
import { regularityItems, regularitySnapshots, users } from "../schema";
import { CAUC_ITEMS, CAUC_LEGAL_BASIS, type RegularityStatus } from "../../../src/domain/regularity";
import { isoDay } from "./transfers";

/**
 * Each demo municipality's CAUC on a first start: the 30 items of IN STN/MF nº 8/2025, most regular
 * until a date ahead, a few expiring within the alert window, some to prove, one disabled at the
 * source, plus two certificates tracked by hand and six months of snapshots for the evolution chart.
 */

const DAY = 86_400_000;
const addDays = (iso: string, days: number) => isoDay(Date.parse(`${iso}T00:00:00Z`) + days * DAY);
const caucDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

type Exception = { status: RegularityStatus; days?: number; notes?: string };

/** What differs from "regular for a while" in each company (by its position among the demo companies). */
const EXCEPTIONS: Record<string, Exception>[] = [
  {
    "1.3": { status: "REGULAR", days: 6, notes: "CRF do FGTS vence em breve: pedir renovação à CAIXA." },
    "1.1": { status: "REGULAR", days: 12 },
    "3.2.4": { status: "A_COMPROVAR", notes: "Anexo 12 do RREO do 5º bimestre ainda não homologado no Siops." },
    "3.4.1": { status: "A_COMPROVAR" },
    "4.3": { status: "DESABILITADO" },
    "5.8": { status: "SEM_INFORMACAO" },
  },
  {
    "1.5": { status: "IRREGULAR", days: -9, notes: "Pendência no CADIN com o FNDE; processo de regularização em andamento." },
    "3.1.2": { status: "REGULAR", days: 4 },
    "3.6": { status: "A_COMPROVAR" },
    "4.3": { status: "DESABILITADO" },
  },
  { "2.1.2": { status: "A_COMPROVAR" }, "5.2": { status: "REGULAR", days: 10 }, "4.3": { status: "DESABILITADO" } },
];

const MONTHS_BACK = 6;

export async function seedRegularity(db: Db, companyIds: number[], today = todayInSaoPaulo()) {
  const checkedOn = addDays(today, -2);
  for (const [position, companyId] of companyIds.entries()) {
    const exceptions = EXCEPTIONS[position % EXCEPTIONS.length];
    const rows = CAUC_ITEMS.map((item, i) => {
      const exception = exceptions[item.code];
      const status = exception?.status ?? "REGULAR";
      const days = exception?.days ?? 35 + ((i * 37 + position * 11) % 150);
      const validUntil = status === "REGULAR" || status === "IRREGULAR" ? addDays(today, days) : null;
      const rawValue = validUntil ? caucDate(validUntil) : status === "A_COMPROVAR" ? "!" : status === "DESABILITADO" ? "Desabilitado" : "";
      return {
        companyId,
        kind: "CAUC" as const,
        code: item.code,
        group: item.group,
        label: item.label,
        source: item.source,
        legalBasis: CAUC_LEGAL_BASIS,
        status,
        validUntil,
        rawValue,
        checkedOn,
        notes: exception?.notes ?? null,
        updatedBy: "IMPORTACAO" as const,
      };
    });
    const [manager] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.role, "MANAGER")))
      .orderBy(asc(users.id))
      .limit(1);
    await db.insert(regularityItems).values([
      ...rows,
      {
        companyId, kind: "OUTRA", code: "CNDT", label: "Certidão Negativa de Débitos Trabalhistas (Lei nº 12.440/2011)", source: "TST", status: "REGULAR",
        validUntil: addDays(today, 120 + position * 7), rawValue: null, checkedOn, updatedBy: "MANUAL",
        // Picked among the municipality's users; the other certificate keeps a name typed before people were picked.
        ...(manager ? { responsibleUserId: manager.id, responsibleName: manager.name } : { responsibleName: "Secretaria de Finanças" }),
        evidenceUrl: "https://cndt-certidao.tst.jus.br/",
      },
      {
        companyId, kind: "OUTRA", code: "TCE-CONTAS", label: "Certidão de regularidade de contas junto ao Tribunal de Contas do Estado", source: "TCE", status: position === 1 ? "A_COMPROVAR" : "REGULAR",
        validUntil: position === 1 ? null : addDays(today, 60 + position * 5), rawValue: null, checkedOn, responsibleName: "Controladoria-Geral do Município", updatedBy: "MANUAL",
      },
    ]);
    const total = rows.length + 2;
    const counts = rows.reduce((acc, row) => ({ ...acc, [row.status]: (acc[row.status] ?? 0) + 1 }), {} as Partial<Record<RegularityStatus, number>>);
    const snapshots = Array.from({ length: MONTHS_BACK + 1 }, (_, back) => {
      // Older months had more items to prove: the count improves towards today's.
      const toProve = (counts.A_COMPROVAR ?? 0) + Math.max(0, MONTHS_BACK - back - 2);
      const irregular = (counts.IRREGULAR ?? 0) + (back < 2 ? 1 : 0);
      const desabilitado = counts.DESABILITADO ?? 0;
      const semInformacao = counts.SEM_INFORMACAO ?? 0;
      return {
        companyId,
        takenOn: addDays(today, -30 * (MONTHS_BACK - back) - 2),
        regular: total - toProve - irregular - desabilitado - semInformacao,
        aComprovar: toProve,
        irregular,
        desabilitado,
        semInformacao,
      };
    });
    await db.insert(regularitySnapshots).values(snapshots);
  }
}
