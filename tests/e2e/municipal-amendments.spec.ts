import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { signIn, signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";

/** Issue 37: a municipal emenda followed from the Executive's screens to the citizen's page. */

const PUBLIC = "/transparency/sao-jose-dos-campos/emendas-municipais";

test("a manager records the commitment, the payment to the emenda's account and the supplier, and the citizen sees each step", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  // The list opens newest first: the first page holds EM 2026/0014 down to EM 2026/0005.
  await page.goto("/admin/municipal-amendments");
  await page.getByRole("link", { name: "EM 2026/0005" }).click();
  await expect(page.getByRole("heading", { name: "Emenda EM 2026/0005" })).toBeVisible();

  const record = async (kind: string | null, value: string, document: string, extra?: () => Promise<void>) => {
    await page.getByRole("button", { name: "Registrar movimentação" }).click();
    const dialog = page.getByRole("dialog", { name: "Registrar movimentação" });
    if (kind) await chooseOption(dialog.getByLabel("Tipo"), kind);
    await dialog.getByLabel("Data").fill("05/05/2026");
    await dialog.getByLabel("Data").press("Tab");
    await dialog.getByLabel("Valor").fill(value);
    await dialog.getByLabel("Documento").fill(document);
    await extra?.();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
  };
  await record(null, "140000", "2026NE009005");
  await expect(page.getByText("Empenhada").first()).toBeVisible();
  await record("Pagamento à conta da emenda", "140000", "2026OB009005");
  await record("Pagamento a fornecedor", "90000", "NF-e 77", async () => {
    const dialog = page.getByRole("dialog", { name: "Registrar movimentação" });
    await dialog.getByLabel("Nome do fornecedor").fill("Luminárias do Vale Ltda.");
    await dialog.getByLabel("CPF ou CNPJ do fornecedor").fill("07.526.557/0001-00");
  });
  await expect(page.getByRole("cell", { name: /Luminárias do Vale Ltda\./ })).toBeVisible();

  await page.goto(`${PUBLIC}/info/2026-0005`);
  await expect(page.getByRole("heading", { level: 1, name: "Emenda EM 2026/0005" })).toBeVisible();
  const steps = page.getByRole("region", { name: /Etapas/ }).or(page.locator("section", { has: page.getByRole("heading", { name: "Etapas" }) }));
  await expect(steps.getByText("Aprovada pelo Executivo")).toBeVisible();
  await expect(page.getByRole("cell", { name: /Luminárias do Vale Ltda\. \(07\.526\.557\/0001-00\)/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Pagamento à conta da emenda" })).toBeVisible();
  await page.context().close();
});

test("a commitment on an emenda whose plan is not approved is refused with the reason", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/municipal-amendments");
  await page.getByRole("link", { name: "EM 2026/0006" }).click();
  await expect(page.getByRole("heading", { name: "Emenda EM 2026/0006" })).toBeVisible();
  // Until the Executive approves the plan there is nothing to record: the button is not offered.
  await expect(page.getByRole("button", { name: "Registrar movimentação" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Aprovar plano" })).toBeVisible();
  await page.context().close();
});

test("the Câmara lands on its emendas, reads them, and is offered nothing else", async ({ page }) => {
  await signIn(page, "camara@demo.local");
  await expect(page).toHaveURL(/\/admin\/municipal-amendments/);
  await expect(page.getByRole("heading", { level: 1, name: "Emendas parlamentares municipais" })).toBeVisible();
  await expect(page.getByRole("link", { name: "EM 2026/0014" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Painel" })).toHaveCount(0);
  await page.getByRole("link", { name: "EM 2026/0014" }).click();
  await expect(page.getByRole("heading", { name: "Emenda EM 2026/0014" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Registrar execução" })).toHaveCount(0);
});

test("the public section lists the emendas per stage, exports them, and passes axe", async ({ page }) => {
  const response = await page.goto(PUBLIC);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Emendas parlamentares municipais" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /encontrada/ })).toBeVisible();
  // Per councillor: one row per councillor and year, its total and where its emendas stand.
  const councillors = page.getByRole("region", { name: "Por vereador", exact: true });
  await expect(councillors.getByRole("rowheader", { name: /Marcos Vinícius Prado/ }).first()).toBeVisible();
  await expect(councillors.getByRole("row").nth(1)).toContainText(/R\$/);
  await expectAccessible(page);
  await page.getByLabel("Etapa").selectOption({ label: "Impedimento técnico" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/etapa=IMPEDIDA/);
  await expect(page.getByRole("table").first().getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: /EM 2026\// }).first().click();
  await expect(page.getByText(/Objeto incompatível com a ação orçamentária/)).toBeVisible();
  await expectAccessible(page);
});
