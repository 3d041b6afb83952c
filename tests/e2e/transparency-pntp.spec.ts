import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { signInAndWait } from "./support/auth";

/** Issue 34 items 2–5 as a citizen (and a manager) meets them. */
const HOME = "/transparency/campinas";

test("an unknown transfer answers 404 with the not-found screen, a pt-BR explanation and the way back to the portal", async ({ page }) => {
  const url = `${HOME}/transactions-imposition/info/00000000-000000`;
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(`Page not found: ${url}`)).toBeVisible();
  await expect(page.getByText("Esta página não existe ou não é publicada.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/transparency");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Voltar ao portal de Campinas" }).click();
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole("heading", { level: 1, name: "Transparência de Campinas (SP)" })).toBeVisible();
});

test("a slug in capitals lands on its one canonical address", async ({ page }) => {
  const response = await page.goto("/transparency/CAMPINAS/Transactions-Voluntary?ano=2025");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(`${HOME}/transactions-voluntary?ano=2025`);
});

test("a page past the end shows the last page, with counts that agree", async ({ page }) => {
  await page.goto(`${HOME}/transactions-voluntary?pagina=99`);
  await expect(page).not.toHaveURL(/pagina=99/);
  const status = page.getByRole("status").filter({ hasText: /encontrada/ });
  await expect(status).toBeVisible();
  const total = Number(((await status.textContent()) ?? "").replace(/\D/g, ""));
  const pages = Math.max(1, Math.ceil(total / 20));
  if (pages > 1) await expect(page.getByText(`Página ${pages} de ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByText("Nenhuma transferência encontrada")).toHaveCount(0);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expectAccessible(page);
});

test("the open-data page lists each dataset with its formats, update time and data dictionary", async ({ page }) => {
  await page.goto(HOME);
  await page.getByRole("link", { name: "Dados abertos" }).click();
  await expect(page).toHaveURL(`${HOME}/dados-abertos`);
  await expect(page.getByRole("heading", { level: 1, name: "Dados abertos" })).toBeVisible();
  for (const name of ["Transferências especiais", "Transferências voluntárias", "Emendas parlamentares municipais"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Transferências especiais: XLSX" })).toHaveAttribute("href", "/api/public/campinas/imposition-transfers.xlsx");
  await expect(page.getByText(/Atualizado em \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  await page.getByText(/^Dicionário de dados/).first().click();
  await expect(page.getByRole("cell", { name: "concedente" }).or(page.getByRole("rowheader", { name: "concedente" })).first()).toBeVisible();
  await expectAccessible(page);
});

test("the portals' root lists the published portals", async ({ page }) => {
  const response = await page.goto("/transparency");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Portais da Transparência" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Prefeitura de Campinas/ })).toBeVisible();
  await expectAccessible(page);
});

test("a list says how many of its records are not published", async ({ page }) => {
  await page.goto("/transparency/sao-jose-dos-campos/transactions-imposition");
  await expect(page.getByText(/^\d+ de \d+ transferências especiais não (está publicada|estão publicadas)\.$/)).toBeVisible();
});

test("a manager's transparency self-check shows each PNTP criterion passing", async ({ page }) => {
  await signInAndWait(page, "gestor@demo.local");
  await page.goto("/admin/settings/transparency-check");
  const panel = page.getByTestId("transparency-check");
  await expect(panel.getByText("O portal atende a todos os critérios verificados.")).toBeVisible();
  for (const title of ["5.1 Transferências recebidas", "17.1 Emendas parlamentares recebidas", "17.2 Execução das emendas Pix"]) {
    await expect(panel.getByRole("heading", { name: new RegExp(title) })).toBeVisible();
  }
  await expect(panel.getByText("Não atende")).toHaveCount(0);
});
