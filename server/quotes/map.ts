import ExcelJS from "exceljs";
import { ESTIMATE_RULE, MIN_QUOTE_PRICES, distanceFromMedian, formatUnitPrice, quoteStats, type QuoteSource, type QuoteStatus } from "../../src/domain/quotes";
import { formatCnpj } from "../../src/domain/cnpj";
import { codeLabels } from "../../src/domain/labels/codes";
import { CONTENT_TYPES, brDate, neutralizeFormula } from "../lib/export";
import { renderPdf } from "../lib/pdf";
import { reais } from "../domain/projects";

/**
 * The mapa de cotação of one item: who quoted what, when and from which source, each price's distance
 * from the median with the ones beyond 25% marked in words, and the figures (mean, median, lowest,
 * estimated value) from quoteStats. As a spreadsheet (exceljs, typed cells with R$ formats) and as a
 * PDF (pdfmake through server/lib/pdf.ts), both in pt-BR.
 */

export type QuoteMapFormat = "xlsx" | "pdf";

export interface QuoteMapItem {
  id: number;
  companyName: string;
  projectTitle: string;
  itemDescription: string;
  catmatCode: string | null;
  unit: string;
  quantity: string;
  status: QuoteStatus;
}

export interface QuoteMapPrice {
  supplierCnpj: string;
  supplierName: string;
  unitPrice: string;
  quoteDate: string;
  validUntil: string | null;
  source: QuoteSource;
  fileName: string | null;
}

/** The sources of art. 23 §1 and the statuses, as the screens name them. */
export const QUOTE_SOURCE_TEXT = codeLabels.quoteSources;
const STATUS_TEXT = codeLabels.quoteStatuses;
const OUTLIER_TEXT = "Sim: mais de 25% da mediana";
const OUTLIER_NOTE = "Preços marcados na coluna “Fora da faixa” estão mais de 25% acima ou abaixo da mediana: avalie se são inexequíveis ou excessivos antes de usá-los.";
const FEW_NOTE = `Atenção: menos de ${MIN_QUOTE_PRICES} preços. A Lei 14.133/2021, art. 23, pede ao menos três.`;

const quantityText = (quantity: string) => Number(quantity).toLocaleString("pt-BR", { maximumFractionDigits: 2 });
const signedPct = (share: number | null) => (share === null ? "—" : `${share > 0 ? "+" : ""}${(share * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1, minimumFractionDigits: 1 })}%`);
const priceTotal = (unitPrice: string, quantity: string) => (Math.round(Number(unitPrice) * Number(quantity) * 100) / 100).toFixed(2);

/** A file name without accents or spaces: `mapa-de-cotacao-12-cimento-portland-cp-ii-50-kg.xlsx`. */
function fileNameOf(item: QuoteMapItem, format: QuoteMapFormat): string {
  const words = item.itemDescription
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // Whole words, the first ones up to 48 characters.
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 48) break;
    slug = next;
  }
  return `mapa-de-cotacao-${item.id}${slug ? `-${slug}` : ""}.${format}`;
}

export async function quoteMapFile(format: QuoteMapFormat, item: QuoteMapItem, prices: readonly QuoteMapPrice[], now: Date): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const bytes = format === "xlsx" ? await quoteMapXlsx(item, prices, now) : await quoteMapPdf(item, prices, now);
  return { bytes, contentType: format === "xlsx" ? CONTENT_TYPES.xlsx : "application/pdf", fileName: fileNameOf(item, format) };
}

const issuedAt = (now: Date) => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" }).format(now);

const MONEY = '"R$" #,##0.00';
const UNIT_PRICE = '"R$" #,##0.00##';
const PRICE_HEADERS = ["Nº", "Fornecedor", "CNPJ", "Fonte", "Data", "Validade", "Preço unitário", "Preço total", "Distância da mediana", "Fora da faixa (>25%)", "Comprovante"];

export async function quoteMapXlsx(item: QuoteMapItem, prices: readonly QuoteMapPrice[], now: Date): Promise<Buffer> {
  const stats = quoteStats(
    prices.map((p) => p.unitPrice),
    item.quantity,
  );
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "SOL Transferências";
  workbook.created = now;
  const sheet = workbook.addWorksheet("Mapa de cotação", { pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1 } });
  sheet.columns = [6, 36, 20, 20, 12, 12, 16, 18, 14, 26, 30].map((width) => ({ width }));
  const title = sheet.addRow(["Mapa de cotação — pesquisa de preços (Lei 14.133/2021, art. 23)"]);
  title.font = { bold: true, size: 14 };
  const info: [string, string][] = [
    ["Prefeitura", item.companyName],
    ["Projeto", item.projectTitle],
    ["Item", item.itemDescription],
    ["CATMAT/CATSER", item.catmatCode ?? "—"],
    ["Unidade", item.unit],
    ["Quantidade", quantityText(item.quantity)],
    ["Situação", STATUS_TEXT[item.status]],
    ["Emitido em", issuedAt(now)],
  ];
  for (const [label, value] of info) {
    const row = sheet.addRow([label, neutralizeFormula(value)]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const header = sheet.addRow(PRICE_HEADERS);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFD9E2F3" } };
    cell.border = { bottom: { style: "thin" } };
  });
  prices.forEach((price, i) => {
    const row = sheet.addRow([
      i + 1,
      neutralizeFormula(price.supplierName),
      formatCnpj(price.supplierCnpj),
      QUOTE_SOURCE_TEXT[price.source],
      new Date(`${price.quoteDate}T00:00:00Z`),
      price.validUntil ? new Date(`${price.validUntil}T00:00:00Z`) : "—",
      Number(price.unitPrice),
      Number(priceTotal(price.unitPrice, item.quantity)),
      signedPct(distanceFromMedian(price.unitPrice, stats.median)),
      stats.outliers[i] ? OUTLIER_TEXT : "Não",
      price.fileName ? neutralizeFormula(price.fileName) : "Sem comprovante",
    ]);
    row.getCell(5).numFmt = "dd/mm/yyyy";
    row.getCell(6).numFmt = "dd/mm/yyyy";
    row.getCell(7).numFmt = UNIT_PRICE;
    row.getCell(8).numFmt = MONEY;
    if (stats.outliers[i]) {
      row.font = { bold: true };
      row.getCell(10).fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFFFE7BA" } };
    }
  });
  sheet.addRow([]);
  const figures: [string, string | null, string][] = [
    ["Média", stats.mean, UNIT_PRICE],
    ["Mediana", stats.median, UNIT_PRICE],
    ["Menor preço", stats.lowest, UNIT_PRICE],
    ["Valor estimado (mediana × quantidade)", stats.estimatedTotal, MONEY],
  ];
  for (const [label, value, numFmt] of figures) {
    const row = sheet.addRow(["", label, value === null ? "—" : Number(value)]);
    row.getCell(2).font = { bold: true };
    row.getCell(3).numFmt = numFmt;
  }
  sheet.addRow([]);
  sheet.addRow(["", ESTIMATE_RULE]);
  sheet.addRow(["", `Preços cotados: ${stats.count}. Fora da faixa: ${stats.outlierCount}.`]);
  if (stats.outlierCount > 0) sheet.addRow(["", OUTLIER_NOTE]);
  if (stats.belowMinimum) sheet.addRow(["", FEW_NOTE]).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function quoteMapPdf(item: QuoteMapItem, prices: readonly QuoteMapPrice[], now: Date): Promise<Buffer> {
  const stats = quoteStats(
    prices.map((p) => p.unitPrice),
    item.quantity,
  );
  const cell = (text: string, extra: object = {}) => ({ text, ...extra });
  const body = [
    PRICE_HEADERS.slice(0, 10).map((h) => cell(h, { bold: true, fillColor: "#d9e2f3" })),
    ...prices.map((price, i) => {
      const flagged = stats.outliers[i];
      const style = flagged ? { bold: true } : {};
      return [
        cell(String(i + 1), style),
        cell(price.supplierName, style),
        cell(formatCnpj(price.supplierCnpj), style),
        cell(QUOTE_SOURCE_TEXT[price.source], style),
        cell(brDate(price.quoteDate), style),
        cell(price.validUntil ? brDate(price.validUntil) : "—", style),
        cell(formatUnitPrice(price.unitPrice), { ...style, alignment: "right" }),
        cell(reais(priceTotal(price.unitPrice, item.quantity)), { ...style, alignment: "right" }),
        cell(signedPct(distanceFromMedian(price.unitPrice, stats.median)), { ...style, alignment: "right" }),
        cell(flagged ? OUTLIER_TEXT : "Não", flagged ? { bold: true, fillColor: "#ffe7ba" } : {}),
      ];
    }),
  ];
  const figure = (label: string, value: string) => [cell(label, { bold: true }), cell(value, { alignment: "right" })];
  return renderPdf({
    info: { title: `Mapa de cotação ${item.id}`, creator: "SOL Transferências" },
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [36, 40, 36, 40],
    defaultStyle: { fontSize: 9 },
    footer: (page: number, pages: number) => ({ text: `Página ${page} de ${pages}`, alignment: "right", margin: [36, 10, 36, 0], fontSize: 8 }),
    content: [
      { text: "Mapa de cotação", bold: true, fontSize: 16 },
      { text: "Pesquisa de preços (Lei 14.133/2021, art. 23)", margin: [0, 0, 0, 10] },
      {
        columns: [
          { width: "*", text: [{ text: "Prefeitura: ", bold: true }, item.companyName, "\n", { text: "Projeto: ", bold: true }, item.projectTitle, "\n", { text: "Item: ", bold: true }, item.itemDescription] },
          {
            width: 220,
            text: [
              { text: "CATMAT/CATSER: ", bold: true },
              item.catmatCode ?? "—",
              "\n",
              { text: "Quantidade: ", bold: true },
              `${quantityText(item.quantity)} ${item.unit}`,
              "\n",
              { text: "Situação: ", bold: true },
              STATUS_TEXT[item.status],
              "\n",
              { text: "Emitido em: ", bold: true },
              issuedAt(now),
            ],
          },
        ],
        margin: [0, 0, 0, 12],
      },
      prices.length
        ? { table: { headerRows: 1, widths: [14, "*", 80, 66, 46, 46, 60, 62, 48, 130], body }, layout: "lightHorizontalLines" }
        : { text: "Nenhum preço cotado.", italics: true },
      {
        margin: [0, 14, 0, 0],
        table: {
          widths: [200, 110],
          body: [
            figure("Média", formatUnitPrice(stats.mean)),
            figure("Mediana", formatUnitPrice(stats.median)),
            figure("Menor preço", formatUnitPrice(stats.lowest)),
            figure("Valor estimado (mediana × quantidade)", stats.estimatedTotal === null ? "—" : reais(stats.estimatedTotal)),
          ],
        },
        layout: "noBorders",
      },
      { text: ESTIMATE_RULE, margin: [0, 10, 0, 0] },
      { text: `Preços cotados: ${stats.count}. Fora da faixa: ${stats.outlierCount}.` },
      ...(stats.outlierCount > 0 ? [{ text: OUTLIER_NOTE, margin: [0, 4, 0, 0] }] : []),
      ...(stats.belowMinimum ? [{ text: FEW_NOTE, bold: true, margin: [0, 4, 0, 0] }] : []),
    ],
  });
}
