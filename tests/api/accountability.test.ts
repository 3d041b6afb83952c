import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { demoApi, upload } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { PDF_BYTES } from "../support/documents";
import { startTestSmtp } from "../support/smtp";
import { checklistResource, lc210NoticeResource } from "../../server/accountability/routes";
import { accountabilityObligations, companies, digestRuns, impositionTransfers, lc210Notices, users, voluntaryTransfers } from "../../server/db/schema";
import { LC210_RECIPIENTS, addDays, type Obligation } from "../../src/domain/accountability";
import { runDigest, smtpMailer } from "../../server/deadlines/digest";
import type { DeadlineCenter } from "../../src/domain/deadlines";

const smtp = await startTestSmtp();
const api = demoApi({ env: { SMTP_URL: smtp.url, MAIL_FROM: "SOL Transferências <prazos@sol.test>", PUBLIC_ORIGIN: "https://sol.example.gov.br" } });
afterAll(() => smtp.close());

const db = () => api.ctx.database.db;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function managerCompany(): Promise<number> {
  const [row] = await db().select({ companyId: users.companyId }).from(users).where(eq(users.email, "gestor@demo.local"));
  return row.companyId!;
}

/** An obligation of the company of a kind (optionally with no notice yet for one recipient). */
async function obligationOf(companyId: number, kind: Obligation["kind"]) {
  const [row] = await db().select().from(accountabilityObligations).where(and(eq(accountabilityObligations.companyId, companyId), eq(accountabilityObligations.kind, kind))).limit(1);
  return row;
}

/** Every (LC 210 obligation, recipient) pair with nothing recorded yet, so each contract create is a new notice. */
const freePairs = new Map<number, { obligationId: number; recipient: string }[]>();
async function nextFreePair(companyId: number) {
  if (!freePairs.has(companyId)) {
    // Room for the contract's notices: four emendas whose notices are removed first.
    await db().execute(sql`delete from lc210_notices where obligation_id in (select id from accountability_obligations where company_id = ${companyId} and kind = 'LC210' order by id limit 4)`);
    const rows = (await db().execute(sql`
      select o.id as "obligationId", r.recipient from accountability_obligations o cross join (values ('CAMARA'), ('TCU'), ('TCE')) r(recipient)
      where o.company_id = ${companyId} and o.kind = 'LC210'
        and not exists (select 1 from lc210_notices n where n.obligation_id = o.id and n.recipient::text = r.recipient)
      order by o.id desc, r.recipient`)) as unknown as { rows: { obligationId: number; recipient: string }[] };
    freePairs.set(companyId, rows.rows);
  }
  const pair = freePairs.get(companyId)!.shift();
  if (!pair) throw new Error("sem pares livres de comunicação LC 210");
  return pair;
}

describeResourceContract(checklistResource, {
  api,
  validCreate: async (companyId) => ({ obligationId: (await obligationOf(companyId!, "CONVENIO")).id, label: "Declaração de guarda dos documentos", done: false }),
  invalid: { body: { obligationId: 1, label: "" }, field: "label" },
  patch: { done: true },
  derived: ["doneByName", "doneAt"],
});

describeResourceContract(lc210NoticeResource, {
  api,
  validCreate: async (companyId) => ({ ...(await nextFreePair(companyId!)), sentOn: "2026-10-01", protocol: "PROT-2026-1", recipientName: "Destinatário" }),
  invalid: { body: { obligationId: 1, recipient: "PREFEITO", sentOn: "2026-10-01" }, field: "recipient" },
  patch: { protocol: "PROT-ALTERADO" },
});

describe("accountability obligations", () => {
  let companyId: number;
  beforeAll(async () => {
    companyId = await managerCompany();
  });

  it("computes one obligation per convênio due on DIA_LIMITE_PREST_CONTAS and one LC 210 notice per emenda due 30 days after acceptance or first receipt", async () => {
    const res = await (await api.user())({ method: "GET", url: "/api/accountability-obligations?_start=0&_end=200" });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Obligation[];
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["CONVENIO", "ESPECIAL_PARCIAL", "ESPECIAL_FINAL", "FUNDO_PARCIAL", "FUNDO_FINAL", "LC210"]));
    expect(Number(res.headers["x-total-count"])).toBeGreaterThan(100);
    // Independent SQL: the convênio's deadline and the emenda's 30 days.
    const expected = (await db().execute(sql`
      select 'CONVENIO' as kind, v.nr_transfer as key, v.accountability_deadline::text as due from voluntary_transfers v
        where v.company_id = ${companyId} and v.status not in ('PROPOSTA_APROVADA', 'ANULADO', 'CANCELADO')
      union all
      select 'LC210', t.nr_transfer, (least(t.accepted_at, (select min(p.payment_date) from transaction_payments p where p.imposition_transfer_id = t.id and p.kind = 'BANK_ORDER' and p.status = 'EFETIVADO')) + 30)::text
        from imposition_transfers t where t.company_id = ${companyId} and t.situation <> 'CANCELADO'
          and (t.accepted_at is not null or exists (select 1 from transaction_payments p where p.imposition_transfer_id = t.id and p.kind = 'BANK_ORDER' and p.status = 'EFETIVADO'))`)) as unknown as { rows: { kind: string; key: string; due: string | null }[] };
    const all = (await (await api.user())({ method: "GET", url: "/api/accountability-obligations?kind=CONVENIO&_start=0&_end=200" })).json() as Obligation[];
    const lc = (await (await api.user())({ method: "GET", url: "/api/accountability-obligations?kind=LC210&_start=0&_end=200" })).json() as Obligation[];
    const got = [...all, ...lc].map((r) => ({ kind: r.kind, key: r.transferKey, due: r.dueDate })).sort((a, b) => `${a.kind}${a.key}`.localeCompare(`${b.kind}${b.key}`));
    expect(got).toEqual(expected.rows.sort((a, b) => `${a.kind}${a.key}`.localeCompare(`${b.kind}${b.key}`)));
    expect(rows.every((r) => r.checklistTotal > 0)).toBe(true);
  });

  it("lets a MANAGER set status, due date, responsible and notes, and refuses what does not fit with a pt-BR 4xx", async () => {
    const manager = await api.manager();
    const ob = await obligationOf(companyId, "CONVENIO");
    const [person] = await db().select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, companyId), eq(users.email, "usuario@demo.local")));
    const ok = await manager({ method: "PATCH", url: `/api/accountability-obligations/${ob.id}`, payload: { status: "ENVIADA", dueDate: "2027-01-31", responsibleUserId: person.id, notes: "Enviada pelo Transferegov.", version: ob.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: "ENVIADA", dueDate: "2027-01-31", dueDateManual: true, responsibleName: person.name, notes: "Enviada pelo Transferegov." });
    // A new computation (the convênio's next write) keeps the due date typed by hand.
    const recomputed = await manager({ method: "PATCH", url: `/api/voluntary-transfers/${ob.voluntaryTransferId}`, payload: { internalNotes: "Conferido." } });
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    expect((await manager({ method: "GET", url: `/api/accountability-obligations/${ob.id}` })).json().dueDate).toBe("2027-01-31");

    const refusals: [unknown, number, RegExp][] = [
      [{ status: "DISPONIBILIZADO" }, 422, /Situação inválida para este tipo/],
      [{ status: "QUALQUER" }, 422, /Situação inválida/],
      [{ dueDate: "2027-02-30" }, 422, /use uma data válida/],
      [{ responsibleUserId: 999_999 }, 422, /usuário ativo desta prefeitura/],
      [{ kind: "LC210" }, 422, /./],
      [{ notes: "x", version: ob.version }, 409, /alterado por outra pessoa/],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await manager({ method: "PATCH", url: `/api/accountability-obligations/${ob.id}`, payload: payload as Record<string, unknown> });
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.body).toMatch(message);
    }
    const otherUser = await db().select({ id: users.id }).from(users).where(eq(users.email, "usuario2@demo.local"));
    const foreign = await manager({ method: "PATCH", url: `/api/accountability-obligations/${ob.id}`, payload: { responsibleUserId: otherUser[0].id } });
    expect(foreign.statusCode).toBe(422);
    const lc = await obligationOf(companyId, "LC210");
    const lcStatus = await manager({ method: "PATCH", url: `/api/accountability-obligations/${lc.id}`, payload: { status: "COMUNICADA" } });
    expect(lcStatus.statusCode).toBe(422);
    expect(lcStatus.json().message).toMatch(/segue os envios registrados/);
    const byUser = await (await api.user())({ method: "PATCH", url: `/api/accountability-obligations/${ob.id}`, payload: { notes: "Tentativa" } });
    expect(byUser.statusCode).toBe(403);
    const byOtherCompany = await (await api.otherUser())({ method: "GET", url: `/api/accountability-obligations/${ob.id}` });
    expect(byOtherCompany.statusCode).toBe(404);
  });

  it("lets a USER tick a checklist document and attach its file, but nothing else; the file is downloaded only by its company", async () => {
    const user = await api.user();
    const ob = await obligationOf(companyId, "ESPECIAL_FINAL");
    const items = (await user({ method: "GET", url: `/api/accountability-checklist-items?obligationId=${ob.id}` })).json() as { id: number; version: number; label: string }[];
    expect(items.length).toBeGreaterThan(1);
    const storagePath = await upload(api.ctx.app, api.cookies.user, "accountability", "application/pdf", PDF_BYTES);
    const res = await user({ method: "PATCH", url: `/api/accountability-checklist-items/${items[0].id}`, payload: { done: true, filePath: storagePath, fileName: "extrato-conta.pdf", version: items[0].version } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: true, fileName: "extrato-conta.pdf", fileType: "application/pdf", doneByName: expect.any(String) });
    const file = await user({ method: "GET", url: `/api/accountability-checklist-items/${items[0].id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/attachment/);
    expect((await (await api.otherUser())({ method: "GET", url: `/api/accountability-checklist-items/${items[0].id}/file` })).statusCode).toBe(404);

    const label = await user({ method: "PATCH", url: `/api/accountability-checklist-items/${items[1].id}`, payload: { label: "Outro documento" } });
    expect(label.statusCode).toBe(403);
    expect(label.json().message).toMatch(/marcar os documentos/);
    const add = await user({ method: "POST", url: "/api/accountability-checklist-items", payload: { obligationId: ob.id, label: "Novo" } });
    expect(add.statusCode).toBe(403);
    const notMine = await user({ method: "PATCH", url: `/api/accountability-checklist-items/${items[1].id}`, payload: { done: true, filePath: "accountability/999/00000000-0000-4000-8000-000000000000.pdf", fileName: "x.pdf" } });
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().message).toMatch(/Arquivo não encontrado/);
    const noName = await user({ method: "PATCH", url: `/api/accountability-checklist-items/${items[1].id}`, payload: { filePath: storagePath } });
    expect(noName.statusCode).toBe(422);
  });

  it("records the LC 210 notice per recipient: the obligation leaves pendente, becomes comunicada with all three, and the emenda keeps the Câmara's date", async () => {
    const manager = await api.manager();
    // An emenda nobody was told of yet (the contract above recorded notices on the seeded pending ones).
    const seeded = await obligationOf(companyId, "LC210");
    await db().delete(lc210Notices).where(eq(lc210Notices.obligationId, seeded.id));
    await db().update(accountabilityObligations).set({ status: "PENDENTE" }).where(eq(accountabilityObligations.id, seeded.id));
    const pending = (await manager({ method: "GET", url: "/api/accountability-obligations?kind=LC210&status=PENDENTE" })).json() as Obligation[];
    const ob = pending.find((row) => row.id === seeded.id)!;
    expect(ob).toBeDefined();
    const proof = await upload(api.ctx.app, api.cookies.manager, "accountability", "application/pdf", PDF_BYTES);
    const first = await manager({ method: "POST", url: "/api/lc210-notices", payload: { obligationId: ob.id, recipient: "CAMARA", recipientName: "Câmara Municipal", sentOn: "2026-11-02", protocol: "CM-2026/00912", proofPath: proof, proofName: "oficio-camara.pdf" } });
    expect(first.statusCode, first.body).toBe(201);
    expect((await manager({ method: "GET", url: `/api/accountability-obligations/${ob.id}` })).json().status).toBe("PARCIAL");
    const [transfer] = await db().select({ at: impositionTransfers.legislativeNotifiedAt }).from(impositionTransfers).where(eq(impositionTransfers.nrTransfer, ob.transferKey));
    expect(transfer.at).toBe("2026-11-02");
    const proofFile = await manager({ method: "GET", url: `/api/lc210-notices/${first.json().id}/proof` });
    expect(proofFile.statusCode).toBe(200);

    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ obligationId: ob.id, recipient: "CAMARA", sentOn: "2026-11-03" }, 409, /já tem o envio registrado/],
      [{ obligationId: ob.id, recipient: "TCU", sentOn: "2199-01-01" }, 422, /não pode estar no futuro/],
      [{ obligationId: ob.id, recipient: "TCU", sentOn: "01/11/2026" }, 422, /use uma data válida/],
      [{ obligationId: ob.id, recipient: "TCU", sentOn: "1999-12-31" }, 422, /A data de envio: use uma data a partir de 01\/01\/2000/],
      [{ obligationId: (await obligationOf(ob.companyId, "CONVENIO")).id, recipient: "TCU", sentOn: "2026-11-01" }, 422, /só se registram na obrigação de comunicação/],
      [{ obligationId: 2_000_000_000, recipient: "TCU", sentOn: "2026-11-01" }, 404, /não encontrada/],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await manager({ method: "POST", url: "/api/lc210-notices", payload });
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.body).toMatch(message);
    }
    expect((await (await api.user())({ method: "POST", url: "/api/lc210-notices", payload: { obligationId: ob.id, recipient: "TCU", sentOn: "2026-11-01" } })).statusCode).toBe(403);

    for (const recipient of LC210_RECIPIENTS.filter((r) => r !== "CAMARA")) {
      const res = await manager({ method: "POST", url: "/api/lc210-notices", payload: { obligationId: ob.id, recipient, sentOn: "2026-11-03", protocol: `${recipient}-1` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await manager({ method: "GET", url: `/api/accountability-obligations/${ob.id}` })).json().status).toBe("COMUNICADA");
    // Removing one brings it back to partly told.
    const [tcu] = await db().select({ id: lc210Notices.id }).from(lc210Notices).where(and(eq(lc210Notices.obligationId, ob.id), eq(lc210Notices.recipient, "TCU")));
    expect((await manager({ method: "DELETE", url: `/api/lc210-notices/${tcu.id}` })).statusCode).toBe(200);
    expect((await manager({ method: "GET", url: `/api/accountability-obligations/${ob.id}` })).json().status).toBe("PARCIAL");
  });
});

describe("deadline center and digest", () => {
  let companyId: number;
  beforeAll(async () => {
    companyId = await managerCompany();
  });

  async function center(): Promise<DeadlineCenter> {
    const res = await (await api.manager())({ method: "GET", url: "/api/deadlines" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("lists each kind within the company's lead time, overdue obligations first, and follows a change of the parametrization", async () => {
    const c = await center();
    expect(c.alertDays).toEqual({ validityAlertDays: 60, accountabilityAlertDays: 30, caucAlertDays: 15 });
    const kinds = new Set(c.items.map((i) => i.kind));
    for (const kind of ["validity", "lc210", "cauc", "program", "alert"]) expect(kinds, kind).toContain(kind);
    const limit = { validity: 60, suspensive: 60, program: 60, accountability: 30, lc210: 30, cauc: 15, "municipal-amendment": 60, impediment: 60, "sync-source": 0 } as Record<string, number>;
    for (const item of c.items) {
      if (item.kind !== "alert") expect(item.daysLeft!, item.key).toBeLessThanOrEqual(limit[item.kind]);
      // A source not read since a past day is overdue by nature; so is an impediment date that passed.
      if (item.overdue) expect(["accountability", "lc210", "municipal-amendment", "sync-source", "impediment"]).toContain(item.kind);
    }
    const firstOnTime = c.items.findIndex((i) => !i.overdue);
    expect(c.items.slice(firstOnTime).some((i) => i.overdue)).toBe(false);
    // A shorter lead time leaves out what is further away.
    const [company] = await db().select({ parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
    await db().update(companies).set({ parametrization: { ...company.parametrization, validityAlertDays: 5, caucAlertDays: 1 } }).where(eq(companies.id, companyId));
    const shorter = await center();
    expect(shorter.items.filter((i) => i.kind === "validity" || i.kind === "program").every((i) => i.daysLeft! <= 5)).toBe(true);
    expect(shorter.items.filter((i) => i.kind === "cauc").every((i) => i.daysLeft! <= 1)).toBe(true);
    await db().update(companies).set({ parametrization: company.parametrization }).where(eq(companies.id, companyId));
    // An ADMIN without a chosen company gets an empty center; with one, that company's.
    expect((await (await api.admin())({ method: "GET", url: "/api/deadlines" })).json()).toMatchObject({ companyId: null, items: [] });
    expect((await (await api.admin())({ method: "GET", url: "/api/deadlines", headers: { "x-company-id": String(companyId) } })).json().items.length).toBe((await center()).items.length);
  });

  it("shows a USER their own company's center only, and refuses another company's header", async () => {
    const own = await (await api.otherUser())({ method: "GET", url: "/api/deadlines" });
    expect(own.statusCode).toBe(200);
    expect(own.json().companyId).not.toBe(companyId);
    const forged = await (await api.otherUser())({ method: "GET", url: "/api/deadlines", headers: { "x-company-id": String(companyId) } });
    expect(forged.statusCode).toBe(403);
  });

  async function sendNow(id: number) {
    const res = await (await api.admin())({ method: "POST", url: `/api/companies/${id}/digest` });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().jobId as string;
    for (let i = 0; i < 200; i++) {
      const state = await api.ctx.app.jobs.state("deadline-digest", jobId);
      if (state?.state === "succeeded" || state?.state === "failed") return state;
      await sleep(50);
    }
    throw new Error("o resumo não terminou");
  }

  it("e-mails the digest in pt-BR (HTML and text, a link to each item) to the alert e-mails, then only what is new or changed", async () => {
    const before = smtp.messages.length;
    expect((await sendNow(companyId)).state).toBe("succeeded");
    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.envelopeTo.sort()).toEqual(["gestor@demo.local", "prestacao.contas@sjc.sp.gov.br"]);
    expect(mail.from?.text).toMatch(/prazos@sol\.test/);
    expect(mail.subject).toMatch(/^SOL Transferências: \d+ prazos novos ou alterados — São José dos Campos/);
    const { items, today } = await center();
    const [cnpj] = await db().select({ cnpj: companies.cnpj }).from(companies).where(eq(companies.id, companyId));
    for (const item of items) {
      const link = `https://sol.example.gov.br${item.path}?authComp=${companyId}_${cnpj.cnpj}`;
      expect(mail.text, item.key).toContain(link);
      expect(mail.html, item.key).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    }
    expect(mail.text).toContain("Resumo de prazos de São José dos Campos");
    expect(mail.text).toMatch(/atrasado há \d+ dias?/);
    expect(mail.html).toContain('<html lang="pt-BR">');

    // Nothing changed: no e-mail, and the run says so.
    expect((await sendNow(companyId)).state).toBe("succeeded");
    expect(smtp.messages.length).toBe(before + 1);
    const [last] = await db().select().from(digestRuns).where(eq(digestRuns.companyId, companyId)).orderBy(sql`${digestRuns.id} desc`).limit(1);
    expect(last).toMatchObject({ status: "NOTHING_NEW", trigger: "MANUAL" });

    // One obligation changes its due date: the next digest lists only it.
    const changed = items.find((i) => i.kind === "lc210")!;
    const id = Number(changed.key.split(":")[1]);
    const moved = await (await api.manager())({ method: "PATCH", url: `/api/accountability-obligations/${id}`, payload: { dueDate: addDays(today, 5) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await sendNow(companyId)).state).toBe("succeeded");
    expect(smtp.messages.length).toBe(before + 2);
    expect(smtp.messages.at(-1)!.subject).toMatch(/1 prazo novo ou alterado/);
    expect(smtp.messages.at(-1)!.text).toContain(`/admin/accountability/${id}?`);

    const runs = await (await api.admin())({ method: "GET", url: `/api/companies/${companyId}/digest-runs` });
    expect(runs.json().map((r: { status: string }) => r.status).slice(0, 3)).toEqual(["SENT", "NOTHING_NEW", "SENT"]);
  });

  it("refuses to send the digest to a MANAGER or USER, for an unknown company, without alert e-mails, and without SMTP", async () => {
    const url = (id: number) => `/api/companies/${id}/digest`;
    expect((await (await api.manager())({ method: "POST", url: url(companyId) })).statusCode).toBe(403);
    expect((await (await api.user())({ method: "POST", url: url(companyId) })).statusCode).toBe(403);
    expect((await (await api.anonymous())({ method: "POST", url: url(companyId) })).statusCode).toBe(401);
    const unknown = await (await api.admin())({ method: "POST", url: url(999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Cliente não encontrado.");
    expect((await (await api.admin())({ method: "POST", url: "/api/companies/abc/digest" })).statusCode).toBe(422);
    const [silent] = await db().select({ id: companies.id }).from(companies).where(eq(companies.slug, "belo-horizonte"));
    const none = await (await api.admin())({ method: "POST", url: url(silent.id) });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/Cadastre ao menos um e-mail de alerta/);
    const config = api.ctx.app.config.mail;
    const saved = config.smtpUrl;
    config.smtpUrl = undefined;
    try {
      const off = await (await api.admin())({ method: "POST", url: url(companyId) });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toMatch(/SMTP_URL/);
    } finally {
      config.smtpUrl = saved;
    }
    expect((await (await api.manager())({ method: "GET", url: `/api/companies/${companyId}/digest-runs` })).statusCode).toBe(403);
  });

  it("records a failed delivery when the SMTP server refuses it, and sends it again next time", async () => {
    // Something changed (a due date moved into the window), but the SMTP server is not there (a closed port).
    const { today } = await center();
    const ob = (await (await api.manager())({ method: "GET", url: "/api/accountability-obligations?kind=ESPECIAL_FINAL&status=PENDENTE&_end=1" })).json()[0] as Obligation;
    await db().update(accountabilityObligations).set({ dueDate: addDays(today, 3), dueDateManual: true }).where(eq(accountabilityObligations.id, ob.id));
    const closed = smtpMailer("smtp://127.0.0.1:1");
    await expect(runDigest({ db: db(), mailer: closed, from: "x@y.z", origin: "https://sol.example.gov.br", now: Date.now() }, companyId, "MANUAL")).rejects.toThrow();
    closed.close();
    const [failed] = await db().select().from(digestRuns).where(eq(digestRuns.companyId, companyId)).orderBy(sql`${digestRuns.id} desc`).limit(1);
    expect(failed.status).toBe("FAILED");
    expect(failed.error).toBeTruthy();
    const before = smtp.messages.length;
    expect((await sendNow(companyId)).state).toBe("succeeded");
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.messages.at(-1)!.text).toContain(`/admin/accountability/${ob.id}?`);
  });
});

describe("obligations follow the writes of transfers and payments; reading them never writes", () => {
  const snapshot = async () =>
    ((await db().execute(sql`select count(*)::int as n, sum(version)::int as versions, max(updated_at)::text as at from accountability_obligations`)) as unknown as { rows: unknown[] }).rows[0];
  const obligationsOf = (column: typeof accountabilityObligations.voluntaryTransferId | typeof accountabilityObligations.impositionTransferId, id: number) => db().select().from(accountabilityObligations).where(eq(column, id));

  it("creates a convênio's obligation with its checklist when the convênio is saved, and moves its due date on the convênio's next write", async () => {
    const manager = await api.manager();
    const created = await manager({
      method: "POST",
      url: "/api/voluntary-transfers",
      payload: { nrTransfer: "998871", year: 2026, modality: "CONVENIO", status: "EM_EXECUCAO", object: "Reforma da praça central", transferValue: "100000.00", counterpartValue: "5000.00", accountabilityDeadline: "2027-03-31" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const transfer = created.json() as { id: number; version: number };
    const [obligation] = await obligationsOf(accountabilityObligations.voluntaryTransferId, transfer.id);
    expect(obligation).toMatchObject({ kind: "CONVENIO", transferKey: "998871", dueDate: "2027-03-31", title: "Reforma da praça central" });
    const items = await manager({ method: "GET", url: `/api/accountability-checklist-items?obligationId=${obligation.id}` });
    expect(items.json().length).toBeGreaterThan(0);

    const moved = await manager({ method: "PATCH", url: `/api/voluntary-transfers/${transfer.id}`, payload: { accountabilityDeadline: "2027-05-31", version: transfer.version } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await obligationsOf(accountabilityObligations.voluntaryTransferId, transfer.id))[0].dueDate).toBe("2027-05-31");
  });

  it("starts an emenda's LC 210 term at its first effective bank order, recorded as a payment", async () => {
    const manager = await api.manager();
    const created = await manager({
      method: "POST",
      url: "/api/imposition-transfers",
      payload: { nrTransfer: "09032026-998872", year: 2026, situation: "AGUARDANDO_CIENCIA", amendmentNumber: "202699880001", parliamentarianName: "MARIA TESTE SILVA", expenseCategory: "INVESTIMENTO", costingValue: 0, investmentValue: "500000.00", objectName: "Pavimentação da avenida" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(await obligationsOf(accountabilityObligations.impositionTransferId, id)).toEqual([]);
    const pay = (kind: string, documentNumber: string, paymentDate: string) => manager({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: id, kind, documentNumber, paymentDate, amount: "1000.00" } });
    expect((await pay("COMMITMENT", "2026NE998872", "2026-05-04")).statusCode).toBe(201);
    expect((await pay("BANK_ORDER", "2026OB998872", "2026-06-01")).statusCode).toBe(201);
    const obligations = await obligationsOf(accountabilityObligations.impositionTransferId, id);
    expect(obligations.map((o) => ({ kind: o.kind, dueDate: o.dueDate }))).toEqual([{ kind: "LC210", dueDate: "2026-07-01" }]);
  });

  it("leaves every obligation as it was when the list, a record and the overview are read, even with a transfer changed behind the API's back", async () => {
    const manager = await api.manager();
    const [transfer] = await db().select({ id: voluntaryTransfers.id }).from(voluntaryTransfers).where(eq(voluntaryTransfers.nrTransfer, "998871"));
    await db().update(voluntaryTransfers).set({ accountabilityDeadline: "2028-01-31", object: "Outro objeto" }).where(eq(voluntaryTransfers.id, transfer.id));
    const before = await snapshot();
    const [obligation] = await obligationsOf(accountabilityObligations.voluntaryTransferId, transfer.id);
    for (const url of ["/api/accountability-obligations", "/api/accountability-obligations?kind=CONVENIO&_start=0&_end=200", `/api/accountability-obligations/${obligation.id}`, "/api/accountability/overview"]) {
      const res = await manager({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
    expect((await obligationsOf(accountabilityObligations.voluntaryTransferId, transfer.id))[0]).toMatchObject({ dueDate: obligation.dueDate, title: obligation.title });
  });
});

describe("the accountability actions", () => {
  it("answers the overview with the company's alert window, and with no company for an ADMIN who has not chosen one", async () => {
    expect((await (await api.user())({ method: "GET", url: "/api/accountability/overview" })).json()).toMatchObject({ alertDays: 30, companyId: await managerCompany(), today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await (await api.admin())({ method: "GET", url: "/api/accountability/overview" })).json()).toMatchObject({ alertDays: 30, companyId: null });
  });

  it("answers 404 for another company's LC 210 proof, and never sends the file", async () => {
    const manager = await api.manager();
    const proofPath = await upload(api.ctx.app, api.cookies.manager, "accountability", "application/pdf", PDF_BYTES);
    const sent = await manager({ method: "POST", url: "/api/lc210-notices", payload: { ...(await nextFreePair(await managerCompany())), sentOn: "2026-10-05", proofPath, proofName: "oficio.pdf" } });
    expect(sent.statusCode, sent.body).toBe(201);
    const url = `/api/lc210-notices/${sent.json().id}/proof`;
    expect((await (await api.user())({ method: "GET", url })).statusCode).toBe(200);
    const other = await (await api.otherUser())({ method: "GET", url });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Comprovante não encontrado.");
    expect(other.headers["content-disposition"]).toBeUndefined();
  });

  it("refuses an id that is not a record's with a pt-BR 4xx on every download", async () => {
    const user = await api.user();
    for (const url of ["/api/lc210-notices/abc/proof", "/api/lc210-notices/0/proof", "/api/accountability-checklist-items/abc/file", "/api/accountability-checklist-items/99999999999/file"]) {
      const res = await user({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().message, url).toMatch(/Verifique os campos destacados|não encontrado/);
    }
  });
});
