import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";

test("a manager opens the CAUC, sees the counters per status and the item that expires soon flagged with its days left", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/regularity");
  await expect(page.getByRole("heading", { name: "Regularidade (CAUC)", exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle("Regularidade (CAUC)");
  await expect(page.getByTestId("regularity-count-A_COMPROVAR")).toContainText("2");
  // São José dos Campos: the FGTS certificate (1.3) runs out in 6 days, inside the company's 15-day window.
  const alert = page.getByRole("alert").filter({ hasText: "vencem nos próximos 15 dias" });
  await expect(alert).toContainText("2 item(ns)");
  await expect(alert.locator("li").filter({ hasText: "1.3" })).toContainText("vence em 6 dias");
  const row = page.locator(".ant-table-row").filter({ has: page.getByRole("cell", { name: "1.3", exact: true }) });
  await expect(row).toContainText("Regular");
  await expect(row).toContainText("vence em 6 dias");
  await expect(page.getByText("III – Transparência e informações fiscais")).toBeVisible();
  await expect(page.getByRole("img", { name: "Evolução" })).toBeVisible();
  await expect(page.getByRole("menu", { name: "Menu principal" }).getByRole("link", { name: "Regularidade (CAUC)" })).toBeVisible();
  await page.context().close();
});

test("a manager fills a requirement from a template for an emenda, saves it and downloads it as DOCX", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/requirements");
  await expect(page.getByRole("heading", { name: "Requerimentos", exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Novo requerimento" }).click();
  await expect(page).toHaveURL(/\/admin\/requirements\/create$/);

  await page.getByLabel("Modelo").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Pedido de indicação de emenda individual impositiva" }).click();
  await page.getByLabel("Transferência ou emenda").click();
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").first();
  const chosen = (await option.innerText()).trim();
  const nrTransfer = /Transferência especial (\S+)/.exec(chosen)![1];
  await option.click();
  await page.getByRole("button", { name: "Preencher com os dados" }).click();
  await expect(page.getByText("Documento preenchido")).toBeVisible();
  const body = page.getByLabel("Texto");
  await expect(body).toContainText("São José dos Campos");
  await expect(body).toContainText(nrTransfer);
  await body.press("End");
  await body.pressSequentially("\n\nAnexo: plano de trabalho.");
  await page.getByRole("button", { name: "Salvar requerimento" }).click();

  await expect(page).toHaveURL(/\/admin\/requirements(\?|$)/);
  const row = page.locator(".ant-table-row").first();
  await expect(row).toContainText(nrTransfer);
  await expect(row).toContainText("Rascunho");
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: /^DOCX/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^requerimento-\d+\.docx$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  await page.context().close();
});
