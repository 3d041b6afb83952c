import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";

/** Reports (issue 17): a MANAGER opens each report from the menu, filters it (the URL keeps the filters) and exports it. */

async function choose(page: Page, label: string, option: string) {
  await chooseOption(page.getByRole("combobox", { name: label, exact: true }), option);
  // The select shows what the URL holds once the navigation has rendered (react-router renders it in a
  // transition): only then do the export buttons carry the new filter.
  await expect(page.locator(".report-filters .ant-select-selection-item").filter({ hasText: option })).toBeVisible();
}

async function exportAs(page: Page, format: "CSV" | "XLSX" | "PDF") {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: new RegExp(`${format}$`) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^relatorio-.*\\.${format.toLowerCase()}$`));
  return readFileSync((await file.path())!);
}

/** Opens a report from the sider's "Relatórios" group (inside the app: no reload). */
async function openFromMenu(page: Page, report: "payments" | "proposal" | "transactions" | "municipal-amendments") {
  const sider = page.locator(".admin-sider");
  const item = sider.locator(`li[role=menuitem][data-menu-id$="/group-reports/reports-${report}"]`);
  if (!(await item.isVisible())) await sider.getByRole("menuitem", { name: /Relatórios$/ }).click();
  await item.click();
}

test("MANAGER opens each report, filters it in the URL and exports it", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/reports");
  await expect(page).toHaveURL(/\/admin\/reports\/fundraising$/);
  await expect(page.getByRole("heading", { name: "Relatório de captação" })).toBeVisible();
  await expect(page.getByText("Cliente: São José dos Campos")).toBeVisible();
  await expect(page.getByRole("img", { name: "Valor captado por ano e tipo" })).toBeVisible();
  await choose(page, "Tipo de transferência", "Transferências voluntárias");
  await expect(page).toHaveURL(/kind=voluntary/);
  await expect(page.getByTestId("table-byYear").locator(".report-total")).toContainText("Total");
  const csv = (await exportAs(page, "CSV")).toString("utf8");
  expect(csv).toContain("Tipo de transferência: Transferências voluntárias");

  await openFromMenu(page, "payments");
  await expect(page).toHaveURL(/\/admin\/reports\/payments$/);
  await expect(page.getByRole("img", { name: "Pagamentos por mês e tipo" })).toBeVisible();
  // Back to the fundraising report: its filter comes back from the URL.
  await page.goBack();
  await expect(page.locator(".report-filters .ant-select-selection-item").filter({ hasText: "Transferências voluntárias" })).toBeVisible();
  await page.goForward();
  await choose(page, "Tipo de movimentação", "Empenho");
  await expect(page).toHaveURL(/kind=COMMITMENT/);
  await expect(page.getByTestId("table-byKind")).toContainText("Empenho");
  await expect(page.getByTestId("table-byKind")).not.toContainText("Ordem bancária");
  expect((await exportAs(page, "XLSX")).subarray(0, 2).toString()).toBe("PK");

  await openFromMenu(page, "proposal");
  await expect(page.getByRole("img", { name: "Propostas por situação" })).toBeVisible();
  await choose(page, "Situação da proposta", "Conveniada");
  await expect(page).toHaveURL(/status=CONVENIADA/);
  await expect(page.getByTestId("table-byStatus").locator("tbody tr.ant-table-row")).toHaveCount(1);
  expect((await exportAs(page, "PDF")).subarray(0, 5).toString()).toBe("%PDF-");

  await openFromMenu(page, "transactions");
  await expect(page.getByRole("img", { name: "Execução por tipo" })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Vigência terminando em (dias)" }).fill("365");
  await page.getByRole("spinbutton", { name: "Vigência terminando em (dias)" }).blur();
  await expect(page).toHaveURL(/days=365/);
  await expect(page.getByTestId("table-endingSoon").locator("tbody tr.ant-table-row").first()).toBeVisible();
  await choose(page, "Tipo de transferência", "Transferências especiais");
  await expect(page).toHaveURL(/kind=imposition/);
  await expect(page.getByTestId("table-byKind").locator("tbody tr.ant-table-row")).toHaveCount(1);
  const transactions = (await exportAs(page, "CSV")).toString("utf8");
  expect(transactions).toContain("Tipo de transferência: Transferências especiais");
  expect(transactions).toContain("Vigência terminando em (dias): 365");

  // The councillors' emendas (issue 37): by councillor, stage and year, filtered by stage.
  await openFromMenu(page, "municipal-amendments");
  await expect(page).toHaveURL(/\/admin\/reports\/municipal-amendments$/);
  await expect(page.getByRole("img", { name: "Emendas municipais por etapa" })).toBeVisible();
  await expect(page.getByTestId("table-byCouncillor")).toContainText("Marcos Vinícius Prado");
  await choose(page, "Etapa da emenda", "Paga");
  await expect(page).toHaveURL(/stage=PAGA/);
  await expect(page.getByTestId("table-byStage").locator("tbody tr.ant-table-row")).toHaveCount(1);
  expect((await exportAs(page, "CSV")).toString("utf8")).toContain("Etapa da emenda: Paga");
});
