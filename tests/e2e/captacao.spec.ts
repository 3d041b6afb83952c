import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { codeLabels } from "../../src/domain/labels/codes";

/** Captação (issue 14): the catalogue's grantor step, the radar, and a proposal that became a convênio. */

test("ADMIN adds a program and, in its grantor step, a new grantor that comes back chosen", async ({ browser }) => {
  const page = await signedInPage(browser, "admin@demo.local");
  const code = `99${String(Date.now()).slice(-11)}`;
  const siafi = String(100000 + Math.floor(Math.random() * 899999));
  await page.goto("/admin/programs/programs-add");
  await page.getByLabel("Código", { exact: true }).fill(code);
  await page.getByLabel("Nome do programa").fill("Programa de Apoio a Bibliotecas Públicas Municipais");
  await page.getByRole("button", { name: "Escolher concedente" }).click();
  await expect(page).toHaveURL(/\/admin\/programs\/programs-add\/select-grantor$/);
  await page.getByRole("button", { name: "Novo órgão" }).click();
  await expect(page).toHaveURL(/\/select-grantor\/add-grantor$/);
  const drawer = page.getByRole("dialog", { name: "Novo órgão concedente" });
  await drawer.getByLabel("Sigla").fill("SNLLB");
  await drawer.getByLabel("Nome", { exact: true }).fill("SECRETARIA NACIONAL DO LIVRO E DA LEITURA");
  await drawer.getByLabel("Código SIAFI").fill(siafi);
  await drawer.getByRole("button", { name: "Salvar" }).click();
  // Back at the picker, the new grantor is the chosen one.
  await expect(page).toHaveURL(/\/programs-add\/select-grantor$/);
  await expect(page.getByRole("button", { name: "Escolher SNLLB" })).toHaveText(/Escolhido/);
  await page.getByRole("button", { name: "Escolher SNLLB" }).click();
  await expect(page).toHaveURL(/\/admin\/programs\/programs-add$/);
  await expect(page.getByTestId("program-grantor")).toHaveText("SNLLB - SECRETARIA NACIONAL DO LIVRO E DA LEITURA");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/programs$/);
  const saved = await (await page.request.get(`/api/programs?code=${code}`)).json();
  expect(saved).toHaveLength(1);
  const grantor = await (await page.request.get(`/api/grantors/${saved[0].grantorId}`)).json();
  expect(grantor.siafiCode).toBe(siafi);
  await page.request.delete(`/api/programs/${saved[0].id}`);
  await page.request.delete(`/api/grantors/${grantor.id}`);
});

test("MANAGER sees the programs open to the municipality, opens a proposal by its encoded number and reaches its convênio", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/programs");
  await expect(page.getByRole("tab", { name: "Abertos para São José dos Campos" })).toBeVisible();
  await expect(page.getByTestId("radar-summary")).toContainText("programas abertos hoje");
  await expect(page.getByTestId("radar-days").first()).toBeVisible();

  const [proposal] = await (await page.request.get("/api/proposals?status=CONVENIADA&_end=1")).json();
  await page.goto(`/admin/proposals/${encodeURIComponent(proposal.nrProposal)}/entity/${proposal.proponentCnpj}`);
  await expect(page.getByText(proposal.nrProposal).first()).toBeVisible();
  await expect(page.getByTestId("proposal-history")).toContainText(codeLabels.proposalStatuses.CONVENIADA);
  await page.getByTestId("proposal-convenio").first().click();
  await expect(page).toHaveURL(/\/admin\/transactions-voluntary\/info\/\d{6}$/);

  // The emendas that fund a proposal still in preparation: add one in the form and see it listed.
  const [draft] = await (await page.request.get("/api/proposals?status=CADASTRADA&_end=1")).json();
  await page.goto(`/admin/proposals/${encodeURIComponent(draft.nrProposal)}/entity/${draft.proponentCnpj}`);
  await page.getByRole("button", { name: "Editar emendas" }).click();
  const dialog = page.getByRole("dialog");
  for (const _ of draft.amendments) await dialog.getByRole("button", { name: /^Remover a emenda/ }).first().click();
  await dialog.getByRole("button", { name: "Adicionar emenda" }).click();
  await dialog.getByLabel("Nº da emenda 1").fill("202671230007");
  await dialog.getByLabel("Parlamentar 1").fill("Dep. Marina Prado");
  await dialog.getByLabel("Valor 1").fill("150000,00");
  await expect(dialog.getByTestId("amendments-sum")).toContainText("R$ 150.000,00");
  await dialog.getByRole("button", { name: "Salvar emendas" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /202671230007.*Dep\. Marina Prado/ })).toBeVisible();
});
