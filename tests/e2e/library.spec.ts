import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PDF_BYTES, docxBytes } from "../support/documents";
import { signedInPage } from "./support/auth";

/** The consultancy's document models reach every municipality through the header search; CAUC evidence files (issues 13, 16). */

// A word no demo row has, so the search finds this run's model only (the stack may be reused between runs).
const stamp = Date.now().toString().slice(-6);
const TITLE = `Declaração de contrapartida Jequitibá ${stamp}`;
const FILE_NAME = `Declaração de contrapartida ${stamp}.pdf`;

/** Picks a file through the chooser the button opens, as a person does. */
async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(file);
}

test("an admin adds a document model with its PDF in a category, and it is listed with its download", async ({ browser }) => {
  const page = await signedInPage(browser, "admin@demo.local");
  await page.goto("/admin/models");
  await expect(page.getByRole("heading", { name: "Modelos de documentos", exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Novo modelo" }).click();
  await expect(page).toHaveURL(/\/admin\/models\/model-add/);

  await expect(page.getByRole("heading", { name: "Novo modelo" })).toBeVisible();
  await page.getByRole("textbox", { name: "Título" }).fill(TITLE);
  await page.getByRole("textbox", { name: "Descrição" }).fill("Declaração do prefeito sobre a contrapartida municipal do convênio.");
  await page.getByRole("button", { name: "Escolher categoria" }).click();
  await expect(page).toHaveURL(/\/model-add\/select-category/);
  const drawer = page.getByRole("dialog", { name: "Escolher categoria" });
  const pick = drawer.getByRole("button", { name: /^Escolher / }).first();
  const category = (await pick.getAttribute("aria-label"))!.replace(/^Escolher /, "");
  await pick.click();
  await expect(drawer.getByText("Escolhida")).toBeVisible();
  await drawer.getByRole("button", { name: "Concluir" }).click();

  await chooseFile(page, "Enviar arquivo", { name: FILE_NAME, mimeType: "application/pdf", buffer: PDF_BYTES });
  await expect(page.getByTestId("model-file-name")).toHaveText(FILE_NAME);
  await page.getByRole("button", { name: "Salvar" }).click();

  await expect(page).toHaveURL(/\/admin\/models(\?|$)/);
  const row = page.locator(".ant-table-row").filter({ hasText: TITLE });
  await expect(row).toContainText(category);
  await expect(row.getByRole("link", { name: `Baixar ${TITLE}` })).toContainText("PDF");
  await page.context().close();
});

test("a user finds the model through the header search and downloads it; a manager attaches a CAUC item's evidence file that the company downloads", async ({ browser }) => {
  const user = await signedInPage(browser, "usuario@demo.local");
  await user.goto("/admin/dashboard");
  const search = user.getByRole("combobox", { name: "Buscar no conteúdo" });
  await search.fill("jequitiba");
  await user.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: TITLE }).click();
  await expect(user).toHaveURL(/\/admin\/models/);
  const row = user.locator(".ant-table-row").filter({ hasText: TITLE });
  await expect(user.locator(".ant-table-row")).toHaveCount(1);
  const download = user.waitForEvent("download");
  await row.getByRole("link", { name: `Baixar ${TITLE}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(FILE_NAME);
  expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe("%PDF-");
  await user.context().close();

  // The manager attaches the evidence of item 2.1.1 (a DOCX) on the regularity screen.
  const manager = await signedInPage(browser, "gestor@demo.local");
  await manager.goto("/admin/regularity");
  // The page opens only the groups that need attention: the manager opens group II, where 2.1.1 is, if it is closed.
  const group = manager.getByRole("button", { name: /II – Prestação de contas/ });
  if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
  await manager.getByRole("button", { name: "Atualizar item 2.1.1" }).click();
  const dialog = manager.getByRole("dialog", { name: "Atualizar item 2.1.1" });
  await chooseFile(manager, "Anexar arquivo do comprovante", { name: "Certidão SIAFI.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: await docxBytes("Certidão de regularidade SIAFI") });
  await expect(dialog.getByTestId("evidence-file-name")).toHaveText("Certidão SIAFI.docx");
  await expect(dialog.getByRole("button", { name: "Substituir arquivo do comprovante" })).toBeVisible();
  await dialog.getByRole("button", { name: "Atualizar", exact: true }).click();
  await expect(dialog).toBeHidden();
  const evidence = manager.getByRole("link", { name: "Baixar o comprovante Certidão SIAFI.docx do item 2.1.1" });
  const saved = manager.waitForEvent("download");
  await evidence.click();
  expect((await saved).suggestedFilename()).toBe("Certidão SIAFI.docx");
  await manager.context().close();
});
