import { expect, test, type Page } from "@playwright/test";
import { signedInPage } from "./support/auth";

const NOTES = "Observações internas";

/** The notes field of the edit form, once the record has filled it. */
const notes = (page: Page) => page.getByLabel(NOTES, { exact: true });

async function openEdit(page: Page, nr: string) {
  await page.goto(`/admin/transactions-imposition/edit/${encodeURIComponent(nr)}`);
  await expect(page.getByRole("heading", { name: `Editar transferência ${nr}` })).toBeVisible();
  await expect(notes(page)).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Salvar" }).click();
}

test("two people edit the same transfer: the second save is told someone else changed it, and Recarregar brings the fresh values", async ({ browser, baseURL }) => {
  // Two windows of the transfer's municipality, each with the edit form of the same transfer.
  const first = await signedInPage(browser, "gestor@demo.local");
  const second = await signedInPage(browser, "gestor@demo.local");
  await first.goto("/admin/transactions-imposition");
  const nr = (await first.locator(".ant-table-tbody tr.ant-table-row a").first().innerText()).trim();
  const before = await first.request.get(`/api/imposition-transfers/nr/${encodeURIComponent(nr)}`);
  expect(before.ok()).toBe(true);
  const original = (await before.json()) as { id: number; internalNotes: string | null; version: number };

  try {
    await openEdit(first, nr);
    await openEdit(second, nr);
    const stamp = Date.now();
    const firstNotes = `Conferido com o gabinete (${stamp}).`;
    const secondNotes = `Aguardando o plano de trabalho (${stamp}).`;

    // The first person saves: back on the transfer's page, with the new notes.
    await notes(first).fill(firstNotes);
    await save(first);
    await expect(first).toHaveURL(new RegExp(`/info/${nr}$`));
    await expect(first.getByText(firstNotes)).toBeVisible();

    // The second one, still on the older record, is told and keeps their typing until they reload.
    await notes(second).fill(secondNotes);
    await save(second);
    const notice = second.getByRole("alert").filter({ hasText: "Outra pessoa alterou este registro depois que você o abriu." });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Ao recarregar, as alterações que você fez aqui são descartadas.");
    await expect(second).toHaveURL(/\/edit\//);
    await expect(notes(second)).toHaveValue(secondNotes);

    // Nothing was overwritten on the server.
    const kept = (await (await second.request.get(`/api/imposition-transfers/nr/${encodeURIComponent(nr)}`)).json()) as { internalNotes: string; version: number };
    expect(kept.internalNotes).toBe(firstNotes);
    expect(kept.version).toBe(original.version + 1);

    // Recarregar: the form shows the record as it now is, the notice goes away, and a save now goes through.
    await notice.getByRole("button", { name: "Recarregar" }).click();
    await expect(notes(second)).toHaveValue(firstNotes);
    await expect(notice).toBeHidden();
    await notes(second).fill(secondNotes);
    await save(second);
    await expect(second).toHaveURL(new RegExp(`/info/${nr}$`));
    await expect(second.getByText(secondNotes)).toBeVisible();
    const saved = (await (await second.request.get(`/api/imposition-transfers/nr/${encodeURIComponent(nr)}`)).json()) as { internalNotes: string; version: number };
    expect(saved).toMatchObject({ internalNotes: secondNotes, version: original.version + 2 });
  } finally {
    // The demo data is shared by the later files of the run: the notes go back to what they were.
    const restored = await first.request.patch(`/api/imposition-transfers/${original.id}`, {
      headers: { origin: baseURL! },
      data: { internalNotes: original.internalNotes },
    });
    expect(restored.ok()).toBe(true);
    await first.context().close();
    await second.context().close();
  }
});
