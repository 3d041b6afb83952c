import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signedInPage } from "./support/auth";

/** Price research (issue 15, "Quotes"): a MANAGER reads a demo item's mapa de cotação and takes it as a spreadsheet. */

test("MANAGER opens /admin/quotes, sees the mapa with a flagged price (said in words) and downloads it as XLSX", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/quotes");
  const item = "Cimento Portland CP II-E-32, saco de 50 kg";
  await page.getByRole("link", { name: item }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/info\/\d+$/);
  await expect(page.getByRole("heading", { name: item })).toBeVisible();

  // Four prices, one of them far above the median: the cell says so, not only its colour.
  const flag = page.getByTestId("outlier-flag");
  await expect(flag).toHaveCount(1);
  await expect(flag).toHaveText(/^Sim: \d+(,\d)?% acima da mediana$/);
  await expect(page.getByTestId("outlier-summary")).toHaveText(/1 preço\(s\) a mais de 25% da mediana/);
  await expect(page.getByText(/Valor estimado = mediana dos preços unitários × quantidade/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Construção da UBS do bairro Jardim das Flores" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Mapa de cotação (XLSX)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mapa-de-cotacao-\d+-cimento-portland-cp-ii-e-32-saco-de-50-kg\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const flagged: unknown[] = [];
  workbook.getWorksheet("Mapa de cotação")!.eachRow((row) => {
    if (String(row.getCell(10).value).startsWith("Sim")) flagged.push(row.getCell(2).value);
  });
  expect(flagged).toEqual(["LOJÃO DAS OBRAS EIRELI"]);
});

test("an ADMIN with a client chosen edits a quote item and stays in that client, so the item's page still answers", async ({ browser }) => {
  const authComp = "authComp=1_46643466000106";
  const page = await signedInPage(browser, "admin@demo.local");
  await page.goto(`/admin/quotes?${authComp}`);
  await page.getByRole("link", { name: "Cimento Portland CP II-E-32, saco de 50 kg" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/quotes/info/\\d+\\?${authComp}$`));
  await page.getByRole("button", { name: "Editar item" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/quotes/edit/\\d+\\?${authComp}$`));
  await page.getByRole("button", { name: "Salvar" }).click();
  // Back on the item with the client: without it an ADMIN met "Projeto não encontrado" and "Selecione um cliente".
  await expect(page).toHaveURL(new RegExp(`/admin/quotes/info/\\d+\\?${authComp}$`));
  await expect(page.getByRole("heading", { name: "Cimento Portland CP II-E-32, saco de 50 kg" })).toBeVisible();
  await expect(page.getByText(/Projeto não encontrado|Selecione um cliente/)).toHaveCount(0);
});
