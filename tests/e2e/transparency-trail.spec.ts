import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";

/** "Siga a emenda" (issue 34): a citizen reads where an emenda's money went and follows it by e-mail. */

const SLUG = "belo-horizonte";
const inbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2100}/api/email`;

/** The demo emenda whose bank statement the sync imported. */
async function syncedEmenda(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get(`/api/public/${SLUG}/imposition-transfers?_end=100&_sort=nrTransfer&_order=asc`)).json()) as { nrTransfer: string }[];
  for (const { nrTransfer } of list) {
    const trail = (await (await request.get(`/api/public/${SLUG}/imposition-transfers/${nrTransfer}/trail`)).json()) as { synced?: boolean };
    if (trail.synced) return nrTransfer;
  }
  throw new Error("nenhuma emenda com extrato importado no seed");
}

test("a citizen reads the suppliers paid as a table with its caption and headers, a person's CPF masked", async ({ page }) => {
  const nr = await syncedEmenda(page.request);
  const response = await page.goto(`/transparency/${SLUG}/transactions-imposition/info/${nr}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Siga a emenda: o caminho do dinheiro" })).toBeVisible();
  await expect(page.getByText(/Fonte: Transferegov\.br/)).toBeVisible();
  await expect(page.getByText(/Atualizado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)).toBeVisible();

  const suppliers = page.getByRole("table", { name: `Fornecedores pagos com o dinheiro da transferência especial ${nr}` });
  await expect(suppliers.getByRole("columnheader")).toHaveText(["Fornecedor", "CNPJ / CPF", "Pagamentos", "Valor pago"]);
  await expect(suppliers.getByRole("rowheader", { name: "CONSTRUTORA VALE DO PARAÍBA LTDA" })).toBeVisible();
  await expect(suppliers.getByRole("row", { name: /CONSTRUTORA VALE DO PARAÍBA/ })).toContainText("12.345.678/0001-95");
  await expect(suppliers.getByRole("row", { name: /MARIA APARECIDA DOS SANTOS/ })).toContainText("***.456.789-**");
  await expect(page.getByRole("table", { name: `Cada crédito e débito da conta da transferência especial ${nr}` }).getByRole("row")).toHaveCount(6);
  await expect(page.getByRole("table", { name: `Devoluções de recursos da transferência especial ${nr}` })).toContainText("Rendimentos");
  await expect(page.getByRole("definition").filter({ hasText: /^R\$ / }).first()).toBeVisible();
  await expectAccessible(page);
});

test("a citizen follows a transfer: a wrong address is refused in pt-BR, the confirmation e-mail arrives and its link confirms", async ({ page }) => {
  const nr = await syncedEmenda(page.request);
  await page.goto(`/transparency/${SLUG}/transactions-imposition/info/${nr}`);
  const follow = page.getByRole("region", { name: "Acompanhe por e-mail" });
  const email = follow.getByRole("textbox", { name: "Seu e-mail" });
  const status = follow.getByRole("status");

  await email.fill("sem-arroba");
  await follow.getByRole("button", { name: "Seguir esta transferência" }).click();
  await expect(status).toHaveText(/Informe um e-mail válido/);

  const address = `cidada.${Date.now()}@exemplo.com.br`;
  await email.fill(address);
  await follow.getByRole("button", { name: "Seguir esta transferência" }).click();
  await expect(status).toHaveText(/Enviamos um e-mail de confirmação/);
  await expectAccessible(page);

  let link = "";
  await expect
    .poll(async () => {
      const mails = (await (await fetch(inbox)).json()) as { text: string; to: { address: string }[] }[];
      link = /https?:\/\/\S+\?confirmar=\S+/.exec(mails.find((m) => m.to.some((t) => t.address === address))?.text ?? "")?.[0] ?? "";
      return link;
    })
    .toContain("?confirmar=");
  const target = new URL(link);
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page.getByRole("region", { name: "Acompanhe por e-mail" }).getByRole("status")).toHaveText(/Pronto: você receberá um e-mail/);
  // The token leaves the address bar once used.
  await expect(page).toHaveURL(new RegExp(`/info/${nr}$`));
});
