import { expect, test, type Page } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";

/** Picks an option of an antd Select by its label (the selected value's text covers the input). */
async function choose(page: Page, label: string, option: string) {
  await chooseOption(page.getByRole("combobox", { name: label, exact: true }), option);
}

/** Answers the spec's removal confirmation ('Você tem certeza?') with 'Sim remover'. */
async function confirmRemoval(page: Page) {
  const dialog = page.getByRole("dialog").filter({ hasText: "Você tem certeza?" });
  await expect(dialog.getByRole("button", { name: "Não" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Sim remover" }).click();
  await expect(dialog).toBeHidden();
}

// One story, in order: the consultancy (ADMIN) writes, then a USER of the chosen municipality reads.
test.describe.serial("the content library", () => {
  test.setTimeout(120_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 1));
  // Unique per run, so a run against a reused stack (E2E_REUSE_SERVER) meets no earlier run's rows.
  const run = String(Date.now() % 100_000);
  test("an ADMIN adds a norm with a category created in the picker, writes an article in Markdown and sends an alert to one municipality", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");

    await page.goto("/admin/legislations");
    await page.getByRole("button", { name: "Nova norma" }).click();
    await expect(page).toHaveURL(/\/admin\/legislations\/legislation-add$/);
    await page.getByLabel("Número").fill(run);
    await page.getByLabel("Norma", { exact: true }).fill("Lei de teste sobre emendas municipais");
    await page.getByLabel("Ementa").fill("Dispõe sobre a prestação de contas de emendas recebidas pelo município.");

    await page.getByRole("button", { name: "Escolher categoria" }).click();
    await expect(page).toHaveURL(/\/legislation-add\/select-category$/);
    await page.getByRole("button", { name: "Nova categoria" }).click();
    await expect(page).toHaveURL(/\/legislation-add\/select-category\/add-category$/);
    await page.getByLabel("Nome").fill(`Prestação de contas ${run}`);
    await expect(page.getByLabel("Identificador (slug)")).toHaveValue(`prestacao-de-contas-${run}`);
    await page.getByRole("dialog", { name: "Nova categoria" }).getByRole("button", { name: "Salvar" }).click();
    // Back at the picker, the new category chosen.
    await expect(page).toHaveURL(/\/legislation-add\/select-category$/);
    const drawer = page.getByRole("dialog", { name: "Escolher categoria" });
    await expect(drawer.getByRole("listitem").filter({ hasText: `Prestação de contas ${run}` }).getByText("Escolhida")).toBeVisible();
    await drawer.getByRole("button", { name: "Concluir" }).click();
    await expect(page).toHaveURL(/\/legislation-add$/);
    await expect(page.getByRole("main").getByText(`Prestação de contas ${run}`)).toBeVisible();
    // What was typed before the detour is still there.
    await expect(page.getByLabel("Número")).toHaveValue(run);
    await page.getByRole("button", { name: "Salvar" }).click();

    await expect(page).toHaveURL(/\/admin\/legislations(\?|$)/);
    await page.getByRole("searchbox", { name: "Buscar" }).fill("emendas municipais");
    await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
    const row = page.getByRole("row").filter({ hasText: "Lei de teste sobre emendas municipais" });
    await expect(row.getByText(`Prestação de contas ${run}`)).toBeVisible();

    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Novo artigo" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/create$/);
    await page.getByRole("textbox", { name: "Título" }).fill(`Prazos do CAUC ${run}`);
    await expect(page.getByLabel("Identificador (slug)")).toHaveValue(`prazos-do-cauc-${run}`);
    await page.getByLabel("Resumo").fill("O que conferir antes de cada transferência voluntária.");
    await page.getByLabel("Texto (Markdown)").fill("## Confira antes\n\nConsulte o **CAUC** <img src=x onerror=alert(1)>.");
    await choose(page, "Situação", "Publicado");
    await page.getByRole("button", { name: "Escolher categoria" }).click();
    await page.getByRole("button", { name: "Escolher Regularidade fiscal" }).click();
    await page.getByRole("button", { name: "Concluir" }).click();
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(/\/admin\/blog(\?|$)/);
    await page.getByRole("link", { name: `Prazos do CAUC ${run}`, exact: true }).click();
    await expect(page.getByRole("heading", { name: "Confira antes" })).toBeVisible();
    await expect(page.locator("article img[onerror]")).toHaveCount(0);

    await page.goto("/admin/manage-alerts");
    await page.getByRole("button", { name: "Novo" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-alerts\/alert-add$/);
    await page.getByRole("textbox", { name: "Título" }).fill("Prazo do plano de trabalho termina sexta");
    await page.getByLabel("Mensagem").fill("Cadastre o plano de trabalho das emendas PIX no Transferegov.br até sexta-feira.");
    await choose(page, "Gravidade", "Urgente");
    await choose(page, "Para quem", "Prefeituras escolhidas");
    await choose(page, "Prefeituras", "São José dos Campos");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-alerts(\?|$)/);
    await expect(page.getByRole("row").filter({ hasText: "Prazo do plano de trabalho termina sexta" })).toBeVisible();
  });

  test("a USER of that municipality gets the alert under the bell and marks it read, reads the library, never a draft, and cannot write", async ({ browser }) => {
    const page = await signedInPage(browser, "usuario@demo.local");

    await page.goto("/admin/blog");
    const bell = page.getByRole("button", { name: /^Avisos: \d+ não lido/ });
    const before = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)![0]);
    await bell.click();
    const notice = page.getByRole("listitem", { name: "Prazo do plano de trabalho termina sexta" });
    await expect(notice.getByText("Urgente")).toBeVisible();
    await notice.getByRole("button", { name: "Marcar como lido" }).click();
    await expect(notice.getByText("Lido")).toBeVisible();
    await expect(page.getByRole("button", { name: before > 1 ? `Avisos: ${before - 1} não lido(s)` : "Avisos" })).toBeVisible();

    await page.goto("/admin/legislations");
    await expect(page.getByText("Lei Complementar nº 210, de 25 de novembro de 2024")).toBeVisible();
    await expect(page.getByRole("button", { name: "Nova norma" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Editar/ })).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Buscar" }).fill("camaras municipais");
    await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
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

    await page.goto("/admin/legislations/legislation-add");
    await expect(page.getByText("403")).toBeVisible();

    // The alerts list is everyone's to read (spec section 6: only adding and editing are ADMIN's).
    await page.goto("/admin/manage-alerts");
    await expect(page.getByRole("row").filter({ hasText: "Prazo do plano de trabalho termina sexta" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Novo" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Excluir / })).toHaveCount(0);
  });

  test("an ADMIN edits the norm from its row and removes it after confirming, keeping the chosen client throughout", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");
    await page.goto("/admin/companies");
    await page.getByRole("button", { name: /^Selecionar .*São José dos Campos/ }).click();
    await expect(page).toHaveURL(/authComp=/);
    const authComp = new URL(page.url()).searchParams.get("authComp")!;

    await page.goto(`/admin/legislations?authComp=${authComp}`);
    await page.getByRole("searchbox", { name: "Buscar" }).fill("emendas municipais");
    await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
    const norm = new RegExp(`^Editar LEI ${run}/`);
    await page.getByRole("link", { name: norm }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/legislations/\\d+-edit\\?authComp=${authComp}$`));
    await expect(page.getByLabel("Número")).toHaveValue(run);
    await page.getByLabel("Ementa").fill("Dispõe sobre a prestação de contas das emendas, revista.");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/legislations\\?.*authComp=${authComp}`));
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: norm }) });
    await expect(row.getByText("Dispõe sobre a prestação de contas das emendas, revista.")).toBeVisible();

    await row.getByRole("button", { name: /^Excluir LEI / }).click();
    await confirmRemoval(page);
    await expect(page.getByRole("link", { name: norm })).toHaveCount(0);
    await page.context().close();
  });

  test("an ADMIN adds a useful link, edits it and removes it after confirming; a link that does not exist is a 404, not an empty form", async ({ browser }) => {
    const page = await signedInPage(browser, "admin@demo.local");
    const title = `Portal de teste ${run}`;
    await page.goto("/admin/useful-links");
    await page.getByRole("button", { name: "Novo link" }).click();
    await expect(page).toHaveURL(/\/admin\/useful-links\/link-add$/);
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Endereço (URL)").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Informe um endereço que comece com http:// ou https://.")).toBeVisible();
    await page.getByLabel("Endereço (URL)").fill("https://www.gov.br/plataformamaisbrasil");
    await page.getByLabel("Descrição").fill("Portal usado só neste teste.");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(/\/admin\/useful-links(\?|$)/);

    await page.getByRole("link", { name: `Editar ${title}` }).click();
    await expect(page).toHaveURL(/\/admin\/useful-links\/\d+-edit$/);
    await expect(page.getByLabel("Título")).toHaveValue(title);
    await page.getByLabel("Título").fill(`${title} (revisto)`);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(/\/admin\/useful-links(\?|$)/);
    // The card's title opens the portal itself.
    const portal = page.locator('a[href="https://www.gov.br/plataformamaisbrasil"]').filter({ hasText: `${title} (revisto)` });
    await expect(portal).toHaveAttribute("target", "_blank");

    await page.getByRole("button", { name: `Excluir ${title} (revisto)` }).click();
    await confirmRemoval(page);
    await expect(portal).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Editar ${title} (revisto)` })).toHaveCount(0);

    await page.goto("/admin/useful-links/999999-edit");
    await expect(page.getByRole("heading", { name: "Link não encontrado." })).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await page.context().close();

    // Nor is a person who does not exist (the manager's people, in the settings).
    const manager = await signedInPage(browser, "gestor@demo.local");
    await manager.goto("/admin/settings/users/999999");
    await expect(manager.getByLabel("Erro 404")).toBeVisible();
    await expect(manager.getByRole("textbox")).toHaveCount(0);
    await manager.context().close();
  });
});
