import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/admin/auth/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/**
 * Signs in and waits for what a person waits for before acting: the dashboard greeting them by name.
 * The address changes first, while the login is still on screen and the header has not learned who
 * is signed in; a click at that moment tests a screen nobody sees.
 */
export async function signInAndWait(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole("heading", { name: /^Olá, \S/ })).toBeVisible();
}

/** The emulator's answer to a Google popup: an ID token for a Google identity with this e-mail. */
export async function googleIdToken(email: string): Promise<string> {
  const port = process.env.E2E_AUTH_EMULATOR_PORT ?? "9299";
  const claims = JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name: "Conta Google" });
  const res = await fetch(`http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`, requestUri: "http://localhost", returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`Google sign-in at the emulator failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

const savedSessions = new Map<string, Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>>();

/**
 * A page already signed in as `email`: the first call signs in through the login screen, later ones
 * reuse its cookies and storage (the sign-in route is rate-limited, and signing in is slow).
 */
export async function signedInPage(browser: import("@playwright/test").Browser, email: string, options: import("@playwright/test").BrowserContextOptions = {}) {
  let state = savedSessions.get(email);
  if (!state) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await signInAndWait(page, email);
    state = await context.storageState();
    savedSessions.set(email, state);
    await context.close();
  }
  const context = await browser.newContext({ ...options, storageState: state });
  return context.newPage();
}

/** After a test signs `email` out, its saved session is revoked: the next signedInPage signs in again. */
export function forgetSession(email: string) {
  savedSessions.delete(email);
}
