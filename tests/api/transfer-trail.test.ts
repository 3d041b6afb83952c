import { afterAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { startTestSmtp } from "../support/smtp";
import { accountabilityObligations, companies, impositionTransfers, lc210Notices, transferAccountEntries, transferFollowers } from "../../server/db/schema";
import { demoTrailTransfer } from "../../server/db/seed/account-trail";
import { TRAIL_NOTICE_JOB } from "../../server/transfer-trail/followers";
import type { AccountTrail } from "../../src/domain/account-trail";
import type { PublicTrail } from "../../src/domain/transfer-trail";

/**
 * "Siga a emenda" (issue 34 item 1): the public trail of an emenda matches the admin's account card,
 * keeps private what the law keeps private, and a citizen follows it by e-mail (double opt-in, one
 * notice per change, one-click unsubscribe).
 */

const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const api = demoApi({ env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: "https://transparencia.exemplo.gov.br" } });
const SLUG = "belo-horizonte";

async function demoEmenda() {
  const db = api.ctx.app.db;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, SLUG));
  const transfer = await demoTrailTransfer(db, company.id);
  return { companyId: company.id, ...transfer };
}

const trailUrl = (nr: string) => `/api/public/${SLUG}/imposition-transfers/${nr}/trail`;
const followUrl = (nr: string) => `/api/public/${SLUG}/imposition-transfers/${nr}/followers`;
const mailsTo = (address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`esperou demais por ${what}`);
}

/** Runs the notice job once, as its schedule would, and waits for it to end. */
async function runNoticeJob() {
  const { jobs } = api.ctx.app;
  const id = await jobs.enqueue(TRAIL_NOTICE_JOB, {});
  for (let i = 0; i < 400; i++) {
    const info = await jobs.state(TRAIL_NOTICE_JOB, id);
    if (info?.state === "succeeded") return;
    if (info?.state === "failed") throw new Error(info.error ?? "falhou");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("o job de avisos não terminou");
}

const tokenIn = (text: string, key: "confirmar" | "cancelar") => new RegExp(`[?&]${key}=([0-9a-z.]+)`).exec(text)?.[1];

describe("the public trail of an emenda", () => {
  it("shows the same figures as the admin's account card for the demo emenda whose statement the sync imported", async () => {
    const emenda = await demoEmenda();
    // The consultancy's ADMIN, acting in Belo Horizonte, reads the card the staff sees.
    const adminAnswer = await api.admin()({ method: "GET", url: `/api/imposition-transfers/${emenda.id}/account-trail`, headers: { "x-company-id": String(emenda.companyId) } });
    expect(adminAnswer.statusCode, adminAnswer.body).toBe(200);
    const admin = adminAnswer.json() as AccountTrail;
    const res = await api.anonymous()({ method: "GET", url: trailUrl(emenda.nrTransfer) });
    expect(res.statusCode).toBe(200);
    const trail = res.json() as PublicTrail;

    expect(trail.synced).toBe(true);
    expect(trail.suppliers.length).toBeGreaterThanOrEqual(3);
    expect(trail.balance).not.toBeNull();
    expect(trail.returns.length).toBeGreaterThan(0);
    for (const key of ["received", "paid", "interest", "returned", "returnedFines", "returnedInterest", "balance", "balanceDate"] as const) {
      expect(trail[key], key).toEqual(admin[key]);
    }
    expect(trail.suppliers.map((s) => [s.name, s.amount, s.lines])).toEqual(admin.suppliers.map((s) => [s.name, s.amount, s.lines]));
    expect(trail.entries.map((e) => [e.date, e.kind, e.amount])).toEqual(admin.entries.map((e) => [e.date, e.kind, e.amount]));
    expect(trail.returns.map((r) => r.total)).toEqual(admin.returns.map((r) => r.total));
    expect(trail.entryCount).toBe(admin.entries.length);
    expect(trail.source.name).toMatch(/Transferegov/);
    expect(trail.source.syncedAt).not.toBeNull();
    expect(trail.updatedAt).not.toBeNull();
    expect(trail.parliamentarianName).toBeTruthy();
    expect(trail.accountability.map((a) => a.kind)).toEqual(expect.arrayContaining(["ESPECIAL_PARCIAL", "ESPECIAL_FINAL"]));
  });

  it("shows a company's CNPJ in full and a person's CPF masked, and never the reconciliation or internal notes", async () => {
    const emenda = await demoEmenda();
    const res = await api.anonymous()({ method: "GET", url: trailUrl(emenda.nrTransfer) });
    const trail = res.json() as PublicTrail;
    const documents = trail.suppliers.map((s) => s.document);
    expect(documents).toContainEqual({ kind: "CNPJ", value: "12345678000195" });
    expect(documents).toContainEqual({ kind: "CPF", value: "***.456.789-**" });
    expect(res.body).not.toContain("12345678909");
    for (const hidden of ["matchStatus", "matchNote", "matchedPaymentId", "reconciliation", "internalNotes", "unexplained"]) expect(res.body).not.toContain(hidden);
  });

  it("answers 404 in pt-BR for a transfer that is not public, an unknown number and a malformed one", async () => {
    const emenda = await demoEmenda();
    const db = api.ctx.app.db;
    await db.update(impositionTransfers).set({ isPublic: false }).where(eq(impositionTransfers.id, emenda.id));
    try {
      const hidden = await api.anonymous()({ method: "GET", url: trailUrl(emenda.nrTransfer) });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe("Transferência não encontrada.");
      const follow = await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: { email: "cidada@exemplo.com.br" } });
      expect(follow.statusCode).toBe(404);
    } finally {
      await db.update(impositionTransfers).set({ isPublic: true }).where(eq(impositionTransfers.id, emenda.id));
    }
    expect((await api.anonymous()({ method: "GET", url: trailUrl("00000000-000000") })).statusCode).toBe(404);
    expect((await api.anonymous()({ method: "GET", url: trailUrl("abc") })).json().message).toBe("Transferência não encontrada.");
    expect((await api.anonymous()({ method: "GET", url: `/api/public/nao-existe/imposition-transfers/${emenda.nrTransfer}/trail` })).statusCode).toBe(404);
  });
});

describe("the LC 210 notice's proof", () => {
  it("links each proof the municipality attached and serves it as a download; a recipient without one is a 404", async () => {
    const emenda = await demoEmenda();
    const db = api.ctx.app.db;
    const [obligation] = await db
      .select({ id: accountabilityObligations.id })
      .from(accountabilityObligations)
      .where(and(eq(accountabilityObligations.impositionTransferId, emenda.id), eq(accountabilityObligations.kind, "LC210")));
    await db.delete(lc210Notices).where(eq(lc210Notices.obligationId, obligation.id));
    const storagePath = "accountability/teste/comprovante-lc210.pdf";
    await api.ctx.app.storage.files.create(storagePath, Buffer.from("%PDF-1.4 comprovante"));
    await db.insert(lc210Notices).values([
      { companyId: emenda.companyId, obligationId: obligation.id, recipient: "CAMARA", sentOn: "2026-03-02", protocol: "CM-1", proofPath: storagePath, proofName: "ofício à Câmara.pdf", proofType: "application/pdf" },
      { companyId: emenda.companyId, obligationId: obligation.id, recipient: "TCU", sentOn: "2026-03-03", protocol: "TCU-1" },
    ]);
    const trail = (await api.anonymous()({ method: "GET", url: trailUrl(emenda.nrTransfer) })).json() as PublicTrail;
    const camara = trail.lc210Notice?.recipients.find((r) => r.recipient === "CAMARA");
    expect(camara?.proofUrl).toBe(`/api/public/${SLUG}/imposition-transfers/${emenda.nrTransfer}/lc210-proofs/camara`);
    expect(trail.lc210Notice?.recipients.find((r) => r.recipient === "TCU")?.proofUrl).toBeNull();
    const proof = await api.anonymous()({ method: "GET", url: camara!.proofUrl! });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers["content-type"]).toBe("application/pdf");
    expect(proof.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(proof.body).toContain("comprovante");
    const none = await api.anonymous()({ method: "GET", url: `/api/public/${SLUG}/imposition-transfers/${emenda.nrTransfer}/lc210-proofs/tcu` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Comprovante não encontrado.");
  });
});

describe("following a transfer by e-mail", () => {
  it("confirms by the e-mailed link, sends one notice per change with a one-click unsubscribe, and nothing after leaving", async () => {
    const emenda = await demoEmenda();
    const email = "jornalista@exemplo.com.br";
    const asked = await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: { email: " Jornalista@Exemplo.com.br " } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toMatch(/e-mail de confirmação/);

    const confirmation = await waitFor(() => mailsTo(email)[0], "o e-mail de confirmação");
    expect(confirmation.subject).toContain(`transferência especial ${emenda.nrTransfer}`);
    expect(confirmation.text).toContain(`https://transparencia.exemplo.gov.br/transparency/${SLUG}/transactions-imposition/info/${emenda.nrTransfer}?confirmar=`);
    const confirmToken = tokenIn(confirmation.text ?? "", "confirmar")!;

    // Asked twice: no second e-mail (nobody can flood an address through the form).
    await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: { email } });
    // Before confirming, a change tells nobody.
    await runNoticeJob();
    expect(mailsTo(email)).toHaveLength(1);

    const confirmed = await api.anonymous()({ method: "POST", url: "/api/public/follows/confirm", payload: { token: confirmToken } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: expect.stringMatching(/Pronto/), slug: SLUG, nrTransfer: emenda.nrTransfer });
    // Confirming from the trail as it is: nothing to tell yet.
    await runNoticeJob();
    expect(mailsTo(email)).toHaveLength(1);

    const db = api.ctx.app.db;
    await db.insert(transferAccountEntries).values({
      companyId: emenda.companyId,
      impositionTransferId: emenda.id,
      accountKey: "teste",
      entryDate: "2026-05-04",
      operation: "C",
      kind: "INTEREST",
      amount: "12.34",
      description: "RENDIMENTO",
      source: "transferegov_especiais",
      externalId: "teste-follow-1",
    });
    await runNoticeJob();
    await runNoticeJob();
    const notices = await waitFor(() => (mailsTo(email).length >= 2 ? mailsTo(email).slice(1) : undefined), "o aviso");
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice.subject).toContain("Novidades");
    expect(notice.text).toContain("1 novo lançamento no extrato da conta específica.");
    const listUnsubscribe = notice.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "";
    expect(listUnsubscribe).toContain("https://transparencia.exemplo.gov.br/api/public/follows/unsubscribe?token=");
    expect(notice.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toMatch(/List-Unsubscribe=One-Click/);

    const oneClick = new URL(/<([^>]+)>/.exec(listUnsubscribe)![1]);
    // Opened in a browser, the address changes nothing by itself: it leads to the page that finishes it.
    const opened = await api.anonymous()({ method: "GET", url: `${oneClick.pathname}${oneClick.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/transparency/${SLUG}/transactions-imposition/info/${emenda.nrTransfer}?cancelar=${oneClick.searchParams.get("token")}`);
    expect(notice.text).toContain(`?cancelar=${oneClick.searchParams.get("token")}`);
    // The mail client's one-click unsubscribe: a form POST to the header's address.
    const left = await api.ctx.app.inject({
      method: "POST",
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toMatch(/não receberá mais/);
    const [row] = await db.select({ status: transferFollowers.status }).from(transferFollowers).where(and(eq(transferFollowers.impositionTransferId, emenda.id), eq(transferFollowers.email, email)));
    expect(row.status).toBe("UNSUBSCRIBED");

    await db.insert(transferAccountEntries).values({
      companyId: emenda.companyId,
      impositionTransferId: emenda.id,
      accountKey: "teste",
      entryDate: "2026-05-05",
      operation: "C",
      kind: "INTEREST",
      amount: "1.00",
      source: "transferegov_especiais",
      externalId: "teste-follow-2",
    });
    await runNoticeJob();
    expect(mailsTo(email)).toHaveLength(2);
    // The old confirmation link cannot revive it.
    expect((await api.anonymous()({ method: "POST", url: "/api/public/follows/confirm", payload: { token: confirmToken } })).statusCode).toBe(409);
  });

  it("refuses a bad e-mail and a bad or tampered link with a pt-BR 4xx", async () => {
    const emenda = await demoEmenda();
    const bad = await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: { email: "não é e-mail" } });
    // Body validation answers 422 with the field's pt-BR message, as every form of the product.
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toMatch(/Informe um e-mail válido/);
    const missing = await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json())).toMatch(/Informe o seu e-mail/);

    const garbage = await api.anonymous()({ method: "POST", url: "/api/public/follows/confirm", payload: { token: "abc" } });
    expect(garbage.statusCode).toBe(422);
    expect(JSON.stringify(garbage.json())).toMatch(/Link inválido: abra o link do e-mail novamente/);

    expect((await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: { email: "vereadora@exemplo.com.br" } })).statusCode).toBe(202);
    const mail = await waitFor(() => mailsTo("vereadora@exemplo.com.br")[0], "o e-mail de confirmação");
    const token = tokenIn(mail.text ?? "", "confirmar")!;
    const tampered = token.replace(/\.c\./, ".u.");
    expect((await api.anonymous()({ method: "POST", url: "/api/public/follows/confirm", payload: { token: tampered } })).statusCode).toBe(400);
    const forged = `${token.slice(0, -4)}0000`;
    expect((await api.anonymous()({ method: "POST", url: "/api/public/follows/confirm", payload: { token: forged } })).json().message).toBe("Link inválido: abra o link do e-mail novamente.");
    // A confirmation link is not an unsubscribe link.
    expect((await api.anonymous()({ method: "POST", url: `/api/public/follows/unsubscribe?token=${token}` })).statusCode).toBe(400);
  });

  it("limits the follow form per client, with the pt-BR answer of every limit", async () => {
    const emenda = await demoEmenda();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await api.anonymous()({ method: "POST", url: followUrl(emenda.nrTransfer), payload: { email: `pessoa${i}@exemplo.com.br` } }));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].json().message).toBe("Muitas tentativas. Aguarde um minuto e tente novamente.");
  });
});
