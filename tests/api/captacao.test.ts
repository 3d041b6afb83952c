import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { grantorResource, programResource, proposalResource } from "../../server/captacao/routes";
import { openWindows, type OpenProgramsAnswer, type Program, type Proposal } from "../../src/domain/captacao";
import { todayInSaoPaulo } from "../../src/domain/dates";

/** The server's clock: the radar's "today" moves with it (São Paulo's calendar). */
let clock = Date.now();
const api = demoApi({ now: () => clock });
let serial = 0;
const next = () => ++serial;
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const SAO_JOSE = "46643466000106";
const grantor = () => ({ siafiCode: `${70000 + next()}`, acronym: `ORG${serial}`, name: `Órgão de teste ${serial}`, kind: "SECRETARIA", parentId: 1 });
const program = (extra: Record<string, unknown> = {}) => ({
  code: `99000${2026}${pad(next(), 4)}`,
  name: `Programa de teste ${serial}`,
  year: 2026,
  modality: "CONVENIO",
  grantorId: 1,
  policyArea: "10 - Saúde",
  globalValue: "1000000.00",
  enabledUfs: ["SP", "MG"],
  voluntaryStart: "2026-01-01",
  voluntaryEnd: "2026-12-31",
  ...extra,
});
const proposal = (extra: Record<string, unknown> = {}) => ({
  nrProposal: `${pad(500000 + next(), 6)}/2026`,
  proponentCnpj: "46.643.466/0001-06",
  proponentName: "MUNICIPIO DE SAO JOSE DOS CAMPOS",
  modality: "CONVENIO",
  object: "Construção de Unidade Básica de Saúde no bairro Putim",
  transferValue: "750000.00",
  counterpartValue: 30000,
  ...extra,
});

describeResourceContract(grantorResource, {
  api,
  validCreate: grantor,
  invalid: { body: { ...grantor(), siafiCode: "36A00" }, field: "siafiCode" },
  patch: { acronym: "NOVA" },
});
describeResourceContract(programResource, {
  api,
  validCreate: () => program(),
  invalid: { body: { ...program(), enabledUfs: ["SP", "XX"] }, field: "enabledUfs.1" },
  patch: { situation: "INATIVO" },
});
describeResourceContract(proposalResource, {
  api,
  validCreate: () => proposal(),
  invalid: { body: { ...proposal(), nrProposal: "14275-2026" }, field: "nrProposal" },
  patch: { object: "Reforma de Unidade Básica de Saúde" },
});

async function post<T>(url: string, payload: Record<string, unknown>, status = 201): Promise<T> {
  const res = await (await api.admin())({ method: "POST", url, payload, headers: url.startsWith("/api/proposals") ? { "x-company-id": "1" } : {} });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

describe("grantors", () => {
  it("refuses a grantor placed under itself or under one of its subordinates", async () => {
    const ministry = await post<{ id: number }>("/api/grantors", { ...grantor(), kind: "MINISTERIO", parentId: null });
    const fund = await post<{ id: number }>("/api/grantors", { ...grantor(), kind: "FUNDO", parentId: ministry.id });
    const admin = await api.admin();
    const loop = await admin({ method: "PATCH", url: `/api/grantors/${ministry.id}`, payload: { parentId: fund.id } });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors.parentId).toMatch(/subordinad/);
    const self = await admin({ method: "PATCH", url: `/api/grantors/${ministry.id}`, payload: { parentId: ministry.id } });
    expect(self.statusCode).toBe(422);
    const missing = await admin({ method: "POST", url: "/api/grantors", payload: { ...grantor(), parentId: 999999 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.parentId).toBe("Escolha um órgão superior válido.");
  });

  it("keeps a grantor that grants programs or has subordinates, with a pt-BR 409", async () => {
    const g = await post<{ id: number }>("/api/grantors", { ...grantor(), parentId: null });
    await post("/api/programs", program({ grantorId: g.id }));
    const res = await (await api.admin())({ method: "DELETE", url: `/api/grantors/${g.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/concede programas/);
    const ministry = await (await api.admin())({ method: "DELETE", url: "/api/grantors/1" });
    expect(ministry.statusCode).toBe(409);
  });

  it("seeds the federal grantors as a hierarchy with their SIAFI codes", async () => {
    const rows: { id: number; siafiCode: string; acronym: string; parentId: number | null }[] = (await (await api.user())({ method: "GET", url: "/api/grantors?_end=100" })).json();
    const byCode = new Map(rows.map((r) => [r.siafiCode, r]));
    expect(byCode.get("36901")!.parentId).toBe(byCode.get("36000")!.id);
    expect(byCode.get("26298")!.acronym).toBe("FNDE");
    expect(byCode.get("26298")!.parentId).toBe(byCode.get("26000")!.id);
  });
});

describe("programs", () => {
  it("refuses windows that end before they start, also when a PATCH moves only one end, and half windows", async () => {
    const admin = await api.admin();
    const created = await post<Program>("/api/programs", program());
    const early = await admin({ method: "PATCH", url: `/api/programs/${created.id}`, payload: { voluntaryEnd: "2025-12-01" } });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.voluntaryEnd).toBe("O fim do período de recebimento não pode ser antes do início.");
    const half = await admin({ method: "POST", url: "/api/programs", payload: program({ amendmentStart: "2026-02-01" }) });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.amendmentEnd).toMatch(/início e o fim/);
    const noGrantor = await admin({ method: "POST", url: "/api/programs", payload: program({ grantorId: 999999 }) });
    expect(noGrantor.statusCode).toBe(422);
    expect(noGrantor.json().errors.grantorId).toBe("Escolha um órgão concedente válido.");
    const duplicate = await admin({ method: "POST", url: "/api/programs", payload: { ...program(), code: created.code } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe("Já existe um programa com este código.");
  });
});

describe("proposals' amendments", () => {
  const amendment = (number: string, value: string | number, extra: Record<string, unknown> = {}) => ({ number, parliamentarian: "Dep. Ana Paula Lima", kind: "INDIVIDUAL", value, ...extra });

  it("saves the emendas that fund a proposal, in one change, and replaces them on the next", async () => {
    const manager = await api.manager();
    const created = await post<Proposal>("/api/proposals", proposal());
    const two = [amendment("202644660013", "500000.00"), amendment("202671230002", 250000, { kind: "BANCADA", parliamentarian: "Bancada de São Paulo" })];
    const saved = await manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { amendments: two, version: created.version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Proposal).amendments).toEqual([two[0], { ...two[1], value: "250000.00" }]);
    const one = await manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { amendments: [two[0]] } });
    expect((one.json() as Proposal).amendments.map((a) => a.number)).toEqual(["202644660013"]);
  });

  it("refuses a repeated emenda, a zero or bad value, a sum above the transfer value (also when only the transfer shrinks) and keeps what was stored", async () => {
    const manager = await api.manager();
    const created = await post<Proposal>("/api/proposals", proposal({ amendments: [amendment("202644660013", "700000.00")] }));
    const patch = (payload: Record<string, unknown>) => manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload });
    const repeated = await patch({ amendments: [amendment("202644660013", "100"), amendment("202644660013", "200")] });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors["amendments.1.number"]).toBe("A emenda 202644660013 já está nesta proposta.");
    const zero = await patch({ amendments: [amendment("202644660014", "0")] });
    expect(zero.json().errors["amendments.0.value"]).toBe("Valor da emenda: informe um valor maior que zero.");
    const badNumber = await patch({ amendments: [amendment("12-34", "10")] });
    expect(badNumber.json().errors["amendments.0.number"]).toBe("Número da emenda: 8 a 12 dígitos.");
    const over = await patch({ amendments: [amendment("202644660013", "700000.00"), amendment("202644660015", "50000.01")] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amendments).toBe("A soma das emendas passa do valor de repasse: ajuste os valores das emendas ou o repasse.");
    const shrink = await patch({ transferValue: "600000.00" });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().errors.amendments).toMatch(/soma das emendas/);
    const overOnCreate = await manager({ method: "POST", url: "/api/proposals", payload: proposal({ amendments: [amendment("202644660016", "750000.01")] }) });
    expect(overOnCreate.statusCode).toBe(422);
    expect(overOnCreate.json().errors.amendments).toMatch(/soma das emendas/);
    const stored = (await manager({ method: "GET", url: `/api/proposals/${created.id}` })).json() as Proposal;
    expect(stored).toMatchObject({ transferValue: "750000.00", amendments: [amendment("202644660013", "700000.00")], version: created.version });
    const user = await (await api.user())({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { amendments: [] } });
    expect(user.statusCode).toBe(403);
  });
});

describe("proposals", () => {
  it("follows the SICONV flow: a skipped or final status is refused in pt-BR, each change is recorded with who made it", async () => {
    const manager = await api.manager();
    const created = await post<Proposal>("/api/proposals", proposal());
    expect(created.proponentCnpj).toBe(SAO_JOSE);
    expect(created.globalValue).toBe("780000.00");
    expect(created.statusHistory.map((h) => h.status)).toEqual(["CADASTRADA"]);
    const skip = await manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { status: "APROVADA" } });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().errors.status).toBe('A proposta não pode passar de "Cadastrada" para "Aprovada".');
    for (const status of ["ENVIADA_ANALISE", "EM_ANALISE", "REJEITADA"]) {
      const res = await manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { status } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = (await manager({ method: "GET", url: `/api/proposals/${created.id}` })).json() as Proposal;
    expect(done.statusHistory.map((h) => h.status)).toEqual(["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "REJEITADA"]);
    expect(done.statusHistory.at(-1)!.by).toBe("Gustavo Gestor");
    const reopen = await manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { status: "EM_ANALISE" } });
    expect(reopen.statusCode).toBe(422);
    const user = await (await api.user())({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { object: "x" } });
    expect(user.statusCode).toBe(403);
  });

  it("keeps the global value as transfer plus counterpart and takes the grantor from the program", async () => {
    const manager = await api.manager();
    const programs: Program[] = (await manager({ method: "GET", url: "/api/programs?_end=1" })).json();
    const created = await post<Proposal>("/api/proposals", proposal({ programId: programs[0].id }));
    expect(created.grantorId).toBe(programs[0].grantorId);
    const changed = await manager({ method: "PATCH", url: `/api/proposals/${created.id}`, payload: { counterpartValue: "0.50" } });
    expect(changed.json().globalValue).toBe("750000.50");
    const badProgram = await manager({ method: "POST", url: "/api/proposals", payload: proposal({ programId: 999999 }) });
    expect(badProgram.statusCode).toBe(422);
    expect(badProgram.json().errors.programId).toBe("Escolha um programa válido.");
  });

  it("finds a proposal by its number and proponent, and the seeded ones lead to their convênio", async () => {
    const manager = await api.manager();
    const approved: Proposal[] = (await manager({ method: "GET", url: "/api/proposals?status=CONVENIADA" })).json();
    expect(approved.length).toBeGreaterThan(0);
    const one = approved[0];
    const found = await manager({ method: "GET", url: `/api/proposals?nrProposal=${encodeURIComponent(one.nrProposal)}&proponentCnpj=${one.proponentCnpj}` });
    expect(found.json().map((p: Proposal) => p.id)).toEqual([one.id]);
    const convenio = (await manager({ method: "GET", url: `/api/voluntary-transfers?proposalNumber=${encodeURIComponent(one.nrProposal)}` })).json();
    expect(convenio).toHaveLength(1);
    const statuses = new Set(((await manager({ method: "GET", url: "/api/proposals?_end=100" })).json() as Proposal[]).map((p) => p.status));
    expect([...statuses].sort()).toEqual(["APROVADA", "CADASTRADA", "CANCELADA", "COMPLEMENTACAO_ENVIADA", "COMPLEMENTACAO_SOLICITADA", "CONVENIADA", "EM_ANALISE", "ENVIADA_ANALISE", "REJEITADA"]);
  });
});

describe("the radar: programs open to the municipality", () => {
  const radar = async (query = "", as: "manager" | "otherUser" = "manager") => (await api[as]())({ method: "GET", url: `/api/programs/open${query}` });

  it("counts days left in São Paulo's calendar: open on its last day until midnight there, closed after", async () => {
    const lastDay = "2031-03-09";
    const created = await post<Program>("/api/programs", program({ code: "9900120310001", voluntaryStart: "2031-03-01", voluntaryEnd: lastDay, policyArea: "99 - Teste de fuso" }));
    const query = `?policyArea=${encodeURIComponent("99 - Teste de fuso")}`;
    clock = Date.parse("2031-03-10T02:30:00Z"); // 23:30 of the 9th in São Paulo
    const late = (await radar(query)).json() as OpenProgramsAnswer;
    expect(late.today).toBe(lastDay);
    expect(late.rows.map((r) => [r.id, r.daysLeft, r.closingSoon])).toEqual([[created.id, 0, true]]);
    clock = Date.parse("2031-03-10T03:30:00Z"); // 00:30 of the 10th
    expect(((await radar(query)).json() as OpenProgramsAnswer).rows).toEqual([]);
    clock = Date.parse("2031-02-28T15:00:00Z"); // the day before it opens
    expect(((await radar(query)).json() as OpenProgramsAnswer).rows).toEqual([]);
    clock = Date.parse("2031-03-01T15:00:00Z"); // the first day
    expect(((await radar(query)).json() as OpenProgramsAnswer).rows[0].daysLeft).toBe(8);
    clock = Date.now();
  });

  it("asks for the municipality's UF, and for amendment windows that it is named a beneficiary", async () => {
    const area = "98 - Teste de UF";
    const query = `?policyArea=${encodeURIComponent(area)}`;
    const today = todayInSaoPaulo(Date.now());
    const window = { voluntaryStart: null, voluntaryEnd: null, amendmentStart: shift(today, -1), amendmentEnd: shift(today, 3) };
    const named = await post<Program>("/api/programs", program({ ...window, policyArea: area, enabledUfs: ["SP"], beneficiaryCnpjs: [SAO_JOSE] }));
    await post<Program>("/api/programs", program({ ...window, policyArea: area, enabledUfs: ["SP"], beneficiaryCnpjs: [] }));
    await post<Program>("/api/programs", program({ policyArea: area, enabledUfs: ["MG"], voluntaryStart: shift(today, -1), voluntaryEnd: shift(today, 1) }));
    await post<Program>("/api/programs", program({ policyArea: area, situation: "INATIVO", enabledUfs: ["SP"], voluntaryStart: shift(today, -1), voluntaryEnd: shift(today, 1) }));
    const sjc = (await radar(query)).json() as OpenProgramsAnswer;
    expect(sjc.rows.map((r) => [r.id, r.windows.map((w) => w.kind), r.daysLeft])).toEqual([[named.id, ["amendment"], 3]]);
    expect(sjc.municipality).toEqual({ name: "São José dos Campos", uf: "SP" });
    // Campinas (SP) is not named in the amendment window.
    expect(((await radar(query, "otherUser")).json() as OpenProgramsAnswer).rows).toEqual([]);
  });

  it("answers exactly what the radar's rule says over the whole demo catalogue, nearest closing first", async () => {
    const manager = await api.manager();
    const catalogue: Program[] = (await manager({ method: "GET", url: "/api/programs?_end=1000" })).json();
    const today = todayInSaoPaulo(clock);
    const expected = catalogue.filter((p) => openWindows(p, { uf: "SP", cnpj: SAO_JOSE }, today).length > 0).map((p) => p.id);
    const answer = (await radar("?_end=100")).json() as OpenProgramsAnswer;
    expect(answer.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(answer.total).toBe(expected.length);
    const days = answer.rows.map((r) => r.daysLeft);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(answer.nearest?.daysLeft).toBe(days[0]);
    // The demo has windows closing within a week, highlighted.
    expect(answer.rows.some((r) => r.closingSoon)).toBe(true);
  });

  it("follows every change to a program at once: its windows, UFs, beneficiaries, situation, filters and removal", async () => {
    const area = "97 - Teste de edição";
    const query = `?policyArea=${encodeURIComponent(area)}`;
    const today = todayInSaoPaulo(Date.now());
    const ids = async () => ((await radar(query)).json() as OpenProgramsAnswer).rows.map((r) => [r.id, r.daysLeft]);
    const created = await post<Program>("/api/programs", program({ policyArea: area, enabledUfs: ["MG"], voluntaryStart: shift(today, -2), voluntaryEnd: shift(today, 10) }));
    expect(await ids()).toEqual([]);
    const admin = await api.admin();
    let version = created.version;
    const patch = async (payload: Record<string, unknown>) => {
      const res = await admin({ method: "PATCH", url: `/api/programs/${created.id}`, payload: { ...payload, version } });
      expect(res.statusCode, res.body).toBe(200);
      version = (res.json() as Program).version;
    };
    await patch({ enabledUfs: ["MG", "SP"] });
    expect(await ids()).toEqual([[created.id, 10]]);
    await patch({ voluntaryEnd: shift(today, 4) });
    expect(await ids()).toEqual([[created.id, 4]]);
    // An amendment window closing sooner counts only once the municipality is named.
    await patch({ amendmentStart: today, amendmentEnd: shift(today, 1) });
    expect(await ids()).toEqual([[created.id, 4]]);
    await patch({ beneficiaryCnpjs: [SAO_JOSE] });
    expect(await ids()).toEqual([[created.id, 1]]);
    await patch({ policyArea: "97 - Outra área" });
    expect(await ids()).toEqual([]);
    await patch({ policyArea: area, situation: "INATIVO" });
    expect(await ids()).toEqual([]);
    await patch({ situation: "DISPONIBILIZADO" });
    expect(await ids()).toEqual([[created.id, 1]]);
    expect((await admin({ method: "DELETE", url: `/api/programs/${created.id}` })).statusCode).toBe(200);
    expect(await ids()).toEqual([]);
  });

  it("pages in the radar's order: later pages continue it, keep the total and the nearest window, and a page past the end is empty", async () => {
    const whole = (await radar("?_end=100")).json() as OpenProgramsAnswer;
    expect(whole.total).toBeGreaterThan(3);
    const second = (await radar("?_start=2&_end=4")).json() as OpenProgramsAnswer;
    expect(second.rows.map((r) => r.id)).toEqual(whole.rows.slice(2, 4).map((r) => r.id));
    expect(second.total).toBe(whole.total);
    expect(second.nearest).toEqual(whole.nearest);
    // Ties on days left go by code, so the pages never overlap.
    for (let i = 1; i < whole.rows.length; i++) {
      const [a, b] = [whole.rows[i - 1], whole.rows[i]];
      expect(a.daysLeft < b.daysLeft || (a.daysLeft === b.daysLeft && a.code < b.code), `${a.code} antes de ${b.code}`).toBe(true);
    }
    const past = (await radar(`?_start=${whole.total + 10}&_end=${whole.total + 20}`)).json() as OpenProgramsAnswer;
    expect(past).toMatchObject({ total: whole.total, nearest: whole.nearest, rows: [] });
  });

  it("filters by grantor (with its subordinates), modality and value", async () => {
    const all = ((await radar("?_end=100")).json() as OpenProgramsAnswer).rows;
    const health = all.filter((r) => r.grantorAcronym === "FNS" || r.grantorAcronym === "MS");
    expect(health.length).toBeGreaterThan(0);
    const byMinistry = ((await radar("?grantorId=1&_end=100")).json() as OpenProgramsAnswer).rows;
    expect(byMinistry.map((r) => r.id).sort()).toEqual(health.map((r) => r.id).sort());
    const repasse = ((await radar("?modality=CONTRATO_DE_REPASSE&_end=100")).json() as OpenProgramsAnswer).rows;
    expect(repasse.every((r) => r.modality === "CONTRATO_DE_REPASSE")).toBe(true);
    // The policy-area filter offers the catalogue's distinct areas.
    const options = (await (await api.manager())({ method: "GET", url: "/api/programs/options" })).json() as { policyArea: string[] };
    expect(options.policyArea).toEqual(expect.arrayContaining(["10 - Saúde", "12 - Educação"]));
    expect(options.policyArea).toEqual([...new Set(options.policyArea)].sort());
    const health10 = ((await radar(`?policyArea=${encodeURIComponent("10 - Saúde")}&_end=100`)).json() as OpenProgramsAnswer).rows;
    expect(health10.length).toBeGreaterThan(0);
    expect(health10.every((r) => r.policyArea === "10 - Saúde")).toBe(true);
    const big = ((await radar("?minValue=500000000&_end=100")).json() as OpenProgramsAnswer).rows;
    expect(big.every((r) => Number(r.globalValue) >= 500_000_000)).toBe(true);
    expect(big.length).toBeLessThan(all.length);
  });

  it("refuses bad filters with a pt-BR 422 on the filter, and is empty for an ADMIN until a municipality is chosen", async () => {
    for (const [query, text] of [
      ["?modality=DOACAO", "Modalidade inválida."],
      ["?minValue=abc", "Valor mínimo inválido."],
      ["?minValue=10&maxValue=5", "O valor mínimo não pode ser maior que o máximo."],
      ["?_start=0&_end=500", "Página inválida: no máximo 100 programas por página."],
      ["?grantor=1", "Chave inválida"],
    ]) {
      const res = await radar(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.values(res.json().errors).join(" "), query).toContain(text);
    }
    const admin = await (await api.admin())({ method: "GET", url: "/api/programs/open" });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ municipality: null, total: 0, rows: [] });
    const chosen = await (await api.admin())({ method: "GET", url: "/api/programs/open", headers: { "x-company-id": "1" } });
    expect(chosen.json().municipality.name).toBe("São José dos Campos");
  });

  it("answers a USER for their own municipality only, and refuses another company's header", async () => {
    const own = await radar("", "otherUser");
    expect(own.statusCode).toBe(200);
    expect(own.json().municipality.name).toBe("Campinas");
    const forged = await (await api.otherUser())({ method: "GET", url: "/api/programs/open", headers: { "x-company-id": "1" } });
    expect(forged.statusCode).toBe(403);
  });
});
