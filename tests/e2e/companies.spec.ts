import { expect, test, type Page } from "@playwright/test";
import { signIn, signInAndWait } from "./support/auth";
import { chooseOption } from "./support/select";
import { PNG_FILE, lastSetPasswordCode } from "./support/emulator";

/** Opens Configurações from the header's user menu, where every signed-in person finds it. */
async function openSettings(page: Page) {
  await page.getByRole("button", { name: "Perfil" }).click();
  await page.getByRole("menuitem", { name: "Configurações" }).click();
}

/** Picks an option of an antd select found by its accessible name. */
async function choose(page: Page, selectName: string, search: string, option: string | RegExp) {
  await chooseOption(page.getByRole("combobox", { name: selectName }), option, search);
}

test("an admin creates a company with a logo, sees a duplicate CNPJ beside the field, edits it and finds it in the list", async ({ page }) => {
  await signInAndWait(page, "admin@demo.local");
  await page.goto("/admin/companies");
  await expect(page).toHaveTitle(/^Clientes/);
  await page.getByRole("button", { name: "Nova cliente" }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/create$/);
  await expect(page).toHaveTitle(/^Nova cliente/);

  await choose(page, "UF", "SP", /^SP - São Paulo$/);
  await choose(page, "Município", "santos", /^Santos$/);
  // Picking the municipality fills the name, legal name and public address.
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Santos");
  await expect(page.getByLabel("Endereço público")).toHaveValue("santos");
  // A CNPJ that already belongs to São José dos Campos: the server's 409 lands beside the field.
  await page.getByLabel("CNPJ").fill("46643466000106");
  await page.locator('input[type="file"]').setInputFiles(PNG_FILE);
  await expect(page.getByTestId("logo-preview").locator("img")).toHaveAttribute("src", /^\/api\/files\/logos\/\d+\/.+\.png$/);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.locator(".ant-form-item").filter({ hasText: "CNPJ" }).getByText("Já existe um cliente com este CNPJ.")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Santos");

  await page.getByLabel("CNPJ").fill("58.200.015/0001-83");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/\d+\/data$/);
  await expect(page.getByRole("heading", { name: /Santos/ })).toBeVisible();
  await expect(page.getByText("58.200.015/0001-83").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Logotipo" })).toHaveAttribute("src", /\/api\/files\/logos\//);

  await page.getByRole("button", { name: "Editar" }).click();
  await expect(page).toHaveTitle(/^Editar cliente/);
  await page.getByLabel("Prefeito(a)").fill("Rogério Santos");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/\d+\/data$/);
  await expect(page.getByText("Rogério Santos")).toBeVisible();

  await page.goto("/admin/companies");
  await page.getByRole("searchbox", { name: /Buscar/ }).fill("58.200.015");
  await page.getByRole("searchbox", { name: /Buscar/ }).press("Enter");
  await expect(page).toHaveURL(/filters/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").filter({ hasText: "Santos" })).toBeVisible();
  // The search lives in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole("searchbox", { name: /Buscar/ })).toHaveValue("58.200.015");
  await expect(page.getByRole("row")).toHaveCount(2);
});

test("an admin invites a person, who sets a password from the link and signs in", async ({ page }) => {
  const email = `convidada.${Date.now()}@prefeitura.exemplo.gov.br`;
  await signInAndWait(page, "admin@demo.local");
  await page.goto("/admin/companies/2/users");
  await page.getByRole("button", { name: "Novo usuário" }).click();
  await expect(page.getByRole("heading", { name: "Novo usuário" })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Clara Convidada");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await expect(page.getByRole("checkbox", { name: /Enviar agora o convite/ })).toBeChecked();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/2\/users$/);
  await expect(page.getByRole("row").filter({ hasText: email }).getByText("Convite enviado")).toBeVisible();

  // The e-mail the emulator holds, opened by the invited person.
  const oobCode = await lastSetPasswordCode(email);
  await page.context().clearCookies();
  await page.goto(`/admin/auth/set-password?oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByText(`Conta: ${email}`)).toBeVisible();
  await page.getByLabel("Nova senha", { exact: true }).fill("senha-da-clara");
  await page.getByLabel("Repita a nova senha").fill("outra-coisa");
  await page.getByRole("button", { name: "Definir senha" }).click();
  await expect(page.getByText("As senhas não conferem.")).toBeVisible();
  await page.getByLabel("Repita a nova senha").fill("senha-da-clara");
  await page.getByRole("button", { name: "Definir senha" }).click();
  await expect(page.getByText("Senha definida.")).toBeVisible();
  await page.getByRole("button", { name: "Ir para o login" }).click();

  await signIn(page, email, "senha-da-clara");
  const terms = page.getByRole("dialog", { name: "Termos de uso" });
  await terms.getByRole("button", { name: "Li e aceito" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByText("Olá, Clara")).toBeVisible();
  await expect(page.getByText("Prefeitura de Campinas")).toBeVisible();

  // A used link does not work twice.
  await page.goto(`/admin/auth/set-password?oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByRole("alert")).toContainText("Este link é inválido");
});

test("a manager edits the company data and parametrization in settings, and sees server errors beside the field", async ({ page }) => {
  await signInAndWait(page, "gestor@demo.local");
  await openSettings(page);
  await expect(page).toHaveURL(/\/admin\/settings\/data$/);
  await expect(page).toHaveTitle(/^Prefeitura - dados/);
  await page.getByRole("button", { name: "Editar dados" }).click();
  await expect(page.getByLabel("Telefone")).toHaveValue("(12) 3947-8000");
  await expect(page.getByLabel("CNPJ")).toHaveCount(0);
  await page.getByLabel("Telefone").fill("(12) 3947-8123");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/data$/);
  await expect(page.getByText("(12) 3947-8123")).toBeVisible();

  await page.getByRole("tab", { name: "Painel" }).click();
  await page.getByText("Parametrização", { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/panel\/parametrization$/);
  await expect(page.getByLabel("Aviso antes do fim da vigência")).toHaveValue("60");
  await page.getByLabel("Aviso antes do fim da vigência").fill("90");
  await page.getByLabel("E-mails que recebem os avisos").fill("convenios@sjc.sp.gov.br");
  await page.getByLabel("E-mails que recebem os avisos").press("Enter");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Alterações salvas")).toBeVisible();
  await page.getByText("Dados", { exact: true }).click();
  await expect(page.getByRole("row", { name: /fim da vigência/ })).toContainText("90 dias");
  await expect(page.getByText("convenios@sjc.sp.gov.br")).toBeVisible();

  await page.getByRole("tab", { name: "Usuários" }).click();
  await page.getByRole("button", { name: "Novo usuário" }).click();
  await expect(page.getByRole("heading", { name: "Novo usuário" })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Pessoa Repetida");
  await page.getByLabel("E-mail", { exact: true }).fill("usuario@demo.local");
  const save = page.getByRole("button", { name: "Salvar" });
  await save.click();
  // A manager gets the neutral answer (no telling whose e-mail exists); an ADMIN is told it is taken.
  await expect(page.locator(".ant-form-item").filter({ hasText: "E-mail" }).getByText("Este e-mail não pode ser usado. Confira o endereço ou fale com o administrador.")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Pessoa Repetida");
  await expect(save).toBeEnabled();
});

test("a USER cannot reach admin-only or manager-only screens and sees only itself in settings", async ({ page }) => {
  await signInAndWait(page, "usuario@demo.local");
  await expect(page.getByRole("menuitem", { name: "Clientes" })).toHaveCount(0);
  for (const path of ["/admin/companies", "/admin/companies/create", "/admin/companies/1/users", "/admin/settings/data/edit", "/admin/settings/users/create"]) {
    await page.goto(path);
    await expect(page.getByText("Você não tem permissão para ver esta página."), path).toBeVisible();
  }
  await page.goto("/admin/settings/users");
  await expect(page.getByRole("button", { name: "Novo usuário" })).toHaveCount(0);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").filter({ hasText: "usuario@demo.local" })).toBeVisible();
  await page.goto("/admin/settings/panel");
  await expect(page.getByText("Parametrização", { exact: true })).toHaveCount(0);
});

test("the admin's company switcher sets authComp, the settings follow it, and 'Todos os clientes' clears it", async ({ page }) => {
  await signInAndWait(page, "admin@demo.local");
  await choose(page, "Cliente ativo", "campi", /Campinas/);
  await expect(page).toHaveURL(/authComp=2_51885242000140/);
  await openSettings(page);
  await expect(page).toHaveURL(/\/admin\/settings\/data\?authComp=2_51885242000140/);
  await expect(page.getByText("Município de Campinas")).toBeVisible();
  await page.getByRole("tab", { name: "Usuários" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/users.*authComp=2_51885242000140/);
  await expect(page.getByRole("row").filter({ hasText: "usuario2@demo.local" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "gestor@demo.local" })).toHaveCount(0);

  await chooseOption(page.getByRole("combobox", { name: "Cliente ativo" }), "Todos os clientes");
  await expect(page).not.toHaveURL(/authComp/);
  await expect(page.getByText("Escolha um cliente no topo da página")).toBeVisible();

  // Choosing from the companies list works the same way.
  await page.goto("/admin/companies");
  await page.getByRole("button", { name: "Selecionar Belo Horizonte" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?authComp=3_18715383000140/);
  await expect(page.getByRole("banner")).toContainText("Belo Horizonte");
});

test("a person changes its name and photo in the profile, and the header shows them", async ({ page }) => {
  await signInAndWait(page, "usuario2@demo.local");
  await page.goto("/admin/profile");
  await expect(page).toHaveTitle(/^Perfil/);
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Ulisses Usuário");
  await page.locator('input[type="file"]').setInputFiles({ ...PNG_FILE, name: "foto.png" });
  await expect(page.getByText("Foto atualizada")).toBeVisible();
  await expect(page.getByRole("banner").locator("img")).toHaveAttribute("src", /\/api\/files\/avatars\//);
  await page.getByLabel("Nome", { exact: true }).fill("Ulisses Usuário Silva");
  await page.getByLabel("Nova senha", { exact: true }).fill("curta");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("A senha precisa ter pelo menos 8 caracteres.")).toBeVisible();
  await page.getByLabel("Nova senha", { exact: true }).fill("");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Alterações salvas")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Ulisses Usuário Silva")).toBeVisible();
});

test("removing a company with users asks again with what would go, then removes it all", async ({ page }) => {
  await signInAndWait(page, "admin@demo.local");
  const company = await page.request.post("/api/companies", { data: { cnpj: "27.865.757/0001-02", name: "Guarujá", ibgeCode: "3518701" } });
  expect(company.status()).toBe(201);
  const { id } = (await company.json()) as { id: number };
  const person = await page.request.post("/api/users", { data: { name: "Gilda Guarujá", email: `gilda.${Date.now()}@exemplo.gov.br`, companyId: id } });
  expect(person.status()).toBe(201);

  await page.goto("/admin/companies?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=Guaruj%C3%A1");
  const row = page.getByRole("row").filter({ hasText: "Guarujá" });
  await row.getByRole("button", { name: "Excluir Guarujá" }).click();
  const first = page.getByRole("dialog").filter({ hasText: "Você tem certeza?" });
  await first.getByRole("button", { name: "Sim remover" }).click();
  const second = page.getByRole("dialog").filter({ hasText: "Excluir cliente com usuários e dados?" });
  await expect(second).toContainText("O cliente Guarujá tem 1 usuário.");
  await second.getByRole("button", { name: "Sim remover" }).click();
  await expect(page.getByText("Cliente excluído")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/companies/${id}`)).status()).toBe(404);
});
