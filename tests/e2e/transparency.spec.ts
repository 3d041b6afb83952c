import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";

const HOME = "/transparency/campinas";

/** The number in "N transferências encontradas". */
async function resultCount(page: Page): Promise<number> {
  await expect(page.locator("table[aria-busy=true]")).toHaveCount(0);
  const text = (await page.getByRole("status").filter({ hasText: /encontrada/ }).textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

test("the home shows the municipality, the update stamp and leads to every section", async ({ page }) => {
  const response = await page.goto(HOME);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Transparência de Campinas (SP)" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Prefeitura de Campinas/ })).toBeVisible();
  await expect(page.getByText(/^Dados atualizados em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText(/^R\$ [\d.]+,\d{2}$/).first()).toBeVisible();
  await expect(page).toHaveTitle("Prefeitura de Campinas (SP) – Portal da Transparência");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /município de Campinas \(SP\)/);
  await expectAccessible(page);

  const nav = page.getByRole("navigation", { name: "Seções do portal" });
  const sections = [
    ["Painel", "/dashboard", "Painel de transferências"],
    ["Indicadores fiscais", "/indicadores-fiscais", "Indicadores fiscais"],
    ["Transferências especiais", "/transactions-imposition", "Transferências especiais"],
    ["Transferências voluntárias", "/transactions-voluntary", "Transferências voluntárias"],
    ["Início", "", "Transparência de Campinas (SP)"],
  ] as const;
  for (const [link, path, heading] of sections) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(`${HOME}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("each page's HTML asks for the data the page then uses, once: every preloaded answer is the one the page reads", async ({ page }) => {
  // What the site itself asks for with fetch(), recorded before any of its code runs.
  await page.addInitScript(() => {
    const asked: string[] = ((window as unknown as { __asked: string[] }).__asked = []);
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      asked.push(url.pathname + url.search);
      return original(input, init);
    };
  });
  const requested = new Map<string, number>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/public/")) requested.set(url.pathname + url.search, (requested.get(url.pathname + url.search) ?? 0) + 1);
  });
  const [first] = (await (await page.request.get("/api/public/campinas/imposition-transfers?_end=1")).json()) as { nrTransfer: string }[];
  const pages = [
    [HOME, "Transparência de Campinas (SP)"],
    [`${HOME}/transactions-imposition`, "Transferências especiais"],
    [`${HOME}/transactions-imposition/info/${first.nrTransfer}`, first.nrTransfer],
    [`${HOME}/emendas-municipais`, "Emendas"],
    [`${HOME}/dados-abertos`, "Dados abertos"],
  ] as const;
  for (const [path, heading] of pages) {
    requested.clear();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    const preloaded = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const asked = await page.evaluate(() => (window as unknown as { __asked: string[] }).__asked);
    expect(preloaded.length, path).toBeGreaterThan(1); // the municipality and the page's own data
    for (const url of preloaded) {
      expect(asked, `${path}: the page reads ${url}`).toContain(url);
      expect(requested.get(url), `${path}: ${url} went over the network once`).toBe(1);
    }
  }
});

test("the first view loads at most 200 KB of gzipped JavaScript and no admin code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push(res.url());
  });
  await page.goto(HOME, { waitUntil: "load" });
  await expect(page.getByRole("heading", { level: 1, name: "Transparência de Campinas (SP)" })).toBeVisible();
  let gzipped = 0;
  for (const url of scripts) {
    const body = await (await page.request.get(url)).body();
    gzipped += gzipSync(body, { level: 9 }).length;
    // antd, Refine and Firebase never reach a citizen's phone.
    expect(body.toString("utf8")).not.toMatch(/ant-btn|@refinedev|firebaseapp\.com|identitytoolkit/);
  }
  test.info().annotations.push({ type: "first-view-js-gzip-bytes", description: String(gzipped) });
  console.log(`[transparency] first view: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  expect(gzipped).toBeLessThanOrEqual(200 * 1024);
});

test("the dashboard shows totals by kind and year, charts and the same data as tables", async ({ page }) => {
  await page.goto(`${HOME}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Painel de transferências" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Previsto × recebido por ano/ })).toBeVisible();
  const kinds = page.getByRole("table", { name: /Totais por tipo/ });
  await expect(kinds.getByRole("rowheader", { name: "Transferências especiais" })).toBeVisible();
  await expect(kinds.getByRole("rowheader", { name: "Fundo a fundo" })).toBeVisible();
  await page.getByText("Ver os dados do gráfico em tabela").click();
  await expect(page.getByRole("table", { name: "Previsto × recebido por ano" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Principais concedentes/ }).getByRole("row")).not.toHaveCount(0);
  await expectAccessible(page);

  const year = (await page.getByRole("combobox", { name: "Exercício" }).locator("option").nth(1).textContent())!;
  await page.getByRole("combobox", { name: "Exercício" }).selectOption(year);
  await page.getByRole("button", { name: "Ver" }).click();
  await expect(page).toHaveURL(`${HOME}/dashboard?ano=${year}`);
  await expect(page.getByRole("heading", { name: `Principais parlamentares (${year})` })).toBeVisible();
});

test("fiscal indicators show each value beside its legal limit, by year", async ({ page }) => {
  await page.goto("/transparency/belo-horizonte/indicadores-fiscais");
  await expect(page.getByRole("heading", { level: 1, name: "Indicadores fiscais" })).toBeVisible();
  const sections = page.getByRole("heading", { level: 2, name: /^Exercício \d{4}$/ });
  await expect(sections).toHaveCount(4);
  const latest = page.getByRole("table").first();
  await expect(latest.getByRole("row", { name: /Despesa total com pessoal/ })).toContainText("máximo 54% · prudencial 51,3% · alerta 48,6%");
  await expect(latest.getByRole("row", { name: /Dívida consolidada/ })).toContainText("máximo 120%");
  await expect(latest.getByRole("row", { name: /educação/ })).toContainText("mínimo 25%");
  await expect(latest.getByRole("row", { name: /saúde/ })).toContainText("mínimo 15%");
  await expect(latest.getByRole("row", { name: /Receita corrente líquida/ })).toContainText(/R\$ [\d.]+,\d{2}/);
  await expectAccessible(page);
});

test("list filters, sort and page live in the URL and survive a reload", async ({ page }) => {
  await page.goto(`${HOME}/transactions-imposition`);
  await expect(page).toHaveTitle("Transferências especiais | Prefeitura de Campinas (SP) – Portal da Transparência");
  const all = await resultCount(page);
  expect(all).toBeGreaterThan(20);
  await expectAccessible(page);

  await page.getByRole("combobox", { name: "Situação" }).selectOption({ label: "Ciente" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/situacao=CIENTE/);
  const cientes = await resultCount(page);
  expect(cientes).toBeLessThan(all);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(Math.min(cientes, 20) + 1);
  for (const situation of await page.getByRole("table").locator("tbody tr td:nth-child(5)").allTextContents()) expect(situation).toBe("Ciente");

  await page.getByRole("link", { name: "Ordenar por Previsto" }).click();
  await expect(page).toHaveURL(/ordem=previsto&sentido=desc/);
  const planned = async () =>
    (await page.locator("tbody tr td:nth-child(6)").allTextContents()).map((v) => Number(v.replace(/[^\d,]/g, "").replace(",", ".")));
  await expect.poll(async () => {
    const values = await planned();
    return values.length > 0 && values.every((v, i) => i === 0 || values[i - 1] >= v);
  }).toBe(true);

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Situação" })).toHaveValue("CIENTE");
  expect(await resultCount(page)).toBe(cientes);
  await expect(page.locator("th[aria-sort=descending]")).toContainText("Previsto");

  await page.getByRole("searchbox", { name: "Buscar" }).fill("nenhuma-transferencia-com-este-texto");
  await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
  await expect(page).toHaveURL(/busca=nenhuma-transferencia-com-este-texto/);
  await expect(page.getByText("Nenhuma transferência encontrada com estes filtros.")).toBeVisible();
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(`${HOME}/transactions-imposition`);
  expect(await resultCount(page)).toBe(all);

  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: /Próxima/ }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
});

test("CSV and JSON downloads hold exactly the filtered set", async ({ page }) => {
  await page.goto(`${HOME}/transactions-voluntary?situacao=EM_EXECUCAO`);
  const count = await resultCount(page);
  expect(count).toBeGreaterThan(0);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar CSV (planilha)" }).click()]);
  expect(csv.suggestedFilename()).toBe("transferencias-voluntarias-campinas.csv");
  const text = readFileSync((await csv.path())!, "utf8");
  const [header, ...lines] = text.replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(header.split(";").slice(0, 5)).toEqual(["numero_convenio", "numero_proposta", "ano", "modalidade", "situacao"]);
  expect(lines).toHaveLength(count);
  for (const line of lines) expect(line.split(";")[4]).toBe("Em execução");

  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar JSON (dados abertos)" }).click()]);
  expect(json.suggestedFilename()).toBe("transferencias-voluntarias-campinas.json");
  // Issue 34: the JSON carries the CSV's pt-BR field names (and the data dictionary).
  const rows = (JSON.parse(readFileSync((await json.path())!, "utf8")) as { transferencias_voluntarias: { situacao: string; numero_convenio: string; internalNotes?: string }[] }).transferencias_voluntarias;
  expect(rows).toHaveLength(count);
  expect(rows.every((r) => r.situacao === "Em execução" && !("internalNotes" in r))).toBe(true);
  expect(rows.map((r) => r.numero_convenio).sort()).toEqual(lines.map((l) => l.split(";")[0]).sort());
});

test("a detail page shows the transfer, its values and the payment history", async ({ page }) => {
  await page.goto(`${HOME}/transactions-imposition?situacao=CONCLUIDO`);
  const link = page.locator("tbody").getByRole("link").first();
  const nr = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(`${HOME}/transactions-imposition/info/${nr}`);
  await expect(page.getByRole("heading", { level: 1, name: `Transferência especial ${nr}` })).toBeVisible();
  await expect(page).toHaveTitle(`Transferência especial ${nr} | Prefeitura de Campinas (SP) – Portal da Transparência`);
  // The situation (the money trail below may say "Concluído" again, of the work plan).
  await expect(page.getByText("Concluído", { exact: true }).first()).toBeVisible();
  const history = page.getByRole("table", { name: /Histórico de pagamentos/ });
  await expect(history.getByRole("row", { name: /Empenho/ }).first()).toBeVisible();
  await expect(history.getByRole("row", { name: /Ordem bancária/ }).first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "Você está em" }).getByRole("link", { name: "Transferências especiais" }).click();
  await expect(page).toHaveURL(`${HOME}/transactions-imposition`);

  await page.goto(`${HOME}/transactions-voluntary`);
  await page.locator("tbody").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Convênio \d{6}$/ })).toBeVisible();
  await expectAccessible(page);
});

test("an unknown municipality, section or transfer shows the 404 screen", async ({ page }) => {
  const response = await page.goto("/transparency/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page not found: /transparency/nao-existe")).toBeVisible();
  // Issue 34: a citizen's 'Go back home' leads to the portals, never to the staff sign-in.
  await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/transparency");
  await expectAccessible(page);

  expect((await page.goto(`${HOME}/segredo`))?.status()).toBe(404);
  await expect(page.getByText(`Page not found: ${HOME}/segredo`)).toBeVisible();

  await page.goto(`${HOME}/transactions-voluntary/info/123`);
  await expect(page.getByText(`Page not found: ${HOME}/transactions-voluntary/info/123`)).toBeVisible();
  await page.goto(`${HOME}/transactions-imposition/info/00000000-000000`);
  await expect(page.getByText(`Page not found: ${HOME}/transactions-imposition/info/00000000-000000`)).toBeVisible();
});

test("everything works by keyboard alone", async ({ page }) => {
  await page.goto(HOME);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Pular para o conteúdo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#conteudo$/);

  // From the top: brand, then the section links; Enter follows one.
  await page.goto(HOME);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Transferências especiais", exact: true }).first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${HOME}/transactions-imposition`);
  await expect(page.locator("#conteudo")).toBeFocused();

  // Search, filter and submit without a mouse, once the list's form is there (as a person waits for the page).
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toBeFocused();
  await page.keyboard.type("reforma");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Ano" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Situação" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Filtrar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/busca=reforma/);
  await expect(page.locator("table[aria-busy=true]")).toHaveCount(0);
  for (const object of await page.locator("tbody tr td:nth-child(4)").allTextContents()) expect(object).toMatch(/reforma/i);

  // The table region scrolls by keyboard, and a row's link opens the detail.
  const firstLink = page.locator("tbody").getByRole("link").first();
  const nr = (await firstLink.textContent())!;
  await firstLink.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Transferência especial ${nr}` })).toBeVisible();
});
