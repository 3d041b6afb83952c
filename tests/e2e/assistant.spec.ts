import { expect, test, type Page } from "@playwright/test";
import { signInAndWait } from "./support/auth";

const SJC_AUTH_COMP = "1_46643466000106";
const chatbot = (page: Page) => page.locator("flowise-chatbot");

async function openChat(page: Page) {
  await expect(chatbot(page)).toBeAttached({ timeout: 30_000 });
  await chatbot(page).locator("button").first().click();
  await chatbot(page).getByRole("button", { name: "Começar Chat" }).click();
  await expect(chatbot(page).getByText("Bem-vindo(a)!")).toBeVisible();
}

async function ask(page: Page, question: string) {
  const input = chatbot(page).getByPlaceholder("Digite sua pergunta");
  await input.fill(question);
  await input.press("Enter");
}

test.describe("the SOL assistant's answers", () => {
  test("answers a manager's question with the figure and its source, keeps offering questions in pt-BR, and opens the screen that shows it in the app", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAndWait(page, "admin@demo.local");
    await page.goto(`/admin/dashboard?authComp=${SJC_AUTH_COMP}`);
    await openChat(page);
    const year = new Date().getFullYear();

    await ask(page, `qto recebemos de emendas pix em ${year}`);
    await expect(chatbot(page).getByText(/Recebido \(pago\): R\$\s[\d.]+,\d{2}/).first()).toBeVisible();
    await expect(chatbot(page).getByText(/Fonte: .*transferências cadastradas para São José dos Campos/)).toBeVisible();

    // After the first answer the widget still offers questions, under a pt-BR heading.
    const followUp = chatbot(page).getByText(`Compare emendas especiais de ${year} com ${year - 1}`);
    await expect(followUp).toBeVisible();
    const heading = chatbot(page).locator(".flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700");
    expect(await heading.evaluate((el) => getComputedStyle(el, "::after").content)).toBe('"Sugestões"');
    expect(await heading.evaluate((el) => getComputedStyle(el).fontSize)).toBe("0px");
    await followUp.click();
    await expect(chatbot(page).getByText(new RegExp(`Em ${year}, o recebido foi`))).toBeVisible();

    // The link opens the list screen in this tab, filtered by the year, on the same company.
    await chatbot(page).getByRole("link", { name: "Ver em Transferências especiais" }).first().click();
    await expect(page).toHaveURL(/\/admin\/transactions-imposition\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("authComp")).toBe(SJC_AUTH_COMP);
    expect(url.searchParams.get("filters[0][field]")).toBe("year");
    expect(url.searchParams.get("filters[0][value]")).toBe(String(year));
    expect(page.context().pages()).toHaveLength(1);
    // The list reads the filter from the URL: its year field shows it and its rows are of that year.
    await expect(page.getByRole("search").getByText(String(year), { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator(".ant-table-row").first()).toContainText(`0903${year}-`);
  });

  test("says 'não sei' to what it cannot answer, with close suggestions and no data", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAndWait(page, "admin@demo.local");
    await page.goto(`/admin/dashboard?authComp=${SJC_AUTH_COMP}`);
    await openChat(page);
    await ask(page, "qual a previsao do tempo amanha?");
    await expect(chatbot(page).getByText(/Desculpe, não sei responder/)).toBeVisible();
    await expect(chatbot(page).getByText(/R\$/)).toHaveCount(0);
  });
});

test.describe("the SOL assistant across clients", () => {
  test("with 'Todos os clientes' chosen, answers about the whole portfolio and links to each client's screen", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAndWait(page, "admin@demo.local");
    await page.goto("/admin/dashboard");
    await openChat(page);
    await ask(page, "quais clientes tem itens do cauc vencendo ou pendentes?");
    await expect(chatbot(page).getByText(/clientes com itens do CAUC a cuidar/)).toBeVisible();
    await expect(chatbot(page).getByText(/São José dos Campos/).first()).toBeVisible();
    await expect(chatbot(page).getByText(/Campinas/).first()).toBeVisible();

    // The link opens that client's regularity screen, with that client chosen.
    await chatbot(page).getByRole("link", { name: /^CAUC de / }).first().click();
    await expect(page).toHaveURL(/\/admin\/regularity\?authComp=\d+_\d{14}/);
  });
});
