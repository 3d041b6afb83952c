import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";

const SJC = "authComp=1_46643466000106";

/** Everything antd draws by itself (calendars, filter buttons, empty states, pagination) speaks pt-BR. */
test.describe("antd in pt-BR", () => {
  test("a date picker shows pt-BR weekdays, months and 'Hoje'", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/transactions-imposition");
    await page.getByPlaceholder("De", { exact: true }).click();
    const panel = page.locator(".ant-picker-dropdown:visible");
    await expect(panel).toBeVisible();
    const weekdays = (await panel.locator(".ant-picker-content thead tr").first().innerText()).toLowerCase();
    expect(weekdays).toMatch(/do.*se.*te.*qu.*qu.*se.*s[aá]/s);
    expect(weekdays).not.toMatch(/su|mo|tu|we|th|fr/);
    await panel.locator(".ant-picker-month-btn").first().click();
    const months = (await panel.locator(".ant-picker-month-panel").first().innerText()).toLowerCase();
    expect(months).toContain("fev");
    expect(months).toContain("dez");
    expect(months).not.toMatch(/\bfeb\b|\bdec\b/);
    await page.keyboard.press("Escape");

    await page.goto("/admin/transactions-imposition/create");
    await page.getByPlaceholder("dd/mm/aaaa").first().click();
    await expect(page.locator(".ant-picker-dropdown:visible").getByText("Hoje", { exact: true })).toBeVisible();
    await expect(page.locator(".ant-picker-dropdown:visible").getByText("Today")).toHaveCount(0);
  });

  test("a column filter's buttons read 'OK' and 'Resetar'", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");
    await page.goto("/admin/companies");
    await page.locator(".ant-table-thead th").filter({ hasText: "UF" }).locator(".ant-table-filter-trigger").click();
    const filter = page.locator(".ant-table-filter-dropdown:visible");
    await expect(filter.getByRole("button", { name: "OK" })).toBeVisible();
    await expect(filter.getByRole("button", { name: "Resetar" })).toBeVisible();
  });

  test("an empty select says 'Não há dados' and the pagination's titles are pt-BR", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");
    await page.goto(`/admin/transactions-imposition?${SJC}`);
    const pagination = page.locator(".ant-table-pagination");
    await expect(pagination.locator(".ant-pagination-prev")).toHaveAttribute("title", "Página anterior");
    await expect(pagination.locator(".ant-pagination-next")).toHaveAttribute("title", "Próxima página");

    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.keyboard.type("zzzz");
    const dropdown = page.locator(".ant-select-dropdown:visible");
    await expect(dropdown).toContainText("Não há dados");
    await expect(dropdown).not.toContainText("No data");
  });
});
