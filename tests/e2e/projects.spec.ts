import { expect, test, type Locator } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";
import { demoPhoto } from "../../server/lib/photo";

/** Projects (issue 15): a MANAGER follows a new project from creation to a medição; a USER adds a site photo. */

/** Picks an option of an antd Select inside `scope` by its label. */
async function choose(scope: Locator, label: string, option: string | RegExp) {
  // A required field's name carries its mark ("* Origem").
  await chooseOption(scope.getByRole("combobox", { name: new RegExp(`^(\\* )?${label}$`) }), option);
}

test("MANAGER creates a project, fills the work plan, links a transfer, records a medição and sees progress and history move", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, "gestor@demo.local");
  const title = `Praça da Juventude ${Date.now() % 100_000}`;
  await page.goto("/admin/projects/create");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Objeto").fill("Construção de praça com pista de skate, academia ao ar livre e iluminação.");
  await page.getByLabel("Valor total").fill("1000,00");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/info\/\d+\/workPlan$/);
  const projectUrl = page.url().replace(/\/workPlan$/, "");

  // Work plan: a meta, then an etapa worth the whole project.
  await page.getByRole("button", { name: "Nova meta" }).click();
  let dialog = page.getByRole("dialog", { name: "Nova meta" });
  await dialog.getByLabel("Descrição").fill("Implantação da praça");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Nova etapa 1" }).click();
  dialog = page.getByRole("dialog", { name: "Nova etapa" });
  await dialog.getByLabel("Descrição").fill("Pista de skate e academia");
  await dialog.getByLabel("Valor", { exact: true }).fill("1000,00");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("work-plan-total")).toContainText("confere com o valor do projeto");

  // Funding: the municipality's largest convênio pays part of it.
  await page.getByRole("tab", { name: "Fontes de recurso" }).click();
  await expect(page).toHaveURL(/\/fundingSource$/);
  await page.getByRole("button", { name: "Nova fonte de recurso" }).click();
  dialog = page.getByRole("dialog", { name: "Nova fonte de recurso" });
  await choose(dialog, "Origem", "Transferência voluntária");
  await choose(dialog, "Transferência", /\d{6} · /);
  await dialog.getByLabel("Valor", { exact: true }).fill("800,00");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: "Transferência voluntária" })).toBeVisible();

  // Execution: a medição of half the etapa.
  await page.getByRole("tab", { name: "Execução" }).click();
  await expect(page).toHaveURL(/\/execution$/);
  await expect(page.getByTestId("physical-progress")).toHaveAttribute("aria-valuetext", "0%");
  await page.getByRole("button", { name: "Registrar medição" }).click();
  dialog = page.getByRole("dialog", { name: "Registrar medição" });
  await choose(dialog, "Etapa", "Pista de skate e academia");
  // The reference date starts at today.
  await expect(dialog.getByLabel("Data de referência", { exact: true })).not.toHaveValue("");
  await dialog.getByLabel("% físico executado").fill("50");
  await dialog.getByLabel("Valor", { exact: true }).fill("500,00");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("physical-progress")).toHaveAttribute("aria-valuetext", "50%");
  await expect(page.getByTestId("financial-progress")).toHaveAttribute("aria-valuetext", "50%");

  // History: creation, work plan, funding and the medição, with who did them.
  await page.getByRole("tab", { name: "Histórico" }).click();
  await expect(page).toHaveURL(`${projectUrl}/history`);
  const history = page.getByTestId("project-history");
  await expect(history.locator(".ant-timeline-item")).toHaveCount(5);
  await expect(history).toContainText("Medição de");
  await expect(history.locator(".ant-timeline-item").first()).toContainText("Gustavo Gestor");
});

test("a USER adds a site photo and sees it in the gallery with its date and place", async ({ browser }) => {
  const page = await signedInPage(browser, "usuario@demo.local");
  const [project] = await (await page.request.get("/api/projects?status=EXECUCAO&_end=1")).json();
  await page.goto(`/admin/projects/info/${project.id}/files`);
  await page.getByRole("button", { name: "Enviar foto" }).click();
  const dialog = page.getByRole("dialog", { name: "Enviar foto" });
  const photo = demoPhoto({ color: [30, 140, 200], built: 0.7, takenAt: new Date("2026-06-02T15:20:00Z"), position: { latitude: -23.2012, longitude: -45.8871 } });
  await dialog.locator('input[type="file"]').setInputFiles({ name: "fachada-junho.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(dialog.getByTestId("chosen-file")).toHaveText("fachada-junho.jpg");
  await dialog.getByLabel("Título").fill("Fachada em junho");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("photo-gallery").locator(".ant-card").filter({ hasText: "Fachada em junho" });
  await expect(card).toContainText("Tirada em 02/06/2026");
  await expect(card).toContainText("Local: -23,2012, -45,8871");
  await expect(card.getByRole("img", { name: "Fachada em junho" })).toBeVisible();
});
