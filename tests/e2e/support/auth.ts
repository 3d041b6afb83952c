import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/admin/auth/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

export async function signInAndWait(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}
