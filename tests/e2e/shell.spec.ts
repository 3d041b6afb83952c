import { expect, test, type Page } from "@playwright/test";
import { signInAndWait, signedInPage } from "./support/auth";

const SJC_AUTH_COMP = "1_46643466000106";
const LIMIT_MESSAGE = "Você excedeu o limite de 300 caracteres. Digite uma mensagem menor!";

const chatbot = (page: Page) => page.locator("flowise-chatbot");

async function openChat(page: Page) {
  await expect(chatbot(page)).toBeAttached();
  await chatbot(page).locator("button").first().click();
  const start = chatbot(page).getByRole("button", { name: "Começar Chat" });
  await expect(start).toBeVisible();
  await start.click();
  await expect(chatbot(page).getByText("SOL - Agente Inteligente")).toBeVisible();
  await expect(chatbot(page).getByText("Bem-vindo(a)!")).toBeVisible();
}

test.describe("theme", () => {
  test("dark mode and monochrome survive a reload; turning monochrome off clears its flag", async ({ page }) => {
    await signInAndWait(page, "gestor@demo.local");
    const html = page.locator("html");
    await expect(html).toHaveClass(/light/);
    await page.getByRole("button", { name: "Usar tema escuro" }).click();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Configurações do tema" }).click();
    const panel = page.getByRole("dialog", { name: "Configurações do tema" });
    await panel.getByRole("switch", { name: "Monocromático" }).click();
    await panel.getByRole("switch", { name: "Menu escuro (semi-dark)" }).click();
    await expect(html).toHaveClass(/grayscale/);

    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(html).toHaveClass(/grayscale/);
    await expect(page.locator("body")).toHaveClass(/semi-dark/);
    expect(await page.evaluate(() => ({ ...localStorage }))).toMatchObject({ theme: "dark", monochrome: "true", semiDark: "semi-dark" });
    await expect(page.getByRole("button", { name: "Usar tema claro" })).toBeVisible();

    await page.getByRole("button", { name: "Configurações do tema" }).click();
    await page.getByRole("dialog", { name: "Configurações do tema" }).getByRole("switch", { name: "Monocromático" }).click();
    await expect(html).not.toHaveClass(/grayscale/);
    expect(await page.evaluate(() => localStorage.getItem("monochrome"))).toBeNull();
    await page.getByRole("button", { name: "Fechar está janela" }).click();
    await page.getByRole("button", { name: "Usar tema claro" }).click();
    await page.reload();
    await expect(html).toHaveClass(/light/);
  });

  test("the sidebar collapses and expands, groups areas, and works as a drawer on a phone", async ({ page }) => {
    await signInAndWait(page, "gestor@demo.local");
    const menu = page.getByRole("menu", { name: "Menu principal" });
    await menu.getByText("Administração").click();
    await expect(menu.getByRole("link", { name: "Registros de acesso" })).toBeVisible();
    await page.getByRole("button", { name: "Recolher menu" }).click();
    await expect(page.getByRole("button", { name: "Expandir menu" })).toBeVisible();
    await page.getByRole("button", { name: "Expandir menu" }).click();
    await expect(menu.getByRole("link", { name: "Painel" })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
    // Nothing on the dashboard, the deadline center's long titles included, widens the page on a phone.
    await expect(page.getByTestId("deadline-center").getByRole("listitem").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const drawer = page.getByRole("dialog").filter({ has: page.getByRole("menu", { name: "Menu principal" }) });
    await drawer.getByText("Administração").click();
    await drawer.getByRole("link", { name: "Registros de acesso" }).click();
    await expect(page).toHaveURL(/\/admin\/access-logs/);
    await expect(drawer).toBeHidden();
    // Measured once the list has replaced the dashboard (the route renders in a transition).
    await expect(page.getByRole("heading", { name: "Registros de acesso" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a USER does not see the manager-only entries in the menu", async ({ page }) => {
    await signInAndWait(page, "usuario@demo.local");
    const menu = page.getByRole("menu", { name: "Menu principal" });
    await expect(menu.getByRole("link", { name: "Painel" })).toBeVisible();
    await expect(menu.getByText("Administração")).toHaveCount(0);
  });
});

test.describe("the header", () => {
  test("the profile menu opens on a click even after the pointer rested on it, and Escape closes it", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/dashboard");
    const profile = page.getByRole("button", { name: "Perfil" });
    await profile.hover();
    await page.waitForTimeout(500); // longer than a hover-open delay
    await profile.click();
    const signOut = page.getByRole("menuitem", { name: "Sair" });
    await expect(signOut).toBeVisible();
    await page.waitForTimeout(500);
    await expect(signOut).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(signOut).toBeHidden();
    await page.close();
  });

  test("on a phone, a tap opens the profile menu, it stays open, and a tap elsewhere closes it", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "Perfil" }).tap();
    const signOut = page.getByRole("menuitem", { name: "Sair" });
    await expect(signOut).toBeVisible();
    await page.waitForTimeout(500);
    await expect(signOut).toBeVisible();
    await page.getByRole("heading", { name: /^Olá,/ }).tap();
    await expect(signOut).toBeHidden();
    await page.close();
  });
});

test.describe("errors", () => {
  test("an unknown path answers 404 and shows the status, 'Page not found: {path}' and 'Go back home', logged to the console", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => message.type() === "error" && logged.push(message.text()));
    const res = await page.goto("/nao-existe/aqui");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found: /nao-existe/aqui" })).toBeVisible();
    const home = page.getByRole("link", { name: "Go back home" });
    await expect(home).toHaveAttribute("href", "/");
    expect(logged.some((line) => line.includes("Page not found: /nao-existe/aqui"))).toBe(true);
    await home.click();
    await expect(page).toHaveURL(/\/admin\/auth\/login|\/admin\/dashboard/);
  });

  test("a route whose parameter fails validation is a 404 too, on the server and on screen", async ({ page }) => {
    await signInAndWait(page, "admin@demo.local");
    const res = await page.goto("/admin/companies/edit/abc");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found: /admin/companies/edit/abc" })).toBeVisible();
    const api = await page.request.get("/api/nao-existe");
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: "Rota não encontrada: GET /api/nao-existe" });
  });

  test("an unhandled error switches to the error screen with its status", async ({ page }) => {
    await signInAndWait(page, "gestor@demo.local");
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error("falha inesperada")), 0));
    await expect(page.getByText("500", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Algo deu errado." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
  });
});

test.describe("the SOL assistant", () => {
  test("is never offered to a MANAGER", async ({ page }) => {
    await signInAndWait(page, "gestor@demo.local");
    await page.waitForTimeout(1500);
    await expect(chatbot(page)).toHaveCount(0);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.reload();
    await page.waitForTimeout(1500);
    expect(requested.some((url) => url.includes("/api/v1/"))).toBe(false);
  });

  test("shows for an ADMIN, leaves on the login route, answers from the database and enforces 300 characters", async ({ page }) => {
    await signInAndWait(page, "admin@demo.local");
    await page.goto(`/admin/dashboard?authComp=${SJC_AUTH_COMP}`);
    await openChat(page);
    for (const prompt of ["O que posso perguntar para você?", "Qual o último pagamento realizado?", "Quais transferêcias estão ativas?"]) {
      await expect(chatbot(page).getByText(prompt)).toBeVisible();
    }

    await chatbot(page).getByText("O que posso perguntar para você?").click();
    await expect(chatbot(page).getByText(/Eu sou o SOL, o agente da Prefeitura de São José dos Campos/)).toBeVisible();
    const input = chatbot(page).getByPlaceholder("Digite sua pergunta");
    await input.fill("Quais são os dados da prefeitura?");
    await input.press("Enter");
    await expect(chatbot(page).getByText("CNPJ: 46.643.466/0001-06")).toBeVisible();
    await expect(chatbot(page).getByText("Prefeito(a): Anderson Farias Ferreira")).toBeVisible();

    await input.fill("a".repeat(301));
    await expect(chatbot(page).getByText(LIMIT_MESSAGE)).toBeVisible();
    await input.fill("a".repeat(300));
    await expect(chatbot(page).getByText(LIMIT_MESSAGE)).toBeHidden();

    await page.goto("/admin/auth/logout");
    await expect(page).toHaveURL(/\/admin\/auth\/login/);
    await expect(page.getByLabel("E-mail")).toBeVisible();
    await expect(chatbot(page)).toHaveCount(0);
  });
});

test.describe("the public site", () => {
  test("downloads no admin code, antd or assistant", async ({ page }) => {
    const scripts: string[] = [];
    const styleSheets: string[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith(".js")) scripts.push(await response.text());
      if (response.url().endsWith(".css")) styleSheets.push(new URL(response.url()).pathname);
    });
    await page.goto("/transparency/campinas");
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    for (const body of scripts) {
      expect(body).not.toContain("SOL - Agente Inteligente");
      expect(body).not.toContain("flowise");
      expect(body).not.toContain("ant-design");
    }
    expect(styleSheets.filter((file) => file.includes("/antd-"))).toEqual([]);
    await expect(chatbot(page)).toHaveCount(0);
  });
});

test.describe("the dashboard's first load", () => {
  test("paints the figures its HTML carries, reads the summary from there instead of asking again, and gives way to the page", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/dashboard/")) asked.push(new URL(request.url()).pathname);
    });
    const response = await page.goto("/admin/dashboard");
    const html = await response!.text();
    expect(html).toContain('data-carried-answer="/api/dashboard/summary"');
    await expect(page.getByTestId("dashboard-imposition").getByText(/R\$/).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("[data-first-paint]")).toHaveCount(0);
    expect(asked).toEqual([]);
    await page.context().close();
  });
});

test.describe("service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("answers page loads (offline too, with the cached shell) and leaves the code files to the HTTP cache", async ({ browser }) => {
    const page = await signedInPage(browser, "gestor@demo.local");
    await page.goto("/admin/dashboard");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    });
    const served: { url: string; byWorker: boolean }[] = [];
    page.on("response", (response) => served.push({ url: new URL(response.url()).pathname, byWorker: response.fromServiceWorker() }));
    await page.reload();
    await expect(page.getByTestId("dashboard-imposition").getByText(/R\$/).first()).toBeVisible({ timeout: 30_000 });
    expect(served.find((r) => r.url === "/admin/dashboard")?.byWorker).toBe(true);
    const code = served.filter((r) => r.url.startsWith("/assets/"));
    expect(code.length).toBeGreaterThan(10);
    expect(code.filter((r) => r.byWorker)).toEqual([]);

    // A page opened once before: its code is in the HTTP cache (the background preload of every area's
    // files may not have reached it yet on a loaded machine), its shell comes from the worker's cache.
    await page.goto("/admin/transactions-imposition");
    await expect(page.getByRole("table").first()).toBeVisible({ timeout: 30_000 });
    await page.goto("/admin/dashboard");
    await page.context().setOffline(true);
    await page.goto("/admin/transactions-imposition").catch(() => undefined);
    await expect(page.getByText("SOL Transferências").first()).toBeVisible();
    await page.context().close();
  });
});

test.describe("updates", () => {
  test.use({ serviceWorkers: "block" });

  test("links the manifest and serves the build files and the service worker", async ({ page }) => {
    await page.goto("/admin/auth/login");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const latest = await (await page.request.get("/builds/latest.json")).json();
    expect(latest.buildId).toEqual(expect.any(String));
    expect((await page.request.get(`/builds/meta/${latest.buildId}.json`)).status()).toBe(200);
    const worker = await page.request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(await worker.text()).toContain(`build ${latest.buildId}`);
  });

  test("reloads at the next navigation once a newer build is live, and not before", async ({ page }) => {
    await signInAndWait(page, "gestor@demo.local");
    const menu = page.getByRole("menu", { name: "Menu principal" });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.waitForTimeout(1500); // the first check, with the current build
    await menu.getByText("Administração").click();
    await menu.getByRole("link", { name: "Registros de acesso" }).click();
    await expect(page).toHaveURL(/\/admin\/access-logs/);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);

    await page.route("**/builds/latest.json*", (route) => route.fulfill({ json: { buildId: "a-newer-build", timestamp: Date.now() } }));
    await page.reload();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.waitForTimeout(1500); // the first check now sees a newer build
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("menu", { name: "Menu principal" }).getByRole("link", { name: "Painel" }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBeUndefined();
  });
});
