import { expect, test, type Page } from "@playwright/test";
import { signInAndWait } from "./support/auth";

const SJC_AUTH_COMP = "1_46643466000106";
const NEW_NR = "15032026-654321";

/** The form item of a labelled field, where its error shows. */
const fieldItem = (page: Page, label: string) => page.locator(".ant-form-item").filter({ has: page.locator(".ant-form-item-label").getByText(label, { exact: true }) });
/** A money input by its label (the category select's options are named after the same words). */
const moneyInput = (page: Page, label: string) => page.getByRole("spinbutton", { name: label });
const fieldError = (page: Page, label: string) => fieldItem(page, label).locator(".ant-form-item-explain-error");

async function chooseOption(page: Page, label: string, option: string) {
  // The select's box, not its input: once a value is chosen, the shown value covers the input.
  await fieldItem(page, label).locator(".ant-select-selector").click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press("Escape");
}

async function typeDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press("Enter");
}

/** The demo data is shared by the later files of the run: the transfer this file creates goes away. */
test.afterEach(async ({ page, baseURL }) => {
  const found = await page.request.get(`/api/imposition-transfers/nr/${NEW_NR}`);
  if (!found.ok()) return;
  const { id } = (await found.json()) as { id: number };
  const removed = await page.request.delete(`/api/imposition-transfers/${id}`, { headers: { origin: baseURL! } });
  expect(removed.ok()).toBe(true);
});

test("a manager registers an imposition transfer, fixes the refused values, edits it, sees a taken code refused beside the field, and removes it", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await signInAndWait(page, "gestor@demo.local");
  await page.goto("/admin/transactions-imposition");
  const takenNr = (await page.locator(".ant-table-tbody tr.ant-table-row a").first().innerText()).trim();

  await page.getByRole("button", { name: "Nova transferência" }).click();
  await expect(page).toHaveURL(/\/admin\/transactions-imposition\/create$/);
  await expect(page).toHaveTitle("Nova transferência");
  await expect(page.getByText("Nova transferência especial")).toBeVisible();
  await expect(page.getByText("Identificação", { exact: true })).toBeVisible();
  await expect(page.getByText("Emenda parlamentar", { exact: true })).toBeVisible();

  // A first try with a malformed code, a negative value and an execution ending before it starts.
  await page.getByLabel("Código do plano de ação").fill("2026-1");
  await chooseOption(page, "Situação", "Ciente");
  await typeDate(page, "Data de aceite", "15/03/2026");
  await page.getByLabel("Parlamentar", { exact: true }).fill("Tabata Amaral");
  await page.getByLabel("Código do parlamentar").fill("4123");
  await page.getByLabel("Nº da emenda").fill("202641230007");
  await page.getByLabel("Objeto", { exact: true }).fill("Aquisição de equipamentos para a rede municipal de saúde");
  await chooseOption(page, "Categoria de despesa", "Investimento");
  await moneyInput(page, "Custeio").fill("-500");
  await moneyInput(page, "Investimento").fill("250.000,00");
  await typeDate(page, "Início da execução", "01/06/2026");
  await typeDate(page, "Fim da execução", "01/05/2026");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(fieldError(page, "Código do plano de ação")).toHaveText("Código do plano de ação no formato 09032025-079703.");
  await expect(fieldError(page, "Custeio")).toHaveText("Valor de custeio não pode ser negativo.");
  await expect(fieldError(page, "Fim da execução")).toHaveText("O fim da execução não pode ser antes do início.");
  await expect(page).toHaveURL(/\/create$/);

  // Fixed, it saves and lands on the new transfer's info page, in pt-BR.
  await page.getByLabel("Código do plano de ação").fill(NEW_NR);
  await moneyInput(page, "Custeio").fill("0");
  await typeDate(page, "Fim da execução", "31/12/2026");
  await expect(page.getByTestId("computed-plannedValue")).toHaveText("R$ 250.000,00");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions-imposition/info/${NEW_NR}$`));
  await expect(page.getByRole("heading", { name: `Transferência ${NEW_NR}` })).toBeVisible();
  const values = page.locator(".ant-descriptions").filter({ hasText: "Valores" });
  await expect(values).toContainText("R$ 250.000,00");
  const identification = page.locator(".ant-descriptions").filter({ hasText: "Identificação" });
  await expect(identification).toContainText("15/03/2026");
  await expect(identification).toContainText("Ciente");
  await expect(page.locator(".ant-descriptions").filter({ hasText: "Prazos" })).toContainText("31/12/2026");

  // Edit: the form opens with the saved values; the totals from payments are shown, not editable.
  await page.getByRole("button", { name: "Editar" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions-imposition/edit/${NEW_NR}$`));
  await expect(page).toHaveTitle("Editar transferência");
  await expect(moneyInput(page, "Investimento")).toHaveValue("250.000,00");
  await expect(page.getByLabel("Data de aceite")).toHaveValue("15/03/2026");
  await expect(page.getByTestId("computed-paidValue")).toHaveText("R$ 0,00");
  await expect(moneyInput(page, "Pago")).toHaveCount(0);
  // Costing under the Investimento category is refused beside the field; with both categories it saves.
  await moneyInput(page, "Custeio").fill("1.234,56");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(fieldError(page, "Custeio")).toHaveText("Categoria Investimento: o valor de custeio precisa ser zero.");
  await expect(page).toHaveURL(/\/edit\//);
  await chooseOption(page, "Categoria de despesa", "Custeio e investimento");
  await expect(page.getByTestId("computed-plannedValue")).toHaveText("R$ 251.234,56");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions-imposition/info/${NEW_NR}$`));
  await expect(values).toContainText("R$ 1.234,56");
  await expect(values).toContainText("R$ 251.234,56");

  // Another transfer's code is the server's unique-constraint message beside the field; nothing typed is lost.
  await page.getByRole("button", { name: "Editar" }).click();
  await page.getByLabel("Parlamentar", { exact: true }).fill("Tabata Amaral de Pontes");
  await page.getByLabel("Código do plano de ação").fill(takenNr);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(fieldError(page, "Código do plano de ação")).toHaveText("Já existe uma transferência com este código de plano de ação.");
  await expect(page).toHaveURL(/\/edit\//);
  await expect(page.getByLabel("Código do plano de ação")).toHaveValue(takenNr);
  await expect(page.getByLabel("Parlamentar", { exact: true })).toHaveValue("Tabata Amaral de Pontes");
  await expect(moneyInput(page, "Custeio")).toHaveValue("1.234,56");
  await expect(page.getByRole("button", { name: "Salvar" })).toBeEnabled();

  // Removing it from its page asks first, then goes back to the list, and the transfer is gone.
  await page.goto(`/admin/transactions-imposition/info/${NEW_NR}`);
  await page.getByRole("button", { name: "Excluir" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Você tem certeza?" });
  await confirm.getByRole("button", { name: "Sim remover" }).click();
  await expect(page).toHaveURL(/\/admin\/transactions-imposition(\?.*)?$/);
  expect((await page.request.get(`/api/imposition-transfers/nr/${NEW_NR}`)).status()).toBe(404);

  // Unexpected console errors would be bugs; the browser logs the refused saves (422 and 409).
  expect(consoleErrors.filter((text) => !/\b(409|422)\b|Conflict|Unprocessable/.test(text))).toEqual([]);
});

test("a user sees no create, edit or remove buttons and gets the 403 screen at the create and edit addresses", async ({ page }) => {
  await signInAndWait(page, "usuario@demo.local");
  await page.goto("/admin/transactions-imposition");
  const first = page.locator(".ant-table-tbody tr.ant-table-row a").first();
  await expect(first).toBeVisible();
  await expect(page.getByRole("button", { name: "Nova transferência" })).toHaveCount(0);
  const nr = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole("heading", { name: `Transferência ${nr}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Registrar pagamento" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Editar" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Excluir" })).toHaveCount(0);

  await page.goto("/admin/transactions-imposition/create");
  await expect(page.getByText("403")).toBeVisible();
  await expect(page.getByText("Você não tem permissão para ver esta página.")).toBeVisible();
  await page.goto(`/admin/transactions-voluntary/edit/912345`);
  await expect(page.getByText("Você não tem permissão para ver esta página.")).toBeVisible();
});

test("an admin picks the municipality before registering a transfer", async ({ page }) => {
  await signInAndWait(page, "admin@demo.local");
  await page.goto("/admin/transactions-voluntary/create");
  await expect(page.getByText("Escolha um município primeiro")).toBeVisible();
  await expect(page.getByLabel("Nº do convênio")).toHaveCount(0);
  await page.goto(`/admin/transactions-voluntary/create?authComp=${SJC_AUTH_COMP}`);
  await expect(page.getByText("Nova transferência voluntária")).toBeVisible();
  await expect(page.getByLabel("Nº do convênio")).toBeVisible();
  await expect(page.getByLabel("Situação de contratação")).toBeVisible();
});
