import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { signedInPage } from "./support/auth";

/**
 * The admin screens a screen-reader user meets, checked with axe as each settles: one screen per
 * shared piece (page frames and their titles, a frame inside another page's, lists, forms, tags
 * in chosen colors, reports, the assistant's widget), for the municipality's manager and for the consultancy's admin.
 */
const SCREENS: Record<string, string[]> = {
  "gestor@demo.local": [
    "/admin/dashboard",
    "/admin/transactions-imposition",
    "/admin/transactions-imposition/create",
    "/admin/projects",
    "/admin/quotes/create",
    "/admin/reports/payments",
    "/admin/profile",
    "/admin/settings/users",
  ],
  "admin@demo.local": ["/admin/dashboard", "/admin/blog", "/admin/blog/create", "/admin/requirements/create"],
};

async function settled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(".ant-spin-spinning, .ant-skeleton")).toHaveCount(0);
}

for (const [email, paths] of Object.entries(SCREENS)) {
  test(`${email}: every checked admin screen has one h1 and no axe violation`, async ({ browser }) => {
    // Twelve screens in one session, each checked by axe: the whole walk stretches with the machine's load like every other wait.
    test.setTimeout(150_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 1));
    const page = await signedInPage(browser, email);
    for (const path of paths) {
      await test.step(path, async () => {
        await settled(page, path);
        if (email.startsWith("admin") && path === "/admin/dashboard") {
          // The SOL widget is drawn by a third-party web component: checked once it is on the page.
          await expect(page.locator("flowise-chatbot").getByRole("button", { name: "Conversar com o SOL - Agente Inteligente" })).toBeVisible();
          await expect(page.getByRole("complementary", { name: "SOL - Agente Inteligente" })).toBeAttached();
        }
        await expectAccessible(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      });
    }
    await page.context().close();
  });
}

test("on a phone, the manager's dashboard has no axe violation", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await settled(page, "/admin/dashboard");
  await expectAccessible(page);
  await page.context().close();
});

test("the sign-in screen has one h1 and no axe violation", async ({ page }) => {
  await page.goto("/admin/auth/login");
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});
