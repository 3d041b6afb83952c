import { and, asc, eq, inArray, isNotNull, like } from "drizzle-orm";
import type { Db } from "../client";
import { companies, projectHistory, projects, quotePrices, quotes, users } from "../schema";
import type { DemoFileStore } from "./demo-accounts";
import type { QuoteSource, QuoteStatus } from "../../../src/domain/quotes";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { formatCnpj } from "../../../src/domain/cnpj";
import { recomputeQuote } from "../../domain/quotes";
import { renderPdf } from "../../lib/pdf";
import { prng, supplierCnpj } from "./transfers-catalog";
import { QUOTE_SOURCE_TEXT } from "../../quotes/map";

/**
 * Price research on a first start: every demo municipality gets items quoted on its projects, by the
 * project's kind (building materials for the works, asphalt and pipes for the paving, ambulances,
 * LED lights, a design service), with 2 to 5 prices each from named suppliers and the five sources of
 * art. 23. Some research is closed (three or more prices, every price with its evidence, a PDF written
 * on start), some still open; some carry a price more than 25% from the median, and one has only two
 * prices, so the list and the mapa show the warning and the flag on a first start.
 */

type PriceSeed = { supplier: string; factor: number; source: QuoteSource };
type ItemSeed = { description: string; catmat: string; unit: string; quantity: number; base: number; status: QuoteStatus; prices: PriceSeed[] };

const MATERIAIS = ["DEPÓSITO SÃO JORGE MATERIAIS DE CONSTRUÇÃO LTDA", "CONSTRUMAX COMÉRCIO DE MATERIAIS LTDA", "CASA DO CONSTRUTOR VALE LTDA", "LOJÃO DAS OBRAS EIRELI", "CIMENTEIRA PAULISTA DISTRIBUIDORA LTDA"];
const ASFALTO = ["USINA DE ASFALTO ALIANÇA LTDA", "PAVIMENTADORA ALIANÇA LTDA", "CBUQ SUDESTE INDÚSTRIA E COMÉRCIO LTDA", "PRÉ-MOLDADOS VALE DO PARAÍBA LTDA"];
const VEICULOS = ["AUTO ÔNIBUS BRASIL VEÍCULOS LTDA", "AMBULÂNCIAS NACIONAL TRANSFORMAÇÕES VEICULARES LTDA", "RESGATE CAR COMÉRCIO DE VEÍCULOS LTDA"];
const ILUMINACAO = ["ILUMINAR SOLUÇÕES EM LED LTDA", "LUZ URBANA EQUIPAMENTOS ELÉTRICOS LTDA", "ELETROSUL DISTRIBUIDORA DE MATERIAIS ELÉTRICOS LTDA", "LED BRASIL TECNOLOGIA EM ILUMINAÇÃO LTDA"];
const PROJETOS = ["ARQ&URB PROJETOS E CONSULTORIA LTDA", "ENGEOBRAS ENGENHARIA E CONSTRUÇÕES LTDA", "ATELIÊ PÚBLICO ARQUITETURA LTDA"];

const price = (supplier: string, factor: number, source: QuoteSource): PriceSeed => ({ supplier, factor, source });

/** The items quoted for each demo project, by its title's first words (server/db/seed/projects.ts). */
const ITEMS: Record<string, ItemSeed[]> = {
  "Construção da UBS": [
    {
      description: "Cimento Portland CP II-E-32, saco de 50 kg",
      catmat: "435291",
      unit: "saco",
      quantity: 1200,
      base: 34.9,
      status: "CONCLUIDA",
      prices: [price(MATERIAIS[0], 1, "FORNECEDOR"), price(MATERIAIS[1], 0.96, "FORNECEDOR"), price(MATERIAIS[2], 1.05, "PAINEL_PRECOS"), price(MATERIAIS[3], 1.42, "MIDIA_ESPECIALIZADA")],
    },
    {
      description: "Bloco cerâmico de vedação 14 x 19 x 29 cm, milheiro",
      catmat: "301823",
      unit: "milheiro",
      quantity: 45,
      base: 1180,
      status: "EM_ANDAMENTO",
      prices: [price(MATERIAIS[4], 1, "FORNECEDOR"), price(MATERIAIS[0], 1.08, "PNCP"), price(MATERIAIS[2], 0.94, "CONTRATACAO_SIMILAR")],
    },
  ],
  "Pavimentação e drenagem": [
    {
      description: "Concreto betuminoso usinado a quente (CBUQ), faixa C",
      catmat: "278512",
      unit: "t",
      quantity: 1800,
      base: 612.5,
      status: "CONCLUIDA",
      prices: [price(ASFALTO[0], 1, "FORNECEDOR"), price(ASFALTO[2], 1.03, "FORNECEDOR"), price(ASFALTO[1], 0.98, "PNCP"), price(ASFALTO[0], 1.01, "PAINEL_PRECOS"), price(ASFALTO[2], 0.7, "CONTRATACAO_SIMILAR")],
    },
    {
      description: "Tubo de concreto armado PA-1, DN 600 mm",
      catmat: "287459",
      unit: "m",
      quantity: 640,
      base: 289.0,
      status: "EM_ANDAMENTO",
      prices: [price(ASFALTO[3], 1, "FORNECEDOR"), price(ASFALTO[1], 1.12, "FORNECEDOR")],
    },
  ],
  "Aquisição de ambulâncias": [
    {
      description: "Ambulância tipo B (suporte básico), furgão, 0 km",
      catmat: "150860",
      unit: "un",
      quantity: 2,
      base: 318_500,
      status: "CONCLUIDA",
      prices: [price(VEICULOS[1], 1, "FORNECEDOR"), price(VEICULOS[0], 1.04, "FORNECEDOR"), price(VEICULOS[2], 0.97, "PNCP"), price(VEICULOS[1], 1.02, "PAINEL_PRECOS")],
    },
  ],
  "Iluminação pública": [
    {
      description: "Luminária pública LED 150 W, IP66, com relé fotoelétrico",
      catmat: "439657",
      unit: "un",
      quantity: 480,
      base: 895,
      status: "EM_ANDAMENTO",
      prices: [price(ILUMINACAO[0], 1, "FORNECEDOR"), price(ILUMINACAO[1], 1.09, "FORNECEDOR"), price(ILUMINACAO[3], 0.62, "MIDIA_ESPECIALIZADA"), price(ILUMINACAO[2], 1.01, "PNCP")],
    },
  ],
  "Centro de Referência": [
    {
      description: "Serviço de elaboração de projeto executivo de arquitetura e complementares",
      catmat: "16900",
      unit: "m²",
      quantity: 420,
      base: 68,
      status: "EM_ANDAMENTO",
      prices: [price(PROJETOS[0], 1, "FORNECEDOR"), price(PROJETOS[2], 1.1, "CONTRATACAO_SIMILAR"), price(PROJETOS[1], 0.93, "FORNECEDOR")],
    },
  ],
};

const DAY = 86_400_000;
const shift = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** Deterministic evidence paths (owner 0: no uploader), written on start. */
const evidencePath = (company: number, quote: number, n: number) =>
  `project-documents/0/00000000-0000-4000-9000-${String(company).padStart(2, "0")}${String(quote).padStart(4, "0")}${String(n).padStart(6, "0")}.pdf`;

export async function seedQuotes(db: Db, companyIds: number[]): Promise<void> {
  const today = todayInSaoPaulo(Date.now());
  const ordered = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, companyIds)).orderBy(asc(companies.id));
  for (const [c, company] of ordered.entries()) {
    const random = prng(2300 + c);
    const [manager] = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, company.id), eq(users.role, "MANAGER"))).limit(1);
    const list = await db.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.companyId, company.id)).orderBy(asc(projects.id));
    let q = 0;
    for (const project of list) {
      const key = Object.keys(ITEMS).find((prefix) => project.title.startsWith(prefix));
      if (!key) continue;
      for (const item of ITEMS[key]) {
        q++;
        // Each municipality's prices differ a little (its region, its date).
        const regional = 0.94 + random.next() * 0.12;
        const started = shift(today, -random.int(20, 70));
        const createdAt = new Date(`${started}T13:00:00Z`);
        const [quote] = await db
          .insert(quotes)
          .values({ companyId: company.id, projectId: project.id, itemDescription: item.description, catmatCode: item.catmat, unit: item.unit, quantity: item.quantity.toFixed(2), status: item.status, createdAt, updatedAt: createdAt })
          .returning({ id: quotes.id });
        const withEvidence = item.status === "CONCLUIDA";
        await db.insert(quotePrices).values(
          item.prices.map((p, n) => {
            const quoteDate = shift(started, n * 3);
            return {
              companyId: company.id,
              quoteId: quote.id,
              supplierCnpj: supplierCnpj(p.supplier),
              supplierName: p.supplier,
              unitPrice: (Math.round(item.base * p.factor * regional * 100) / 100).toFixed(4),
              quoteDate,
              validUntil: p.source === "FORNECEDOR" ? shift(quoteDate, 60) : null,
              source: p.source,
              ...(withEvidence ? { filePath: evidencePath(c, q, n), fileName: `Proposta ${n + 1} - ${item.catmat}.pdf`, contentType: "application/pdf", fileSize: 1 } : {}),
              createdAt: new Date(`${quoteDate}T14:00:00Z`),
            };
          }),
        );
        await recomputeQuote(db, quote.id);
        await db.insert(projectHistory).values({
          companyId: company.id,
          projectId: project.id,
          entity: "QUOTE",
          entityId: quote.id,
          action: "CREATE",
          subject: item.description,
          changes: [
            { field: "itemDescription", from: null, to: item.description },
            { field: "quantity", from: null, to: item.quantity.toFixed(2) },
          ],
          actorId: manager?.id ?? null,
          actorName: manager?.name ?? null,
          createdAt,
        });
      }
    }
  }
}

/** On a first start with demo data, the closed research's evidence: a one-page supplier proposal each. */
export async function writeDemoQuoteEvidence(db: Db, files: DemoFileStore): Promise<void> {
  const rows = await db
    .select({ id: quotePrices.id, filePath: quotePrices.filePath, supplierName: quotePrices.supplierName, supplierCnpj: quotePrices.supplierCnpj, unitPrice: quotePrices.unitPrice, quoteDate: quotePrices.quoteDate, source: quotePrices.source, item: quotes.itemDescription, unit: quotes.unit })
    .from(quotePrices)
    .innerJoin(quotes, eq(quotes.id, quotePrices.quoteId))
    .where(and(isNotNull(quotePrices.filePath), like(quotePrices.filePath, "project-documents/0/%")));
  for (const row of rows) {
    if (!row.filePath || (await files.exists(row.filePath))) continue;
    const bytes = await renderPdf({
      info: { title: `Proposta comercial - ${row.supplierName}`, creator: "SOL Transferências" },
      pageMargins: [60, 60, 60, 60],
      defaultStyle: { fontSize: 11, lineHeight: 1.3 },
      content: [
        { text: "PROPOSTA COMERCIAL", bold: true, fontSize: 14, margin: [0, 0, 0, 12] },
        { text: `${row.supplierName} - CNPJ ${formatCnpj(row.supplierCnpj)}`, margin: [0, 0, 0, 8] },
        { text: `Fonte: ${QUOTE_SOURCE_TEXT[row.source]}. Data: ${row.quoteDate.split("-").reverse().join("/")}.`, margin: [0, 0, 0, 8] },
        { text: `Item: ${row.item}. Preço unitário: R$ ${Number(row.unitPrice).toLocaleString("pt-BR", { minimumFractionDigits: 2 })} por ${row.unit}.` },
      ],
    });
    await files.create(row.filePath, bytes);
    await db.update(quotePrices).set({ fileSize: bytes.length }).where(eq(quotePrices.id, row.id));
  }
}
