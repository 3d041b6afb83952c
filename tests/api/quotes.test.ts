import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { and, count, eq, isNull } from "drizzle-orm";
import { projectHistory, proposals, quotePrices, quotes, users } from "../../server/db/schema";
import { quotePriceResource, quoteResource } from "../../server/quotes/routes";
import type { Project } from "../../src/domain/projects";
import type { Quote, QuotePrice } from "../../src/domain/quotes";
import { as } from "../support/api";
import { demoApi } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES } from "../support/documents";
import { pdfPageCount, pdfText } from "../support/pdf";
import { describeResourceContract } from "../support/resource-contract";

/** Price research (issue 15, "Quotes"): the contracts, the mapa's figures, the refusals, the evidence and the exports. */
const api = demoApi();
let serial = 0;
let client = 0;
const remoteAddress = () => `10.83.${(++client >> 8) & 255}.${client & 255}`;
type Body = Record<string, unknown>;

async function companyOf(email: string): Promise<number> {
  const [row] = await api.ctx.app.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
  return row.companyId!;
}
const headers = (companyId: number) => ({ "x-company-id": String(companyId) });
async function post<T>(url: string, companyId: number, payload: Body, status = 201): Promise<T> {
  const res = await api.admin()({ method: "POST", url, headers: headers(companyId), payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** One project per company, that the items of the contracts belong to. */
const projectsOf = new Map<number, Promise<number>>();
function projectOf(companyId: number): Promise<number> {
  if (!projectsOf.has(companyId)) {
    projectsOf.set(
      companyId,
      post<Project>("/api/projects", companyId, { title: `Reforma da escola ${++serial}`, object: "Reforma geral da escola municipal.", totalValue: "250000.00" }).then((p) => p.id),
    );
  }
  return projectsOf.get(companyId)!;
}
const itemBody = async (companyId: number, extra: Body = {}): Promise<Body> => ({
  projectId: await projectOf(companyId),
  itemDescription: `Cimento Portland CP II 50 kg (${++serial})`,
  catmatCode: "435291",
  unit: "saco",
  quantity: "300",
  ...extra,
});
/** Valid CNPJs (check digits right), masked and not. */
const CNPJS = ["11.222.333/0001-81", "46643466000106", "33.000.167/0001-01", "60.746.948/0001-12", "00.000.000/0001-91"];
const priceBody = (quoteId: number, unitPrice: string, n = 0, extra: Body = {}): Body => ({
  quoteId,
  supplierCnpj: CNPJS[n % CNPJS.length],
  supplierName: `Depósito de materiais ${n + 1}`,
  unitPrice,
  quoteDate: "2026-03-02",
  source: "FORNECEDOR",
  ...extra,
});

/** Items for the price contract, one per company. */
const itemsOf = new Map<number, Promise<number>>();
function itemOf(companyId: number): Promise<number> {
  if (!itemsOf.has(companyId)) itemsOf.set(companyId, (async () => (await post<Quote>("/api/quotes", companyId, await itemBody(companyId))).id)());
  return itemsOf.get(companyId)!;
}

describeResourceContract(quoteResource, {
  api,
  validCreate: (companyId) => itemBody(companyId!),
  invalid: { body: { projectId: 1, itemDescription: "Areia média", unit: "m³", quantity: "0" }, field: "quantity" },
  patch: { unit: "saco 50 kg" },
});
describeResourceContract(quotePriceResource, {
  api,
  validCreate: async (companyId) => priceBody(await itemOf(companyId!), `${30 + (++serial % 5)}.9000`, serial),
  invalid: { body: priceBody(1, "32.90", 0, { supplierCnpj: "11.222.333/0001-80" }), field: "supplierCnpj" },
  patch: { supplierName: "Depósito São Jorge Ltda" },
});

async function newItem(companyId: number, prices: string[], extra: Body = {}): Promise<{ quote: Quote; prices: QuotePrice[] }> {
  const quote = await post<Quote>("/api/quotes", companyId, await itemBody(companyId, extra));
  const made: QuotePrice[] = [];
  for (const [n, p] of prices.entries()) made.push(await post<QuotePrice>("/api/quote-prices", companyId, priceBody(quote.id, p, n)));
  return { quote, prices: made };
}
const readItem = async (companyId: number, id: number): Promise<Quote> => (await api.admin()({ method: "GET", url: `/api/quotes/${id}`, headers: headers(companyId) })).json();

describe("the mapa de cotação's figures", () => {
  it("keeps count, mean, median, lowest, estimate (median × quantity) and flagged prices on the item after every price write", async () => {
    const company = await companyOf("gestor@demo.local");
    const { quote, prices } = await newItem(company, ["32.90", "34.50", "31.75", "45.00"]);
    expect(await readItem(company, quote.id)).toMatchObject({ priceCount: 4, meanPrice: "36.0375", medianPrice: "33.7000", lowestPrice: "31.7500", estimatedTotal: "10110.00", outlierCount: 1 });
    // A corrected price and a changed quantity move the figures in the same write.
    const patched = await api.manager()({ method: "PATCH", url: `/api/quote-prices/${prices[3].id}`, payload: { unitPrice: "33,10" } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().unitPrice).toBe("33.1000");
    await api.manager()({ method: "PATCH", url: `/api/quotes/${quote.id}`, payload: { quantity: "100" } });
    expect(await readItem(company, quote.id)).toMatchObject({ priceCount: 4, medianPrice: "33.0000", estimatedTotal: "3300.00", outlierCount: 0 });
    await api.manager()({ method: "DELETE", url: `/api/quote-prices/${prices[0].id}` });
    expect(await readItem(company, quote.id)).toMatchObject({ priceCount: 3, lowestPrice: "31.7500", medianPrice: "33.1000" });
    // Each write is in the project's history, in its transaction: who, what, from and to.
    const history = await api.ctx.app.db
      .select({ entity: projectHistory.entity, action: projectHistory.action, subject: projectHistory.subject, changes: projectHistory.changes, actorName: projectHistory.actorName })
      .from(projectHistory)
      .where(eq(projectHistory.projectId, quote.projectId));
    const ofItem = history.filter((entry) => entry.subject?.startsWith(quote.itemDescription));
    expect(ofItem.map((entry) => `${entry.entity} ${entry.action}`).sort()).toEqual(["QUOTE CREATE", "QUOTE UPDATE", ...Array(4).fill("QUOTE_PRICE CREATE"), "QUOTE_PRICE DELETE", "QUOTE_PRICE UPDATE"].sort());
    expect(ofItem.find((entry) => entry.entity === "QUOTE_PRICE" && entry.action === "UPDATE")).toMatchObject({ changes: [{ field: "unitPrice", from: "45.0000", to: "33.1000" }], actorName: "Gustavo Gestor" });
  });

  it("keeps the item's figures right when its prices are written at the same time (each write locks its item)", async () => {
    const company = await companyOf("gestor@demo.local");
    const { quote } = await newItem(company, []);
    const unitPrices = ["10.00", "12.00", "11.00", "30.00", "13.00", "12.50"];
    const written = await Promise.all(unitPrices.map((p, n) => api.manager()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, p, n) })));
    expect(written.map((r) => r.statusCode)).toEqual(unitPrices.map(() => 201));
    // Median of 10, 11, 12, 12.5, 13, 30 = 12.25; 30 is the one price more than 25% away from it.
    expect(await readItem(company, quote.id)).toMatchObject({ priceCount: 6, medianPrice: "12.2500", lowestPrice: "10.0000", outlierCount: 1 });
    const removed = await Promise.all(written.slice(0, 3).map((r) => api.manager()({ method: "DELETE", url: `/api/quote-prices/${r.json<QuotePrice>().id}` })));
    expect(removed.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // Left: 30, 13, 12.5 → median 13; 30 is flagged.
    expect(await readItem(company, quote.id)).toMatchObject({ priceCount: 3, medianPrice: "13.0000", lowestPrice: "12.5000", outlierCount: 1 });
  });

  it("the list filters by project and sorts by the figures", async () => {
    const company = await companyOf("gestor@demo.local");
    const projectId = await projectOf(company);
    const res = await api.manager()({ method: "GET", url: `/api/quotes?projectId=${projectId}&_sort=estimatedTotal&_order=desc` });
    expect(res.statusCode, res.body).toBe(200);
    const rows: Quote[] = res.json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.projectId === projectId && row.projectTitle?.startsWith("Reforma da escola"))).toBe(true);
  });
});

describe("refusals (4xx, pt-BR) lose nothing", () => {
  it("refuses an invalid supplier CNPJ, a zero price, an unknown source and a validity before the date", async () => {
    const company = await companyOf("gestor@demo.local");
    const { quote } = await newItem(company, []);
    const cases: [Body, string, RegExp][] = [
      [{ supplierCnpj: "11.222.333/0001-80" }, "supplierCnpj", /CNPJ inválido/],
      [{ supplierCnpj: "" }, "supplierCnpj", /Informe o CNPJ/],
      [{ unitPrice: "0" }, "unitPrice", /maior que zero/],
      [{ unitPrice: "12.34567" }, "unitPrice", /até 4 casas decimais/],
      [{ source: "BALCAO" }, "source", /Fonte inválida/],
      [{ validUntil: "2026-03-01" }, "validUntil", /validade não pode ser antes/],
    ];
    for (const [change, field, message] of cases) {
      const res = await api.manager()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "10.00", 0, change) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toMatch(message);
    }
    expect((await readItem(company, quote.id)).priceCount).toBe(0);
  });

  it("closes a research only with three prices, each with its evidence, and refuses the deletion that would leave a closed one with two (nothing written, no history)", async () => {
    const company = await companyOf("gestor@demo.local");
    const created = await api.manager()({ method: "POST", url: "/api/quotes", payload: await itemBody(company, { status: "CONCLUIDA" }) });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.status).toMatch(/ao menos 3 preços .*esta tem 0/);
    const { quote, prices } = await newItem(company, ["10.00", "11.00"]);
    const early = await api.manager()({ method: "PATCH", url: `/api/quotes/${quote.id}`, payload: { status: "CONCLUIDA" } });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/Lei 14.133\/2021, art. 23.*esta tem 2/);
    prices.push(await post<QuotePrice>("/api/quote-prices", company, priceBody(quote.id, "10.50", 2)));
    // Three prices, none with its evidence yet.
    const unproven = await api.manager()({ method: "PATCH", url: `/api/quotes/${quote.id}`, payload: { status: "CONCLUIDA" } });
    expect(unproven.statusCode).toBe(422);
    expect(unproven.json().errors.status).toMatch(/Anexe o comprovante de cada preço .*faltam 3 comprovantes/);
    for (const [n, price] of prices.entries()) {
      const storagePath = await uploadAs(api.cookies.manager, DOCUMENT_TYPES.pdf, PDF_BYTES);
      const attached = await api.manager()({ method: "PATCH", url: `/api/quote-prices/${price.id}`, payload: { storagePath, fileName: `proposta-${n + 1}.pdf` } });
      expect(attached.statusCode, attached.body).toBe(200);
    }
    const closed = await api.manager()({ method: "PATCH", url: `/api/quotes/${quote.id}`, payload: { status: "CONCLUIDA" } });
    expect(closed.statusCode, closed.body).toBe(200);
    // Closed: a price keeps its evidence, and a new one comes with it.
    const stripped = await api.manager()({ method: "PATCH", url: `/api/quote-prices/${prices[1].id}`, payload: { storagePath: null } });
    expect(stripped.statusCode).toBe(422);
    expect(stripped.json().errors.storagePath).toMatch(/cada preço precisa do seu comprovante/);
    const bare = await api.manager()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "10.20", 3) });
    expect(bare.statusCode).toBe(422);
    expect((await api.manager()({ method: "GET", url: `/api/quote-prices/${prices[1].id}` })).json()).toMatchObject({ hasEvidence: true });
    const entries = async () => (await api.ctx.app.db.select({ n: count() }).from(projectHistory).where(eq(projectHistory.projectId, quote.projectId)))[0].n;
    const before = await entries();
    const removed = await api.manager()({ method: "DELETE", url: `/api/quote-prices/${prices[0].id}` });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().message).toMatch(/reabra a pesquisa/);
    expect(await entries()).toBe(before);
    expect((await api.ctx.app.db.select({ n: count() }).from(quotePrices).where(eq(quotePrices.quoteId, quote.id)))[0].n).toBe(3);
    expect(await readItem(company, quote.id)).toMatchObject({ priceCount: 3, status: "CONCLUIDA" });
  });

  it("a USER reads the research but writes nothing (403), and another municipality's item is missing (404) for reads, prices and exports", async () => {
    const company = await companyOf("gestor@demo.local");
    const { quote, prices } = await newItem(company, ["10.00"]);
    expect((await api.user()({ method: "GET", url: `/api/quotes/${quote.id}` })).statusCode).toBe(200);
    expect((await api.user()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "9.00") })).statusCode).toBe(403);
    expect((await api.user()({ method: "PATCH", url: `/api/quotes/${quote.id}`, payload: { unit: "kg" } })).statusCode).toBe(403);
    for (const url of [`/api/quotes/${quote.id}`, `/api/quotes/${quote.id}/map?format=xlsx`, `/api/quote-prices/${prices[0].id}`]) {
      const res = await api.otherUser()({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/não encontrad/);
    }
    const foreign = await api.otherUser()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "9.00") });
    expect(foreign.statusCode).toBe(403);
  });
});

/** Uploads a file as one person (its own client address: upload links are rate-limited per address). */
async function uploadAs(cookie: string, contentType: string, bytes: Buffer): Promise<string> {
  const link = await as(api.ctx.app, cookie)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType, kind: "project-document" }, remoteAddress: remoteAddress() });
  expect(link.statusCode, link.body).toBe(200);
  const put = await api.ctx.app.inject({ method: "PUT", url: link.json().uploadURL, headers: { "content-type": contentType }, payload: bytes, remoteAddress: remoteAddress() });
  expect(put.statusCode, put.body).toBe(200);
  return link.json().storagePath;
}

describe("evidence", () => {
  it("attaches the evidence sent through the signed upload, serves it to the municipality only, and refuses an upload never made or someone else's", async () => {
    const company = await companyOf("gestor@demo.local");
    const { quote } = await newItem(company, []);
    const storagePath = await uploadAs(api.cookies.manager, DOCUMENT_TYPES.pdf, PDF_BYTES);
    const res = await api.manager()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "32.90", 0, { storagePath, fileName: "proposta-deposito.pdf" }) });
    expect(res.statusCode, res.body).toBe(201);
    const price: QuotePrice = res.json();
    expect(price).toMatchObject({ hasEvidence: true, fileName: "proposta-deposito.pdf", contentType: "application/pdf" });
    expect(price).not.toHaveProperty("filePath");
    const file = await api.user()({ method: "GET", url: `/api/quote-prices/${price.id}/evidence` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/attachment; filename="proposta-deposito.pdf"/);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await api.otherUser()({ method: "GET", url: `/api/quote-prices/${price.id}/evidence` })).statusCode).toBe(404);

    const never = await api.manager()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "33.00", 1, { storagePath: "project-documents/1/00000000-0000-0000-0000-000000000000.pdf", fileName: "x.pdf" }) });
    expect(never.statusCode).toBe(422);
    expect(never.json().errors.storagePath).toMatch(/Envie o arquivo/);
    const colleagues = await uploadAs(api.cookies.user, DOCUMENT_TYPES.pdf, PDF_BYTES);
    const taken = await api.manager()({ method: "POST", url: "/api/quote-prices", payload: priceBody(quote.id, "33.00", 1, { storagePath: colleagues, fileName: "y.pdf" }) });
    expect(taken.statusCode).toBe(422);
    expect((await readItem(company, quote.id)).priceCount).toBe(1);
  });
});

describe("exports of the mapa de cotação", () => {
  let item: { quote: Quote; prices: QuotePrice[] } | undefined;
  const mapItem = async () => (item ??= await newItem(await companyOf("gestor@demo.local"), ["32.90", "34.50", "31.75", "45.00"], { itemDescription: "Cimento Portland CP II 50 kg", quantity: "300" }));

  it("XLSX: a real spreadsheet with pt-BR headings, every price, the flag in words and the figures as R$ numbers", async () => {
    const { quote } = await mapItem();
    const res = await api.manager()({ method: "GET", url: `/api/quotes/${quote.id}/map?format=xlsx` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="mapa-de-cotacao-${quote.id}-cimento-portland-cp-ii-50-kg.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Mapa de cotação")!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const texts = rows.map((row) => row.filter((v) => v !== undefined && v !== null));
    const find = (first: string) => texts.find((row) => row.includes(first));
    expect(String(texts[0][0])).toMatch(/^Mapa de cotação/);
    expect(find("Item")).toContain("Cimento Portland CP II 50 kg");
    const header = find("Fornecedor")!;
    expect(header).toEqual(["Nº", "Fornecedor", "CNPJ", "Fonte", "Data", "Validade", "Preço unitário", "Preço total", "Distância da mediana", "Fora da faixa (>25%)", "Comprovante"]);
    const priceRows = texts.filter((row) => typeof row[0] === "number");
    expect(priceRows).toHaveLength(4);
    const flagged = priceRows.filter((row) => String(row[9]).startsWith("Sim"));
    expect(flagged).toHaveLength(1);
    expect(flagged[0][6]).toBe(45);
    expect(priceRows.map((row) => row[2])).toContain("11.222.333/0001-81");
    expect(find("Mediana")).toContain(33.7);
    expect(find("Valor estimado (mediana × quantidade)")).toContain(10110);
    let median: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(2).value === "Mediana") median = row;
    });
    expect(median!.getCell(3).numFmt).toContain('"R$"');
  });

  it("PDF: a real one-page PDF whose text carries the title, the item, the figures in R$ and the flagged price", async () => {
    const { quote } = await mapItem();
    const res = await api.user()({ method: "GET", url: `/api/quotes/${quote.id}/map?format=pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="mapa-de-cotacao-\d+-cimento-portland-cp-ii-50-kg\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfPageCount(res.rawPayload)).toBe(1);
    const text = pdfText(res.rawPayload);
    for (const expected of ["Mapa de cotação", "Cimento Portland CP II 50 kg", "Mediana", "R$ 33,70", "R$ 10.110,00", "Sim: mais de 25% da mediana", "11.222.333/0001-81"]) expect(text).toContain(expected);
  });

  it("refuses an unknown format (422, pt-BR) and a missing item (404)", async () => {
    const { quote } = await mapItem();
    const bad = await api.manager()({ method: "GET", url: `/api/quotes/${quote.id}/map?format=docx` });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toMatch(/Formato inválido: use xlsx ou pdf/);
    expect((await api.manager()({ method: "GET", url: "/api/quotes/2147483000/map?format=pdf" })).statusCode).toBe(404);
  });

  it("refuses an id that is not an item's or a price's with a pt-BR 4xx, and a price without evidence with 404", async () => {
    for (const url of ["/api/quotes/abc/map?format=pdf", "/api/quotes/0/map?format=pdf", "/api/quote-prices/abc/evidence", "/api/quote-prices/99999999999/evidence"]) {
      const res = await api.user()({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().message, url).toMatch(/Verifique os campos destacados|não encontrad/);
    }
    const [bare] = await api.ctx.app.db.select({ id: quotePrices.id }).from(quotePrices).where(isNull(quotePrices.filePath)).limit(1);
    const none = await api.admin()({ method: "GET", url: `/api/quote-prices/${bare.id}/evidence` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Comprovante não encontrado.");
  });
});

describe("demo data and the project's page", () => {
  it("every demo municipality has research on its projects, with a flagged price and one item below three prices", async () => {
    const all = await api.ctx.app.db.select({ companyId: quotes.companyId, priceCount: quotes.priceCount, outlierCount: quotes.outlierCount, status: quotes.status }).from(quotes);
    const byCompany = new Map<number, typeof all>();
    for (const row of all) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    expect(byCompany.size).toBeGreaterThanOrEqual(3);
    for (const rows of byCompany.values()) {
      expect(rows.some((row) => row.outlierCount > 0)).toBe(true);
      expect(rows.some((row) => row.priceCount < 3)).toBe(true);
      expect(rows.filter((row) => row.status === "CONCLUIDA").every((row) => row.priceCount >= 3)).toBe(true);
    }
  });

  it("a project names the proposal it came from by number and proponent CNPJ (the proposal page's address)", async () => {
    const company = await companyOf("gestor@demo.local");
    const [proposal] = await api.ctx.app.db.select({ id: proposals.id, nr: proposals.nrProposal, cnpj: proposals.proponentCnpj }).from(proposals).where(and(eq(proposals.companyId, company))).limit(1);
    const project = await post<Project>("/api/projects", company, { title: "Quadra coberta do bairro Norte", object: "Cobertura de quadra.", totalValue: "500000.00", proposalId: proposal.id });
    expect(project).toMatchObject({ proposalId: proposal.id, nrProposal: proposal.nr, proposalEntity: proposal.cnpj });
  });
});
