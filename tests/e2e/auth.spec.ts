import { expect, test } from "@playwright/test";
import { googleIdToken, signIn, signInAndWait } from "./support/auth";

const LOGIN_FAILED = "O endereço de e-mail ou senha está incorreto. Por favor, tente novamente.";

test("a manager signs in with e-mail and password and lands on the dashboard", async ({ page }) => {
  await signInAndWait(page, "gestor@demo.local");
  await expect(page.getByText("Olá, Gustavo")).toBeVisible();
  await expect(page.getByText("Prefeitura de São José dos Campos")).toBeVisible();
});

test("a wrong password shows the spec's message and keeps the user out", async ({ page }) => {
  await signIn(page, "gestor@demo.local", "senha-errada");
  await expect(page.getByRole("alert").filter({ hasText: LOGIN_FAILED }).first()).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/auth\/login/);
});

test("a Google sign-in's token is exchanged for a session like a password sign-in", async ({ page }) => {
  const token = await googleIdToken("usuario2@demo.local");
  const res = await page.request.post("/api/auth/login", { data: { firebaseIdToken: token } });
  expect(res.status()).toBe(200);
  await page.goto("/admin/dashboard");
  await expect(page.getByText("Prefeitura de Campinas")).toBeVisible();
});

test("a new user must accept the terms: refusing keeps them out, accepting signs them in", async ({ page }) => {
  await signIn(page, "novo@demo.local");
  const terms = page.getByRole("dialog", { name: "Termos de uso" });
  await expect(terms).toBeVisible();
  await terms.getByRole("button", { name: "Não aceito" }).click();
  await expect(terms).toBeHidden();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/auth\/login/);

  await signIn(page, "novo@demo.local");
  await expect(terms).toBeVisible();
  await terms.getByRole("button", { name: "Li e aceito" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByText("Olá, Nara")).toBeVisible();

  // Accepted once, not asked again.
  await page.context().clearCookies();
  await signInAndWait(page, "novo@demo.local");
});

test("guards: signed-out visitors go to login and come back; a USER gets 403 on a manager screen", async ({ page }) => {
  await page.goto("/admin/access-logs");
  await expect(page).toHaveURL(/\/admin\/auth\/login\?to=%2Fadmin%2Faccess-logs/);
  await page.getByLabel("E-mail").fill("usuario@demo.local");
  await page.getByLabel("Senha").fill("demo1234");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/access-logs/);
  await expect(page.getByText("403")).toBeVisible();
  await expect(page.getByText("Você não tem permissão para ver esta página.")).toBeVisible();

  // The login page's own guard sends a signed-in user on.
  await page.goto("/admin/auth/login");
  await expect(page).toHaveURL(/\/admin\/dashboard/);
});

test("logout ends the session; the admin sees it, and the failed attempts, in the access log", async ({ page }) => {
  await signInAndWait(page, "usuario@demo.local");
  await page.getByRole("button", { name: "Perfil" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/admin\/auth\/login/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/auth\/login/);

  await signInAndWait(page, "admin@demo.local");
  await page.goto("/admin/access-logs");
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "usuario@demo.local" }).filter({ hasText: "Logout" }).first()).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "gestor@demo.local" }).filter({ hasText: "Login recusado" }).first()).toBeVisible();
});

test("forgot password tells a registered and an unknown e-mail the same thing", async ({ page }) => {
  const SENT = "Se o e-mail estiver cadastrado, você receberá o link em instantes.";
  for (const email of ["usuario@demo.local", "ninguem.cadastrado@exemplo.com.br"]) {
    await page.goto("/admin/auth/forgot-password");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  }
});
