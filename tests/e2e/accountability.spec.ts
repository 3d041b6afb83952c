import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { PDF_BYTES } from "../support/documents";

/** Today in São Paulo as the date picker takes it (dd/mm/aaaa). */
const todayTyped = () => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());

test("a manager records the LC 210 notice to the Câmara with its proof, and the emenda leaves pendente (also on the public detail)", async ({ browser }) => {
  const page = await signedInPage(browser, "gestor@demo.local");
  await page.goto("/admin/accountability?filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=LC210&filters[1][field]=status&filters[1][operator]=eq&filters[1][value]=PENDENTE");
  await expect(page.getByRole("heading", { name: "Prestação de contas", exact: true })).toBeVisible({ timeout: 30_000 });
  const row = page.locator(".ant-table-row").first();
  await expect(row).toContainText("Comunicação da LC 210/2024");
  await expect(row).toContainText("Pendente");
  await expect(row).toContainText(/Atrasada há \d+ dias?/);
  const nrTransfer = (await row.getByRole("link").first().innerText()).trim();
  await row.getByRole("link", { name: nrTransfer }).click();

  await expect(page.getByTestId("obligation-status")).toContainText("Pendente");
  await expect(page.getByText("Comunicação da LC 210/2024, art. 8")).toBeVisible();
  await page.getByRole("button", { name: "Registrar envio: Câmara Municipal" }).click();
  const camara = page.getByTestId("lc210-CAMARA");
  await camara.getByLabel("Protocolo (Câmara Municipal)").fill("CM-2026/01234");
  const date = camara.getByLabel("Data de envio (Câmara Municipal)");
  await date.click();
  await date.fill(todayTyped());
  await camara.getByLabel("Protocolo (Câmara Municipal)").click();
  await expect(date).toHaveValue(todayTyped());
  await camara.locator('input[type="file"]').setInputFiles({ name: "oficio-camara.pdf", mimeType: "application/pdf", buffer: PDF_BYTES });
  await expect(camara.getByTestId("accountability-file-name")).toContainText("oficio-camara.pdf");
  await camara.getByRole("button", { name: "Salvar envio" }).click();

  await expect(camara).toContainText(`Enviado em ${todayTyped()}`);
  await expect(camara.getByRole("link", { name: /oficio-camara\.pdf/ })).toBeVisible();
  await expect(page.getByTestId("obligation-status")).toContainText("Comunicada em parte");
  await expect(page.getByTestId("obligation-status")).not.toContainText("Pendente");

  // The public transparency detail of that emenda publishes that the Câmara was told.
  const detail = await page.request.get(`/api/public/sao-jose-dos-campos/imposition-transfers/${nrTransfer}`);
  const notice = (await detail.json()).lc210Notice;
  expect(notice.status).toBe("PARCIAL");
  expect(notice.recipients).toEqual([expect.objectContaining({ recipient: "CAMARA", protocol: "CM-2026/01234" })]);
  await page.context().close();
});

test("an admin sends the deadline digest now and it arrives in the local inbox (maildev) of npm start", async ({ browser }) => {
  const inbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2100}/api/email`;
  const page = await signedInPage(browser, "admin@demo.local");
  const companies = await (await page.request.get("/api/companies?slug=sao-jose-dos-campos")).json();
  await page.goto(`/admin/companies/${companies[0].id}/parametrization`);
  const panel = page.getByTestId("digest-panel");
  await expect(panel).toContainText("gestor@demo.local", { timeout: 30_000 });
  await panel.getByRole("button", { name: "Enviar agora" }).click();
  await expect(page.getByText("Resumo solicitado")).toBeVisible();
  await expect
    .poll(async () => ((await (await fetch(inbox)).json()) as { subject: string; to: { address: string }[] }[]).map((m) => `${m.subject} → ${m.to.map((t) => t.address).join(",")}`).join("\n"))
    .toMatch(/SOL Transferências: \d+ prazos novos ou alterados — São José dos Campos.* → .*gestor@demo\.local/);
  // The run is listed on the panel (it refreshes by itself).
  await expect(panel.locator(".ant-table-row").first()).toContainText("Enviado");
  await page.context().close();
});
