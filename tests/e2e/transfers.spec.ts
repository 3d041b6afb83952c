import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAndWait } from "./support/auth";

/** `R$ 1.234,56` → 1234.56 */
const money = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));
const totalPaid = async (page: Page) => money((await page.getByTestId("total-paid").locator(".ant-statistic-content").innerText()).trim());

/**
 * The first row with room for a bank order of `amount`: the server refuses one that would pay more
 * than is committed, and the demo data has transfers already paid in full.
 */
async function rowWithRoomToPay(page: Page, rows: Locator, amount: number): Promise<Locator> {
  const headers = (await page.locator(".ant-table-thead th").allInnerTexts()).map((text) => text.trim());
  const committed = headers.indexOf("Empenhado");
  const paid = headers.indexOf("Pago");
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const cells = await rows.nth(i).locator("td").allInnerTexts();
    if (money(cells[committed]) - money(cells[paid]) >= amount) return rows.nth(i);
  }
  throw new Error("Nenhuma transferência da página tem saldo empenhado para o pagamento.");
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press("Escape");
}

test("a manager filters the transfers, opens one, records a payment, sees the totals move and exports the list", async ({ page }) => {
  await signInAndWait(page, "gestor@demo.local");
  const menu = page.getByRole("menu", { name: "Menu principal" });
  await menu.getByText("Transferências", { exact: true }).click();
  await menu.getByRole("link", { name: "Transferências (imposição / especiais)" }).click();
  await expect(page).toHaveURL(/\/admin\/transactions-imposition/);
  await expect(page.getByRole("heading", { name: "Transferências especiais", exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Transferências especiais");
  await expect(page.getByTestId("total-count")).toContainText("40");

  // Filter: situation "Ciente"; the URL keeps it and every row shows it.
  await chooseOption(page, "Situação", "Ciente");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/situation/);
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i).locator(".ant-tag")).toHaveText("Ciente");
  const filteredCount = Number((await page.getByTestId("total-count").locator(".ant-statistic-content").innerText()).replace(/\D/g, ""));
  expect(filteredCount).toBeLessThan(40);
  const paidBefore = await totalPaid(page);

  // Open a transfer with room for the payment.
  const row = await rowWithRoomToPay(page, rows, 1234.56);
  const nr = (await row.locator("a").first().innerText()).trim();
  await row.locator("a").first().click();
  await expect(page).toHaveURL(new RegExp(`/info/${nr}$`));
  await expect(page.getByRole("heading", { name: `Transferência ${nr}` })).toBeVisible();
  await expect(page.getByText("Identificação")).toBeVisible();
  const infoPaidBefore = money(await page.getByTestId("info-paid").innerText());

  // Record a bank order; the form first refuses an empty document number in pt-BR.
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page).toHaveURL(/transaction-payment\/create$/);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Informe o número do documento.")).toBeVisible();
  await chooseOption(page, "Tipo", "Ordem bancária");
  await page.getByLabel("Nº do documento").fill("2026OB123456");
  await page.getByLabel("Valor", { exact: true }).fill("1234,56");
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page).toHaveURL(new RegExp(`/info/${nr}$`));
  await expect(page.getByTestId("payment-item").filter({ hasText: "2026OB123456" })).toBeVisible();
  await expect.poll(async () => money(await page.getByTestId("info-paid").innerText())).toBeCloseTo(infoPaidBefore + 1234.56, 2);

  // Back on the filtered list, the paid total grew by the payment.
  for (let i = 0; i < 4 && !/transactions-imposition\?/.test(page.url()); i++) await page.goBack();
  await expect(page).toHaveURL(/\/admin\/transactions-imposition\?.*situation/);
  await expect.poll(() => totalPaid(page)).toBeCloseTo(paidBefore + 1234.56, 2);

  // Export the filtered list: every row of the filtered set, not just the page.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^transferencias-impositivas-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await csv.path())!, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toContain("Código do plano de ação;Ano;Situação");
  expect(lines).toHaveLength(filteredCount + 1);
  expect(lines.slice(1).every((line) => line.includes(";Ciente;"))).toBe(true);
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar XLSX" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
});

test("a user opens a convênio, sees its payment history and chart, and the dashboard shows real figures", async ({ page }) => {
  await signInAndWait(page, "usuario@demo.local");
  await expect(page.getByTestId("dashboard-imposition")).toContainText("R$");
  await expect(page.getByText("Últimos pagamentos")).toBeVisible();
  const menu = page.getByRole("menu", { name: "Menu principal" });
  await menu.getByText("Transferências", { exact: true }).click();
  await menu.getByRole("link", { name: "Transferências voluntárias" }).click();
  await chooseOption(page, "Situação", "Em execução");
  await page.getByRole("button", { name: "Filtrar" }).click();
  // The filtered rows, once they replaced the unfiltered ones: read and open the same row.
  await expect(page).toHaveURL(/status/);
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.locator(".ant-tag").filter({ hasNotText: "Em execução" })).toHaveCount(0);
  const nr = (await rows.first().locator("a").first().innerText()).trim();
  await page.getByRole("link", { name: nr, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Convênio ${nr}` })).toBeVisible();
  await expect(page.getByTestId("payment-item").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Pago acumulado/ })).toBeVisible();
  await page.goto(`/admin/transactions-voluntary/info/999999`);
  await expect(page.getByText("Transferência não encontrada.")).toBeVisible();
});
