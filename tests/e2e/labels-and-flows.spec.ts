import { expect, test, type Page } from "@playwright/test";
import { forgetSession, signIn, signedInPage } from "./support/auth";
import { lastSetPasswordCode, setPasswordWithCode } from "./support/emulator";

const SJC = { id: 1, cnpj: "46643466000106", authComp: "authComp=1_46643466000106" };

const isoDay = (offsetDays: number) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  return new Date(Date.parse(today) + offsetDays * 86_400_000).toISOString().slice(0, 10);
};

/** A request of the signed-in page, as the app sends it (session cookie, same origin, the company). */
async function api(page: Page, method: "GET" | "POST" | "PATCH", url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(`${origin}${url}`, {
    method,
    data,
    headers: { origin, "x-company-id": String(SJC.id), "x-company-cnpj": SJC.cnpj },
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** pt-BR percentages: `43,6%` (a comma, never `43.6%`). */
const PT_BR_PERCENT = /^\d{1,3}(\.\d{3})*(,\d)?%$/;

test.describe("the dashboard", () => {
  test("names the client chosen in the switcher, or the whole consultancy", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");
    await page.goto("/admin/dashboard");
    await expect(page.getByText("Consultoria: todos os clientes")).toBeVisible();
    await page.goto(`/admin/dashboard?${SJC.authComp}`);
    await expect(page.getByText("Prefeitura de São José dos Campos")).toBeVisible();
    await expect(page.getByText("Consultoria: todos os clientes")).toHaveCount(0);
  });

  test("follows the company's alert settings, says 'em 1 dia' and writes percentages the pt-BR way", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/dashboard");
    await api(page, "PATCH", "/api/companies/1", { parametrization: { validityAlertDays: 45, accountabilityAlertDays: 20, caucAlertDays: 15, alertEmails: [] } });
    await api(page, "POST", "/api/voluntary-transfers", {
      nrTransfer: "990001", year: 2026, modality: "CONVENIO", status: "EM_EXECUCAO", object: "Pavimentação da Estrada do Imperador",
      transferValue: 500000, counterpartValue: 0, validityStart: isoDay(-400), validityEnd: isoDay(1), accountabilityDeadline: isoDay(61),
    });
    await page.reload();

    const deadlines = page.locator(".ant-card").filter({ has: page.getByText("Prazos próximos", { exact: true }) });
    await expect(deadlines.getByTestId("deadline-windows")).toHaveText(
      "Conforme a parametrização: fim da vigência e cláusula suspensiva até 45 dias antes; prestação de contas até 20 dias antes; itens do CAUC até 15 dias antes.",
    );
    await expect(page.getByText("Prazos próximos (60 dias)")).toHaveCount(0);
    const soon = deadlines.locator(".ant-list-item").filter({ hasText: "990001" });
    await expect(soon.locator(".ant-tag")).toHaveText("em 1 dia");
    for (const tag of await deadlines.locator(".ant-list-item .ant-tag").allInnerTexts()) {
      const days = Number(/em (\d+) dias?/.exec(tag)?.[1] ?? 0);
      expect(days, tag).toBeLessThanOrEqual(45);
    }

    const percents = await page.locator(".ant-progress-text").allInnerTexts();
    expect(percents.length).toBeGreaterThan(0);
    for (const text of percents) expect(text.trim()).toMatch(PT_BR_PERCENT);
    for (const line of await page.getByText(/\(\d.*%\)$/).allInnerTexts()) expect(line).not.toMatch(/\d\.\d%/);
  });

  // The convênio above would be the first 'em execução' of the later files' lists: it goes away.
  test.afterEach(async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/dashboard");
    const found = await page.request.get("/api/voluntary-transfers/nr/990001", { headers: { "x-company-id": String(SJC.id), "x-company-cnpj": SJC.cnpj } });
    if (!found.ok()) return;
    const { id } = (await found.json()) as { id: number };
    const origin = new URL(page.url()).origin;
    const removed = await page.request.delete(`/api/voluntary-transfers/${id}`, { headers: { origin, "x-company-id": String(SJC.id), "x-company-cnpj": SJC.cnpj } });
    expect(removed.ok(), await removed.text()).toBe(true);
  });
});

test.describe("titles", () => {
  test("each transfer list, a transfer, its payments, a payment and an unknown page have their own title", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/transactions-imposition");
    await expect(page).toHaveTitle("Transferências especiais");
    await expect(page.getByRole("heading", { name: "Transferências especiais" })).toBeVisible();
    const nr = (await page.locator(".ant-table-tbody tr.ant-table-row a").first().innerText()).trim();
    await page.goto("/admin/transactions-voluntary");
    await expect(page).toHaveTitle("Transferências voluntárias");
    await page.goto("/admin/transactions-fund-to-fund");
    await expect(page).toHaveTitle("Transferências fundo a fundo");
    await expect(page.getByRole("heading", { name: "Transferências fundo a fundo" })).toBeVisible();

    await page.goto(`/admin/transactions-imposition/info/${nr}`);
    await expect(page).toHaveTitle(`Transferência especial ${nr}`);
    await page.goto(`/admin/transactions-imposition/info/${nr}/transaction-payment`);
    await expect(page).toHaveTitle(`Pagamentos da transferência ${nr}`);
    await page.goto(`/admin/transactions-imposition/info/${nr}/transaction-payment/create`);
    await expect(page).toHaveTitle(`Registrar pagamento · ${nr}`);
    await page.goto("/admin/nao-existe");
    await expect(page).toHaveTitle("Página não encontrada");
  });
});

test.describe("phones", () => {
  test("a phone is grouped while typed and saved formatted", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/settings/data/edit");
    const phone = page.getByLabel("Telefone");
    await expect(phone).not.toHaveValue(""); // the saved data has filled the form: typing now is not overwritten
    await phone.fill("");
    await phone.pressSequentially("1239478055");
    await expect(phone).toHaveValue("(12) 3947-8055");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/data$/);
    await expect(page.getByText("(12) 3947-8055")).toBeVisible();
    expect((await api(page, "GET", "/api/companies/1")).phone).toBe("(12) 3947-8055");
  });
});

test.describe("small flows", () => {
  test("a first sign-in before accepting the terms shows the terms dialog and no error toast", async ({ browser, page }) => {
    // A person invited now: the demo's own newcomer may have accepted the terms in an earlier file.
    const admin = await signedInPage(browser, "admin@demo.local");
    await admin.goto("/admin/dashboard");
    const email = `termos.${Date.now()}@prefeitura.exemplo.gov.br`;
    const origin = new URL(admin.url()).origin;
    const created = await admin.request.post("/api/users", { data: { name: "Tereza Termos", email, companyId: SJC.id, sendInvite: true }, headers: { origin } });
    expect(created.status(), await created.text()).toBe(201);
    await setPasswordWithCode(await lastSetPasswordCode(email), "senha-da-tereza");
    await signIn(page, email, "senha-da-tereza");
    await expect(page.getByRole("dialog", { name: "Termos de uso" })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByText("TermsRequired")).toHaveCount(0);
    await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
  });

  test("the invitation picker offers only people who are not using the system yet", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");
    await page.goto(`/admin/companies/${SJC.id}/users/send-invite?${SJC.authComp}`);
    await page.getByRole("combobox", { name: "Pessoa" }).click();
    const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    await expect(options.filter({ hasText: "rafael.tavares@demo.local" })).toHaveCount(1);
    const offered = await options.allInnerTexts();
    expect(offered.join("\n")).not.toMatch(/gestor@demo\.local|usuario@demo\.local/);
  });

  test("removing a payment does not fetch it again, and signing out makes no refused request", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    const refused: string[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/api/") && [401, 404].includes(res.status())) refused.push(`${res.status()} ${res.url()}`);
    });
    await page.goto("/admin/transactions-imposition");
    // An emenda open and with money received: a supplier payment must fit in what entered (issue 31).
    const [open] = await api(page, "GET", "/api/imposition-transfers?situation=CIENTE&paidValue_gte=10&_start=0&_end=1");
    const nr = String(open.nrTransfer);
    const transfer = await api(page, "GET", `/api/imposition-transfers/nr/${nr}`);
    const payment = await api(page, "POST", "/api/transaction-payments", {
      impositionTransferId: transfer.id, kind: "SUPPLIER_PAYMENT", status: "PENDENTE", documentNumber: "2026NF000777", amount: "10.00", paymentDate: isoDay(0),
    });
    await page.goto(`/admin/transactions-imposition/info/${nr}/transaction-payment/${payment.id}`);
    await expect(page).toHaveTitle(`Editar pagamento · ${nr}`);
    await page.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("button", { name: "Sim remover" }).click();
    await expect(page).toHaveURL(new RegExp(`/info/${nr}$`));
    await expect(page.getByText("2026NF000777")).toHaveCount(0);
    await page.waitForTimeout(1500);
    expect(refused).toEqual([]);

    await page.getByRole("button", { name: "Perfil" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    forgetSession("gestor@demo.local");
    await expect(page).toHaveURL(/\/admin\/auth\/login/);
    await page.waitForTimeout(1500);
    expect(refused).toEqual([]);
  });
});
