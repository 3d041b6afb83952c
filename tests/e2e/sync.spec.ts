import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAndWait } from "./support/auth";

const SJC_CNPJ = "46643466000106";
/** The first action plan of São José dos Campos in the recorded Transferegov answers (tests/support/transferegov). */
const FIRST_PLAN = "09032024-079701";

/** The transfer kinds a Transferegov run writes (their payments go with them when they are removed). */
const SYNCED = ["imposition-transfers", "fund-to-fund-transfers"] as const;

async function idsOf(request: APIRequestContext, resource: string, headers: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; ; start += 100) {
    const answer = await request.get(`/api/${resource}?_start=${start}&_end=${start + 100}&_sort=id&_order=asc`, { headers });
    expect(answer.ok(), await answer.text()).toBe(true);
    const page = (await answer.json()) as { id: number }[];
    ids.push(...page.map((row) => row.id));
    if (page.length < 100) return ids;
  }
}

let before: Record<(typeof SYNCED)[number], number[]> | undefined;
let tenant: Record<string, string> = {};

/** The run writes real rows into São José dos Campos, which other suites count: take them out again. */
test.afterEach(async ({ page }) => {
  if (!before) return;
  const origin = new URL(page.url()).origin;
  for (const resource of SYNCED) {
    const kept = new Set(before[resource]);
    for (const id of await idsOf(page.request, resource, tenant)) {
      if (kept.has(id)) continue;
      const removed = await page.request.delete(`/api/${resource}/${id}`, { headers: { ...tenant, origin } });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
  }
});

test("an admin presses 'Sincronizar agora' for a client, follows the run and finds its emendas PIX in the transfers list", async ({ page }) => {
  await signInAndWait(page, "admin@demo.local");
  const company = (await (await page.request.get(`/api/companies/cnpj/${SJC_CNPJ}`)).json()) as { id: number };
  tenant = { "x-company-id": String(company.id), "x-company-cnpj": SJC_CNPJ };
  before = { "imposition-transfers": await idsOf(page.request, "imposition-transfers", tenant), "fund-to-fund-transfers": await idsOf(page.request, "fund-to-fund-transfers", tenant) };

  // Before: only the 40 demo transfers, none of the source.
  await page.goto(`/admin/transactions-imposition?authComp=${company.id}_${SJC_CNPJ}`);
  await expect(page.getByTestId("total-count")).toContainText("40");

  await page.goto(`/admin/companies/${company.id}/sync`);
  await expect(page.getByRole("tab", { name: "Sincronização", selected: true })).toBeVisible();
  await expect(page.getByText("Nenhuma sincronização ainda.")).toBeVisible();
  // The source's freshness comes from each module's data-atualizacao.
  await expect(page.getByText("03/08/2026 06:12")).toBeVisible();

  await page.getByRole("button", { name: "Sincronizar agora" }).click();
  const lastRun = page.getByTestId("sync-run-transferegov").first();
  await expect(lastRun.getByText("Concluída")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Sincronização concluída.")).toBeVisible();
  // 205 plans, 3 fundo a fundo plans and their empenhos and ordens bancárias are new.
  await expect(lastRun.getByText(/^Novos: \d/)).toBeVisible();
  const created = Number((await lastRun.getByText(/^Novos: /).innerText()).replace(/\D/g, ""));
  expect(created).toBeGreaterThan(208);

  await page.goto(`/admin/transactions-imposition?authComp=${company.id}_${SJC_CNPJ}`);
  await expect(page.getByTestId("total-count")).toContainText("245");
  await page.getByPlaceholder("Buscar por código, parlamentar, objeto, programa...").fill(FIRST_PLAN);
  await page.getByRole("button", { name: "Filtrar" }).click();
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link", { name: FIRST_PLAN }).click();
  await expect(page.getByRole("heading", { name: `Transferência ${FIRST_PLAN}` })).toBeVisible();
});
