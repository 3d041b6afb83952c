import { and, count, eq, max, min, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, impositionTransfers, voluntaryTransfers } from "../db/schema";
import { transparencyOf } from "../../src/domain/companies";
import { transparency as t } from "../../src/domain/labels/transparency";
import type { TransparencyCheck, TransparencyCheckItem, TransparencyCriterion } from "../../src/domain/transparency-check";
import { notFound } from "../lib/errors";
import { publishedWithoutInstrument } from "../transfer-instruments/queries";

/** PNTP 5.1: the data no older than this (days). */
export const FRESHNESS_DAYS = 30;
/** PNTP 5.1: the published series reaches back this many exercises (the current one included). */
export const HISTORY_YEARS = 3;

const blank = (column: AnyColumn): SQL<number> => sql<number>`count(*) filter (where ${column} is null or trim(${column}::text) = '')`.mapWith(Number);
const noValue = (column: AnyColumn): SQL<number> => sql<number>`count(*) filter (where ${column} is null or ${column} <= 0)`.mapWith(Number);
const hidden = (column: AnyColumn): SQL<number> => sql<number>`count(*) filter (where not ${column})`.mapWith(Number);

/** "3 transferências sem objeto" — one phrase per missing field, or null when none is missing. */
function missingPhrase(counts: [number, string][], what: { one: string; many: string }): string | null {
  const parts = counts.filter(([n]) => n > 0).map(([n, field]) => `${n.toLocaleString("pt-BR")} ${n === 1 ? what.one : what.many} sem ${field}`);
  return parts.length ? `${parts.join("; ")}.` : null;
}

const TRANSFERS = { one: "transferência publicada", many: "transferências publicadas" };
const EMENDAS = { one: "emenda publicada", many: "emendas publicadas" };

/** Where a person fixes what a criterion misses: the admin screens (the SPA adds the chosen client). */
function fixes(companyId: number, canEditPortal: boolean) {
  const portal = canEditPortal ? { label: "Abrir as configurações do portal", path: `/admin/companies/${companyId}/transparency` } : null;
  return {
    portal,
    imposition: { label: "Abrir as transferências especiais", path: "/admin/transactions-imposition" },
    voluntary: { label: "Abrir as transferências voluntárias", path: "/admin/transactions-voluntary" },
    sync: { label: "Abrir as transferências especiais (sincronizar com o Transferegov.br)", path: "/admin/transactions-imposition" },
  };
}

const NONE_MISSING = { count: 0, numbers: [] as string[] };

/**
 * 5.1 asks for the inteiro teor of each transfer's instrument: passes when every published transfer
 * has it; else says how many lack it, names the first of them and links to the list that has most.
 */
function instrumentsItem(
  imposition: { count: number; numbers: string[] },
  voluntary: { count: number; numbers: string[] },
  fix: ReturnType<typeof fixes>,
): { passed: boolean; reason: string; fix: TransparencyCheckItem["fix"] } {
  const missing = imposition.count + voluntary.count;
  if (missing === 0) return { passed: true, reason: "Todas as transferências publicadas trazem o inteiro teor do instrumento (PDF).", fix: null };
  const numbers = [...imposition.numbers, ...voluntary.numbers].slice(0, 5);
  const more = missing > numbers.length ? ` e mais ${(missing - numbers.length).toLocaleString("pt-BR")}` : "";
  const what = missing === 1 ? TRANSFERS.one : TRANSFERS.many;
  return {
    passed: false,
    reason: `${missing.toLocaleString("pt-BR")} ${what} sem o inteiro teor do instrumento: ${numbers.join(", ")}${more}. Anexe o PDF do termo na página de cada transferência.`,
    fix: imposition.count >= voluntary.count ? fix.imposition : fix.voluntary,
  };
}

/**
 * The PNTP 2025 self-check of one municipality's portal, computed from its data: who may edit the
 * portal's settings (the consultancy) gets a link to them; a manager is told to ask for it.
 */
export async function transparencyCheck(db: Db, companyId: number, now: number, canEditPortal: boolean): Promise<TransparencyCheck> {
  const [company] = await db
    .select({ id: companies.id, slug: companies.slug, published: companies.publicPortalEnabled, transparency: companies.transparency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound("Cliente não encontrado.");
  const settings = transparencyOf(company.transparency);
  const fix = fixes(companyId, canEditPortal);
  const askConsultancy = canEditPortal ? "" : " Peça à consultoria para alterar as configurações do portal.";

  const publicImposition = and(eq(impositionTransfers.companyId, companyId), eq(impositionTransfers.isPublic, true));
  const publicVoluntary = and(eq(voluntaryTransfers.companyId, companyId), eq(voluntaryTransfers.isPublic, true));
  const [[imposition], [voluntary], [impositionAll], [voluntaryAll], impositionNoInstrument, voluntaryNoInstrument] = await Promise.all([
    db
      .select({
        total: count(),
        grantor: blank(impositionTransfers.grantorName),
        object: blank(impositionTransfers.objectName),
        planned: noValue(impositionTransfers.plannedValue),
        validity: sql<number>`count(*) filter (where ${impositionTransfers.executionStart} is null or ${impositionTransfers.executionEnd} is null)`.mapWith(Number),
        number: blank(impositionTransfers.amendmentNumber),
        author: blank(impositionTransfers.parliamentarianName),
        oldest: min(impositionTransfers.year),
        newest: max(impositionTransfers.updatedAt),
      })
      .from(impositionTransfers)
      .where(publicImposition),
    db
      .select({
        total: count(),
        grantor: blank(voluntaryTransfers.grantorName),
        object: blank(voluntaryTransfers.object),
        value: noValue(voluntaryTransfers.globalValue),
        validity: sql<number>`count(*) filter (where ${voluntaryTransfers.validityStart} is null or ${voluntaryTransfers.validityEnd} is null)`.mapWith(Number),
        emendaWithoutAuthor: sql<number>`count(*) filter (where ${voluntaryTransfers.amendmentNumber} is not null and (${voluntaryTransfers.parliamentarianName} is null or trim(${voluntaryTransfers.parliamentarianName}) = ''))`.mapWith(Number),
        oldest: min(voluntaryTransfers.year),
        newest: max(voluntaryTransfers.updatedAt),
      })
      .from(voluntaryTransfers)
      .where(publicVoluntary),
    db.select({ total: count(), hidden: hidden(impositionTransfers.isPublic) }).from(impositionTransfers).where(eq(impositionTransfers.companyId, companyId)),
    db.select({ total: count(), hidden: hidden(voluntaryTransfers.isPublic) }).from(voluntaryTransfers).where(eq(voluntaryTransfers.companyId, companyId)),
    publishedWithoutInstrument(db, companyId, "imposition-transfers"),
    publishedWithoutInstrument(db, companyId, "voluntary-transfers"),
  ]);

  const item = (id: string, label: string, passed: boolean, reason: string, where: TransparencyCheckItem["fix"]): TransparencyCheckItem => ({
    id,
    label,
    passed,
    reason,
    fix: passed ? null : where,
  });
  const { sections } = settings;
  const bothSections = sections.impositionTransfers && sections.voluntaryTransfers;
  const hiddenSections = [sections.impositionTransfers ? null : t.sectionNames.impositionTransfers, sections.voluntaryTransfers ? null : t.sectionNames.voluntaryTransfers].filter(Boolean);
  const currentYear = new Date(now).getUTCFullYear();
  const oldestYear = Math.min(...[sections.impositionTransfers ? imposition.oldest : null, sections.voluntaryTransfers ? voluntary.oldest : null].filter((y): y is number => y !== null));
  const newestChange = Math.max(0, ...[imposition.newest, voluntary.newest].filter((d) => d !== null).map((d) => new Date(d!).getTime()));
  const ageDays = newestChange > 0 ? Math.floor((now - newestChange) / 86_400_000) : null;

  const fields51 = missingPhrase(
    [
      [imposition.grantor + voluntary.grantor, "repassador (concedente)"],
      [imposition.object + voluntary.object, "objeto"],
      [imposition.planned + voluntary.value, "valor total"],
      [imposition.validity + voluntary.validity, "vigência (início e fim)"],
    ],
    TRANSFERS,
  );
  const fields171 = missingPhrase(
    [
      [imposition.number, "número da emenda"],
      [imposition.author + voluntary.emendaWithoutAuthor, "autoria (parlamentar)"],
      [imposition.planned, "valor previsto"],
      [imposition.object, "objeto"],
    ],
    EMENDAS,
  );
  const worstFields = imposition.grantor + imposition.object + imposition.planned + imposition.validity >= voluntary.grantor + voluntary.object + voluntary.value + voluntary.validity ? fix.imposition : fix.voluntary;

  const instruments = instrumentsItem(
    sections.impositionTransfers ? impositionNoInstrument : NONE_MISSING,
    sections.voluntaryTransfers ? voluntaryNoInstrument : NONE_MISSING,
    fix,
  );

  const criteria: { code: TransparencyCriterion; title: string; items: TransparencyCheckItem[] }[] = [
    {
      code: "portal",
      title: "Portal publicado",
      items: [
        item(
          "portal-published",
          "O portal está no ar para os cidadãos",
          company.published,
          company.published ? `Publicado em /transparency/${company.slug}.` : `O portal ainda não foi publicado: /transparency/${company.slug} responde “página não encontrada”.${askConsultancy}`,
          fix.portal,
        ),
        item(
          "portal-has-data",
          "Há transferências publicadas",
          imposition.total + voluntary.total > 0,
          imposition.total + voluntary.total > 0
            ? `${(imposition.total + voluntary.total).toLocaleString("pt-BR")} transferências publicadas.`
            : "Nenhuma transferência publicada: sincronize com o Transferegov.br ou cadastre as transferências recebidas.",
          fix.sync,
        ),
      ],
    },
    {
      code: "5.1",
      title: "5.1 Transferências recebidas",
      items: [
        item(
          "5.1-sections",
          "As seções de transferências especiais e voluntárias estão publicadas",
          bothSections,
          bothSections ? "As duas seções estão publicadas." : `Seção não publicada: ${hiddenSections.join(" e ")}.${askConsultancy}`,
          fix.portal,
        ),
        item(
          "5.1-fields",
          "Repassador, número/ano, objeto, valor total e vigência de cada transferência",
          fields51 === null,
          fields51 ?? "Todas as transferências publicadas trazem repassador, número e ano, objeto, valor total e vigência.",
          worstFields,
        ),
        item("5.1-instrument", "Inteiro teor do instrumento de cada transferência", instruments.passed, instruments.reason, instruments.fix),
        item(
          "5.1-payments",
          "Valores repassados, com as datas",
          settings.showPayments,
          settings.showPayments
            ? "Cada transferência mostra os valores recebidos e os pagamentos com as datas."
            : `O histórico de pagamentos não é publicado (opção “mostrar pagamentos” desligada).${askConsultancy}`,
          fix.portal,
        ),
        item(
          "5.1-history",
          `Série histórica de pelo menos ${HISTORY_YEARS} anos`,
          Number.isFinite(oldestYear) && oldestYear <= currentYear - (HISTORY_YEARS - 1),
          Number.isFinite(oldestYear)
            ? oldestYear <= currentYear - (HISTORY_YEARS - 1)
              ? `Publicado desde ${oldestYear}.`
              : `Publicado só desde ${oldestYear}: faltam os exercícios a partir de ${currentYear - (HISTORY_YEARS - 1)}.`
            : "Nenhum exercício publicado.",
          fix.sync,
        ),
        item(
          "5.1-freshness",
          `Dados atualizados há no máximo ${FRESHNESS_DAYS} dias`,
          ageDays !== null && ageDays <= FRESHNESS_DAYS,
          ageDays === null ? "Nenhum dado publicado." : ageDays <= FRESHNESS_DAYS ? `Última atualização há ${ageDays} ${ageDays === 1 ? "dia" : "dias"}.` : `Última atualização há ${ageDays} dias: sincronize com o Transferegov.br.`,
          fix.sync,
        ),
        item(
          "5.1-export",
          "Exportação editável e filtro por ano",
          true,
          "Cada lista se baixa em CSV, XLSX e JSON (com dicionário de dados) e se filtra por ano: o portal faz isso por construção.",
          null,
        ),
      ],
    },
    {
      code: "17.1",
      title: "17.1 Emendas parlamentares recebidas",
      items: [
        item(
          "17.1-fields",
          "Origem, forma de repasse, tipo, número, autoria, valor previsto e realizado, objeto",
          fields171 === null && sections.impositionTransfers,
          !sections.impositionTransfers
            ? `A seção de transferências especiais não é publicada.${askConsultancy}`
            : (fields171 ?? "Todas as emendas publicadas trazem número, autoria, valores previsto e realizado e objeto; origem, forma de repasse e tipo vêm da própria transferência."),
          sections.impositionTransfers ? fix.imposition : fix.portal,
        ),
      ],
    },
    {
      code: "17.2",
      title: "17.2 Execução das emendas Pix",
      items: [
        item(
          "17.2-execution",
          "Execução orçamentária e financeira de cada emenda Pix",
          sections.impositionTransfers && settings.showPayments,
          sections.impositionTransfers && settings.showPayments
            ? "Cada emenda Pix tem sua página com os valores empenhados, recebidos e a movimentação da conta específica."
            : `Publique a seção de transferências especiais com os pagamentos para mostrar a execução de cada emenda.${askConsultancy}`,
          fix.portal,
        ),
      ],
    },
  ];

  const notices = [
    [impositionAll, t.unpublishedWhat.impositionTransfers],
    [voluntaryAll, t.unpublishedWhat.voluntaryTransfers],
  ]
    .filter(([counts]) => (counts as { hidden: number }).hidden > 0)
    .map(([counts, what]) => t.unpublished((counts as { hidden: number }).hidden, (counts as { total: number }).total, what as string));

  const withPass = criteria.map((c) => ({ ...c, passed: c.items.every((i) => i.passed) }));
  return {
    companyId,
    portalPath: `/transparency/${company.slug}`,
    published: company.published,
    passed: withPass.every((c) => c.passed),
    checkedAt: new Date(now).toISOString(),
    criteria: withPass,
    notices,
  };
}
