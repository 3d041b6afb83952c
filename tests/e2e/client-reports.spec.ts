import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";

/** Issue 33 items 3 and 4: the consultancy's portfolio across clients, and the monthly client report's "Gerar agora" then its download. */

test("the ADMIN's portfolio shows two chosen clients' figures side by side", async ({ browser }) => {
  const page = await signedInPage(browser, "admin@demo.local");
  await page.goto("/admin/portfolio?clientes=1,2");
  await expect(page.getByRole("heading", { name: "Carteira de clientes" })).toBeVisible();
  await expect(page.getByText("2 clientes escolhidos")).toBeVisible();
  const byClient = page.locator(".ant-table").nth(1);
  await expect(byClient.getByRole("row").filter({ hasText: "São José dos Campos" })).toContainText("R$");
  await expect(byClient.getByRole("row").filter({ hasText: "Campinas" })).toContainText("R$");
  await expect(page.getByRole("img", { name: /Recebido/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quem enviou o quê para onde" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Atualização das fontes por cliente" })).toBeVisible();
});

test("the ADMIN generates a client's monthly report now and downloads its PDF", async ({ browser }) => {
  const page = await signedInPage(browser, "admin@demo.local");
  await page.goto("/admin/client-reports");
  await expect(page.getByRole("heading", { name: "Relatórios mensais" })).toBeVisible();
  // The demo data already holds last month's report of every client.
  await expect(page.getByRole("row").filter({ hasText: "Demonstração" }).first()).toBeVisible();

  await page.getByRole("button", { name: "Gerar agora" }).click();
  const dialog = page.getByRole("dialog", { name: "Gerar o relatório mensal agora" });
  await chooseOption(dialog.getByRole("combobox", { name: "Cliente" }), "Campinas", "Campinas");
  await dialog.getByRole("button", { name: "Gerar e enviar" }).click();
  await expect(page.getByText("Relatório gerado.")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: "Campinas" }).filter({ hasText: "Gerar agora" }).first();
  await expect(row).toBeVisible();
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: /Baixar PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^relatorio-mensal-\d{4}-\d{2}-campinas\.pdf$/);
  expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe("%PDF-");
});
