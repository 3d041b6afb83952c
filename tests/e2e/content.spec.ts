import { expect, test } from "@playwright/test";
import { signInAndWait } from "./support/auth";

test.describe("the content library", () => {
  test.setTimeout(180_000);

  test("a USER reads the legislation, the useful links and a published article, and never sees a draft", async ({ page }) => {
    await signInAndWait(page, "usuario@demo.local");

    await page.goto("/admin/legislations");
    await expect(page.getByText("Lei Complementar nº 210, de 25 de novembro de 2024")).toBeVisible();
    await page.getByRole("textbox", { name: "Buscar", exact: true }).fill("camaras municipais");
    await page.getByRole("textbox", { name: "Buscar", exact: true }).press("Enter");
    await expect(page.getByText("Lei nº 9.452, de 20 de março de 1997")).toBeVisible();
    await expect(page.getByText("Lei Complementar nº 210, de 25 de novembro de 2024")).toHaveCount(0);

    await page.goto("/admin/useful-links");
    await expect(page.getByRole("link", { name: /Transferegov\.br/ })).toHaveAttribute("href", "https://www.gov.br/transferegov/pt-br");

    await page.goto("/admin/blog");
    await expect(page.getByRole("link", { name: "CAUC: os sete novos itens da IN STN/MF 8/2025" })).toBeVisible();
    await expect(page.getByText("Rascunho: calendário de obrigações do 2º semestre")).toHaveCount(0);
    await page.getByRole("link", { name: "LC 210/2024: o prazo para informar o uso das emendas PIX" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
    await expect(page.getByRole("heading", { name: "O que fazer agora" })).toBeVisible();
    await expect(page.getByRole("link", { name: "planalto.gov.br" })).toHaveAttribute("rel", "noopener noreferrer");
  });
});
