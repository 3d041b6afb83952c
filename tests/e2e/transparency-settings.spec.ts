import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { signInAndWait } from "./support/auth";

const SITE = "/transparency/belo-horizonte";
const SETTINGS = "/admin/companies/3/transparency";
const WELCOME = "Bem-vindo ao portal de Belo Horizonte.\nAqui você acompanha o dinheiro federal, <b>sem</b> segredos.";

/** On the company's "Transparência" tab: sets the two switches this test is about, and the welcome text, then saves. */
async function saveSettings(page: Page, { voluntary, payments, welcome }: { voluntary: boolean; payments: boolean; welcome: string }) {
  await page.goto(SETTINGS);
  const voluntaryBox = page.getByRole("checkbox", { name: "Transferências voluntárias" });
  const paymentsBox = page.getByRole("checkbox", { name: "Mostrar os pagamentos de cada transferência" });
  await expect(voluntaryBox).toBeChecked({ checked: !voluntary });
  await voluntaryBox.setChecked(voluntary);
  await paymentsBox.setChecked(payments);
  await page.getByLabel("Texto de apresentação").fill(welcome);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Sucesso").first()).toBeVisible();
}

/** A citizen's own browser, apart from the admin's session: closed with `leave`. */
async function citizen(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo", baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  return page;
}

/**
 * Closes the citizen's browser and waits until it is gone. (Closing it from the page's "close" event,
 * unawaited, let the next test start while it was still closing, and that test failed to start:
 * "Target page, context or browser has been closed".)
 */
const leave = (page: Page) => page.context().close();

test("an admin unpublishes a section and the payments on the transparency tab, and the public site follows", async ({ page: admin, browser }) => {
  const errors: string[] = [];
  // Before: everything is published.
  let page = await citizen(browser, errors);
  await page.goto(SITE);
  let nav = page.getByRole("navigation", { name: "Seções do portal" });
  await expect(nav.getByRole("link", { name: "Transferências voluntárias", exact: true })).toBeVisible();
  await leave(page);

  await signInAndWait(admin, "admin@demo.local");
  await saveSettings(admin, { voluntary: false, payments: false, welcome: WELCOME });

  page = await citizen(browser, errors);
  nav = page.getByRole("navigation", { name: "Seções do portal" });
  // The home: the welcome text as plain text (line break kept, markup shown as typed), no card or link to the hidden section.
  await page.goto(SITE);
  await expect(page.getByRole("heading", { level: 1, name: "Transparência de Belo Horizonte (MG)" })).toBeVisible();
  const welcome = page.locator(".tp-welcome");
  await expect(welcome).toHaveText(WELCOME);
  await expect(welcome.locator("b")).toHaveCount(0);
  expect((await welcome.boundingBox())!.height).toBeGreaterThan(40);
  await expect(nav.getByRole("link", { name: "Transferências especiais", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Transferências voluntárias" })).toHaveCount(0);
  const cards = page.getByRole("region", { name: "O que você encontra aqui" });
  await expect(cards.getByRole("link", { name: /Transferências especiais/ })).toBeVisible();
  await expect(cards.getByRole("link", { name: /Transferências voluntárias/ })).toHaveCount(0);
  await expectAccessible(page);

  // The hidden section's address says so, with a 404 from the server.
  const hidden = await page.goto(`${SITE}/transactions-voluntary`);
  expect(hidden?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Seção não publicada" })).toBeVisible();
  await expect(page.getByText("A seção “Transferências voluntárias” não é publicada por Belo Horizonte.")).toBeVisible();
  await expect(page).toHaveTitle("Seção não publicada | Prefeitura de Belo Horizonte (MG) – Portal da Transparência");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL(SITE);

  // A transfer's page: its data, no payment history, and why.
  await nav.getByRole("link", { name: "Transferências especiais", exact: true }).click();
  await page.locator("tbody").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`${SITE}/transactions-imposition/info/`));
  await expect(page.getByRole("heading", { level: 2, name: "Dados da transferência" })).toBeVisible();
  await expect(page.getByText("O histórico de pagamentos das transferências não é publicado por Belo Horizonte.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Histórico de pagamentos" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: /Histórico de pagamentos/ })).toHaveCount(0);
  await expectAccessible(page);

  await leave(page);

  // Published again, the section and the payments come back.
  await saveSettings(admin, { voluntary: true, payments: true, welcome: "" });
  page = await citizen(browser, errors);
  await page.goto(`${SITE}/transactions-voluntary`);
  await expect(page.getByRole("heading", { level: 1, name: "Transferências voluntárias" })).toBeVisible();
  await page.goto(SITE);
  await expect(page.getByRole("heading", { level: 1, name: "Transparência de Belo Horizonte (MG)" })).toBeVisible();
  await expect(page.locator(".tp-welcome")).toHaveCount(0);
  await leave(page);
  expect(errors).toEqual([]);
});
