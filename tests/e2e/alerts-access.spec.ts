import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";

/**
 * Spec sections 2 and 6: /admin/manage-alerts is user-only; only adding and editing an alert is the
 * consultancy's (issue 30: the SPA once answered the 403 screen to USER and MANAGER).
 */
for (const email of ["usuario@demo.local", "gestor@demo.local"]) {
  test(`${email} sees the alerts list in the menu and on its page, without a way to add, edit or remove one`, async ({ browser }) => {
    const page = await signedInPage(browser, email);
    await page.goto("/admin/dashboard");
    const menu = page.getByRole("menu", { name: "Menu principal" });
    // The group may already be open (the menu keeps the open groups of the last visit): open it only when closed.
    const alertsLink = menu.getByRole("link", { name: "Avisos" });
    if (!(await alertsLink.isVisible())) await menu.getByText("Conteúdo", { exact: true }).click();
    await alertsLink.click();
    // The generic list keeps its page, sort and filters in the address.
    await expect(page).toHaveURL(/\/admin\/manage-alerts(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Avisos" })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByText("403")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Novo" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Editar|Excluir/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Editar/ })).toHaveCount(0);

    await page.goto("/admin/manage-alerts/alert-add");
    await expect(page.getByText("403")).toBeVisible();
  });
}
