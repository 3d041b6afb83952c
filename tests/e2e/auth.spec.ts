import { expect, test } from "@playwright/test";
import { signIn, signInAndWait } from "./support/auth";

const LOGIN_FAILED = "O endereço de e-mail ou senha está incorreto. Por favor, tente novamente.";

test("a manager signs in with e-mail and password and lands on the dashboard", async ({ page }) => {
  await signInAndWait(page, "gestor@demo.local");
  await expect(page.getByText("Olá, Gustavo")).toBeVisible();
  await expect(page.getByText("Prefeitura de São José dos Campos")).toBeVisible();
});

test("a wrong password shows the spec's message and keeps the user out", async ({ page }) => {
  await signIn(page, "gestor@demo.local", "senha-errada");
  await expect(page.getByRole("alert").filter({ hasText: LOGIN_FAILED })).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/auth\/login/);
});
