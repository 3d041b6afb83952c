import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";

/** A day ten days from now as the date picker takes it (dd/mm/aaaa). */
const inTenDays = () => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + 10 * 86_400_000));

test("the consultancy, with every client, assigns and snoozes several risks at once, they stay so after a reload, and an item's link opens its screen with the client kept", async ({ browser }) => {
  const page = await signedInPage(browser, "admin@demo.local");
  await page.goto("/admin/risks");
  await expect(page.getByRole("heading", { name: "Fila de riscos", exact: true })).toBeVisible({ timeout: 30_000 });
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("risk-total")).toContainText(/\d+ itens · R\$/);

  // Items of at least two municipalities, the consultancy's queue across clients.
  const clients = new Set((await rows.locator("td:nth-child(2)").allInnerTexts()).map((t) => t.trim()));
  expect(clients.size).toBeGreaterThanOrEqual(2);

  // Three rows assigned to the consultancy's admin at once.
  const keys: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    keys.push((await row.getAttribute("data-row-key"))!);
    await row.locator(".ant-checkbox-input").check();
  }
  const batch = page.getByTestId("risk-batch");
  await expect(batch).toContainText("3 selecionado(s)");
  await chooseOption(batch.getByLabel("Atribuir a"), /Admin|Consultoria|Administrador/i);
  await batch.getByRole("button", { name: "Atribuir" }).click();
  await expect(page.getByText("3 item(ns) atualizado(s).")).toBeVisible();

  // The first two snoozed for ten days.
  for (const key of keys.slice(0, 2)) await page.locator(`.ant-table-row[data-row-key="${key}"] .ant-checkbox-input`).check();
  const until = page.getByTestId("risk-batch").getByPlaceholder("Adiar até");
  await until.click();
  await until.fill(inTenDays());
  await until.press("Enter");
  await page.getByTestId("risk-batch").getByRole("button", { name: "Adiar" }).click();
  await expect(page.getByText("2 item(ns) atualizado(s).")).toBeVisible();

  // After a reload: the snoozed are out of the default view, the third keeps its owner.
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  for (const key of keys.slice(0, 2)) await expect(page.locator(`.ant-table-row[data-row-key="${key}"]`)).toHaveCount(0);
  const third = page.locator(`.ant-table-row[data-row-key="${keys[2]}"]`);
  const owner = (await third.locator("td:nth-child(7)").innerText()).trim();
  expect(owner).not.toBe("—");

  // The snoozed, with their day and owner, under "Adiado".
  await chooseOption(page.getByLabel("Situações"), "Adiado");
  for (const key of keys.slice(0, 2)) {
    const row = page.locator(`.ant-table-row[data-row-key="${key}"]`);
    await expect(row).toContainText(`até ${inTenDays()}`);
    await expect(row.locator("td:nth-child(7)")).toHaveText(owner);
  }

  // An item's link opens its screen with that item's client chosen.
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await chooseOption(page.getByLabel("Tipos"), "CAUC");
  const cauc = rows.filter({ hasText: "Item do CAUC" }).first();
  await cauc.getByRole("link", { name: "Abrir tela" }).click();
  await expect(page).toHaveURL(/\/admin\/regularity\?authComp=\d+_\d{14}/);
  await expect(page.getByRole("heading", { name: "Regularidade (CAUC)" })).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});
