import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import { REPORT_NAMES, TIMED_PROPOSAL_STATUSES, type ReportName } from "../../src/domain/reports";
import { reportFileName, reportLabels as L } from "../../src/domain/labels/reports";
import { codeLabels } from "../../src/domain/labels/codes";
import { transferLabels } from "../../src/domain/labels/transfers";

/**
 * The exports speak the label catalogue's pt-BR (src/domain/labels): file names, titles, column headings
 * and code values are the catalogue's, the same words the screens show.
 */
const api = demoApi();

async function csvOf(name: ReportName, query = "") {
  const res = await api.manager()({ method: "GET", url: `/api/reports/${name}/export?format=csv${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { res, lines: res.body.replace(/^\uFEFF/, "").split("\r\n") };
}

/** Where a section starts in the CSV: its title (some titles go on with a detail, "… (365 dias)"). */
const sectionAt = (lines: string[], title: string) => lines.findIndex((line) => line === title || line.startsWith(`${title} (`));
/** The heading row that follows a section's title in the CSV. */
const headingsAfter = (lines: string[], title: string) => lines[sectionAt(lines, title) + 1]?.split(";");

describe("report exports are named and headed in pt-BR, from the catalogue", () => {
  it.each(REPORT_NAMES)("names the %s export in pt-BR with the day it was made, as the screen's fallback does", async (name) => {
    const { res } = await csvOf(name);
    const day = /filename="[^"]*-(\d{4}-\d{2}-\d{2})\.csv"/.exec(String(res.headers["content-disposition"]))?.[1];
    expect(day, String(res.headers["content-disposition"])).toBeDefined();
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${reportFileName(name, "csv", day)}"`);
    expect(String(res.headers["content-disposition"])).not.toContain(`relatorio-${name}-`);
  });

  it("calls the reports relatorio-captacao, relatorio-pagamentos, relatorio-propostas, relatorio-transferencias and relatorio-emendas-municipais", async () => {
    const names = await Promise.all(REPORT_NAMES.map(async (name) => String((await csvOf(name)).res.headers["content-disposition"])));
    expect(names.map((n) => /filename="(relatorio-[a-z-]+?)-\d{4}-/.exec(n)?.[1])).toEqual([
      "relatorio-captacao",
      "relatorio-pagamentos",
      "relatorio-propostas",
      "relatorio-transferencias",
      "relatorio-emendas-municipais",
    ]);
  });

  it("titles and heads the proposal report with the catalogue's singular statuses, as the captação screens name them", async () => {
    const { lines } = await csvOf("proposal");
    expect(lines[0]).toBe(L.titles.proposal);
    expect(headingsAfter(lines, L.sections.byStatus)).toEqual([L.columns.status, L.columns.count, L.columns.transferValue, L.columns.globalValue]);
    expect(headingsAfter(lines, L.sections.proposals)).toEqual([L.columns.nrProposal, L.columns.status, L.columns.transferValue, ...TIMED_PROPOSAL_STATUSES.map((s) => codeLabels.proposalStatuses[s])]);
    const start = lines.indexOf(L.sections.byStatus) + 2;
    const statuses = lines.slice(start, lines.indexOf("", start)).map((line) => line.split(";")[0]).filter((cell) => cell !== L.totalRow);
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(Object.values(codeLabels.proposalStatuses), status).toContain(status);
    expect(lines.join("\n")).not.toMatch(/Cadastrados|Proposta\/Plano de Trabalho/);
  });

  it("writes the transfer kind filter, the groups by kind and each transfer's kind as the catalogue names them", async () => {
    const { lines } = await csvOf("transactions", "&kind=voluntary&days=365");
    expect(lines).toContain(`${L.filters.kind};${transferLabels.transferKindGroups.voluntary}`);
    const byKind = lines.indexOf(L.sections.byTransferKind);
    expect(lines[byKind + 2].split(";")[0]).toBe(transferLabels.transferKindGroups.voluntary);
    const endingSoon = sectionAt(lines, L.sections.endingSoon);
    expect(endingSoon).toBeGreaterThan(0);
    expect(headingsAfter(lines, L.sections.endingSoon)[0]).toBe(L.columns.kind);
    const firstRow = lines[endingSoon + 2]?.split(";");
    if (firstRow && firstRow.length > 1) expect(firstRow[0]).toBe(transferLabels.transferKinds.voluntary);
  });

  it("heads the XLSX sheets with the catalogue's column names", async () => {
    const res = await api.manager()({ method: "GET", url: "/api/reports/fundraising/export?format=xlsx" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="relatorio-captacao-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Por ano")!;
    expect(sheet.getRow(1).getCell(1).value).toBe(L.sections.byYear);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([L.columns.year, L.columns.imposition, L.columns.voluntary, L.columns.fund, L.columns.total, L.columns.count]);
  });
});

describe("list exports are headed with the screens' field names", () => {
  it("heads the voluntary transfers' CSV with the catalogue's field names and writes their statuses' labels", async () => {
    const res = await api.manager()({ method: "GET", url: "/api/voluntary-transfers/export?format=csv" });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    const F = transferLabels.fields;
    expect(header.split(";").slice(0, 5)).toEqual([F.nrConvenio, F.proposalNumber, F.year, F.modality, F.status]);
    expect(header.split(";")).toContain(`${F.transferValue} (R$)`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.values(transferLabels.voluntaryStatuses)).toContain(row.split(";")[4]);
  });

  it("writes a quote's status as the catalogue names it", async () => {
    const res = await api.manager()({ method: "GET", url: "/api/quotes/export?format=csv" });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    // The status is the last column (the item's description before it may hold a quoted ';').
    expect(header.split(";").at(-1)).toBe("Situação");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.values(codeLabels.quoteStatuses)).toContain(row.split(";").at(-1));
  });
});
