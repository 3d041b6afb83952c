import { beforeAll, describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import { as, sessionCookie } from "../support/api";
import { describeResourceContract } from "../support/resource-contract";
import { municipalAmendmentResource } from "../../server/municipal-amendments/routes";
import { todayInSaoPaulo } from "../../src/domain/dates";

/** Issue 37: the councillors' emendas from indication to the final beneficiary, in the open. */
const api = demoApi();
let camara: ReturnType<typeof as>;
beforeAll(async () => {
  camara = as(api.ctx.app, await sessionCookie(api.ctx.app, "camara@demo.local"));
});

const indication = (overrides: Record<string, unknown> = {}) => ({
  year: 2026,
  authorName: "Marcos Vinícius Prado",
  authorParty: "PL",
  kind: "INDIVIDUAL",
  functionCode: "12",
  subfunctionCode: "361",
  programCode: "0012",
  actionCode: "1045",
  expenseNature: "4.4.90.51",
  value: "100000.00",
  object: "Cobertura da quadra da EMEF Jardim Apolo",
  beneficiaryKind: "ENTIDADE",
  beneficiaryName: "Instituto Esporte e Cidadania do Vale",
  beneficiaryCnpj: "12.345.678/0001-95",
  finalBeneficiaryName: "Instituto Esporte e Cidadania do Vale",
  finalBeneficiaryDocument: "12345678000195",
  indicatedOn: "2026-03-02",
  ...overrides,
});

const plan = {
  planObject: "Cobertura metálica da quadra, com projeto básico aprovado.",
  goals: [{ description: "Quadra coberta", quantity: 1, unit: "quadra", deadline: "2026-12-15" }],
  budgetItems: [
    { description: "Estrutura metálica", value: "70000.00" },
    { description: "Telhas e instalação", value: "30000.00" },
  ],
  schedule: [
    { month: "2026-07", value: "50000.00" },
    { month: "2026-09", value: "50000.00" },
  ],
  bankCode: "001",
  agency: "0305-6",
  account: "77123-4",
};

const step = (on: string, documentNumber = "Ofício 1/2026", reason?: string) => ({ occurredOn: on, documentNumber, ...(reason ? { reason } : {}) });

async function indicated(overrides: Record<string, unknown> = {}) {
  const res = await api.manager()({ method: "POST", url: "/api/municipal-amendments", payload: indication(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; identifier: string; stage: string };
}

async function approved(overrides: Record<string, unknown> = {}) {
  const emenda = await indicated(overrides);
  expect((await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: plan })).statusCode).toBe(200);
  expect((await api.manager()({ method: "POST", url: `/api/municipal-amendments/${emenda.id}/steps/submit`, payload: step("2026-03-10") })).statusCode).toBe(200);
  const res = await api.manager()({ method: "POST", url: `/api/municipal-amendments/${emenda.id}/steps/approve`, payload: step("2026-04-01", "Despacho GP 12/2026") });
  expect(res.statusCode, res.body).toBe(200);
  return emenda;
}

const movement = (amendmentId: number, body: Record<string, unknown>) => api.manager()({ method: "POST", url: "/api/municipal-amendment-movements", payload: { amendmentId, occurredOn: "2026-05-04", ...body } });

describe("the cycle of a municipal emenda", () => {
  it("follows an indication through plan, approval, commitment, payment and the supplier, and the public page shows each step with its date", async () => {
    const emenda = await approved();
    expect(emenda.identifier).toMatch(/^EM 2026\/\d{4}$/);
    const commit = await movement(emenda.id, { kind: "EMPENHO", value: "100000.00", documentNumber: "2026NE000777" });
    expect(commit.statusCode, commit.body).toBe(201);
    const pay = await movement(emenda.id, { kind: "PAGAMENTO", value: "60000.00", documentNumber: "2026OB000123", occurredOn: "2026-06-10", bankCode: "001", agency: "0305-6", account: "77123-4" });
    expect(pay.statusCode, pay.body).toBe(201);
    const supplier = await movement(emenda.id, {
      kind: "PAGAMENTO_FORNECEDOR",
      value: "45000.00",
      documentNumber: "NF-e 1234",
      occurredOn: "2026-07-01",
      supplierName: "Metalúrgica Vale Forte Ltda.",
      supplierDocument: "07.526.557/0001-00",
    });
    expect(supplier.statusCode, supplier.body).toBe(201);

    const row = (await api.manager()({ method: "GET", url: `/api/municipal-amendments/${emenda.id}` })).json();
    expect(row).toMatchObject({ stage: "PAGA", planStatus: "APROVADO", committedValue: "100000.00", paidValue: "60000.00", supplierPaidValue: "45000.00" });

    const slug = emenda.identifier.replace(/^EM (\d{4})\/(\d+)$/, "$1-$2");
    const pub = await api.anonymous()({ method: "GET", url: `/api/public/sao-jose-dos-campos/municipal-amendments/${slug}` });
    expect(pub.statusCode, pub.body).toBe(200);
    const detail = pub.json();
    expect(detail.steps.map((s: { stage: string; occurredOn: string }) => [s.stage, s.occurredOn])).toEqual([
      ["INDICADA", "2026-03-02"],
      ["PLANO_ENVIADO", "2026-03-10"],
      ["APROVADA", "2026-04-01"],
    ]);
    expect(detail.steps[2].documentNumber).toBe("Despacho GP 12/2026");
    expect(detail.movements.map((m: { kind: string; occurredOn: string; value: string }) => [m.kind, m.occurredOn, m.value])).toEqual([
      ["EMPENHO", "2026-05-04", "100000.00"],
      ["PAGAMENTO", "2026-06-10", "60000.00"],
      ["PAGAMENTO_FORNECEDOR", "2026-07-01", "45000.00"],
    ]);
    expect(detail.movements[2]).toMatchObject({ supplierName: "Metalúrgica Vale Forte Ltda.", supplierDocument: "07526557000100" });
    expect(detail).toMatchObject({ finalBeneficiaryDocument: "12345678000195", account: "77123-4", stage: "PAGA" });
  });

  it("refuses a commitment before the Executive approves the plan, and writes nothing", async () => {
    const emenda = await indicated();
    const res = await movement(emenda.id, { kind: "EMPENHO", value: "1000.00", documentNumber: "2026NE000001" });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/plano de trabalho ainda não foi aprovado/);
    const list = await api.manager()({ method: "GET", url: `/api/municipal-amendment-movements?amendmentId=${emenda.id}` });
    expect(list.json()).toEqual([]);
  });

  it("refuses a payment to any account but the emenda's own, and money beyond each step before it", async () => {
    const emenda = await approved();
    expect((await movement(emenda.id, { kind: "EMPENHO", value: "50000.00", documentNumber: "2026NE000002" })).statusCode).toBe(201);
    const other = await movement(emenda.id, { kind: "PAGAMENTO", value: "1000.00", documentNumber: "2026OB000002", bankCode: "104", agency: "1234", account: "99999-9" });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.account).toMatch(/conta específica da emenda/);
    const beyond = await movement(emenda.id, { kind: "PAGAMENTO", value: "50000.01", documentNumber: "2026OB000003", bankCode: "001", agency: "0305-6", account: "77123-4" });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().message).toMatch(/total pago/);
    const overCommit = await movement(emenda.id, { kind: "EMPENHO", value: "50000.01", documentNumber: "2026NE000003" });
    expect(overCommit.json().message).toMatch(/valor da emenda/);
    const future = await movement(emenda.id, { kind: "EMPENHO", value: "1.00", documentNumber: "2026NE000004", occurredOn: "2099-01-01" });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.occurredOn).toMatch(/futuro/);
    expect(todayInSaoPaulo() >= "2026-05-04").toBe(true);
  });

  it("refuses a plan that does not add up to the emenda's value, and a return without its reason", async () => {
    const emenda = await indicated();
    const wrong = await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: { ...plan, budgetItems: [{ description: "Tudo", value: "90000.00" }] } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.budgetItems).toMatch(/somam R\$ 90\.000,00/);
    expect((await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: plan })).statusCode).toBe(200);
    expect((await api.manager()({ method: "POST", url: `/api/municipal-amendments/${emenda.id}/steps/submit`, payload: step("2026-03-10") })).statusCode).toBe(200);
    const noReason = await api.manager()({ method: "POST", url: `/api/municipal-amendments/${emenda.id}/steps/return`, payload: step("2026-03-20") });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toMatch(/motivo/);
    const returned = await api.manager()({ method: "POST", url: `/api/municipal-amendments/${emenda.id}/steps/return`, payload: step("2026-03-20", "Despacho 3/2026", "Detalhe as metas por bairro.") });
    expect(returned.json()).toMatchObject({ stage: "PLANO_DEVOLVIDO", planStatus: "DEVOLVIDO", planDecisionReason: "Detalhe as metas por bairro." });
  });

  it("gives each indication the next identifier of its year and refuses an entity without a valid CNPJ", async () => {
    const first = await indicated();
    const second = await indicated();
    const n = (id: string) => Number(id.split("/")[1]);
    expect(n(second.identifier)).toBe(n(first.identifier) + 1);
    const bad = await api.manager()({ method: "POST", url: "/api/municipal-amendments", payload: indication({ beneficiaryCnpj: "11.111.111/1111-11" }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.beneficiaryCnpj).toMatch(/CNPJ inválido/);
    const before = await api.manager()({ method: "POST", url: "/api/municipal-amendments", payload: indication({ year: 2025 }) });
    expect(before.json().errors.year).toMatch(/a partir do orçamento de 2026/);
  });
});

describe("the Câmara's view", () => {
  it("reads the municipality's emendas and nothing else of the municipality", async () => {
    const list = await camara({ method: "GET", url: "/api/municipal-amendments" });
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(5);
    expect(list.json().every((row: { companyId: number }) => row.companyId === list.json()[0].companyId)).toBe(true);
    expect((await camara({ method: "GET", url: "/api/imposition-transfers" })).statusCode).toBe(403);
    expect((await camara({ method: "GET", url: "/api/users" })).statusCode).toBe(403);
  });

  it("cannot change an emenda, take a step or record money", async () => {
    const [row] = (await camara({ method: "GET", url: "/api/municipal-amendments" })).json();
    expect((await camara({ method: "PATCH", url: `/api/municipal-amendments/${row.id}`, payload: { notes: "x" } })).statusCode).toBe(403);
    expect((await camara({ method: "POST", url: `/api/municipal-amendments/${row.id}/steps/approve`, payload: step("2026-04-01") })).statusCode).toBe(403);
    expect((await camara({ method: "POST", url: "/api/municipal-amendment-movements", payload: { amendmentId: row.id } })).statusCode).toBe(403);
  });

  it("cannot see another municipality's emenda", async () => {
    const created = await api.admin()({ method: "POST", url: "/api/municipal-amendments", headers: { "x-company-id": "2" }, payload: indication() });
    expect(created.statusCode, created.body).toBe(201);
    expect((await camara({ method: "GET", url: `/api/municipal-amendments/${created.json().id}` })).statusCode).toBe(404);
    expect((await camara({ method: "GET", url: "/api/municipal-amendments", headers: { "x-company-id": "2" } })).statusCode).toBe(403);
  });

  it("registers an indication where the municipality enables it, and is refused where it does not", async () => {
    const created = await camara({ method: "POST", url: "/api/municipal-amendments", payload: indication() });
    expect(created.statusCode, created.body).toBe(201);
    const settings = await api.manager()({ method: "PUT", url: "/api/municipal-amendment-settings", payload: { camaraMayIndicate: false, planDueDays: 30, decisionDueDays: 15, idleDays: 60 } });
    expect(settings.statusCode, settings.body).toBe(200);
    const refused = await camara({ method: "POST", url: "/api/municipal-amendments", payload: indication() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/não habilita/);
    await api.manager()({ method: "PUT", url: "/api/municipal-amendment-settings", payload: { camaraMayIndicate: true, planDueDays: 30, decisionDueDays: 15, idleDays: 60 } });
  });
});

describe("the public section", () => {
  const base = "/api/public/sao-jose-dos-campos/municipal-amendments";

  it("lists the public emendas with filters, and per councillor totals", async () => {
    const all = await api.anonymous()({ method: "GET", url: `${base}?_start=0&_end=50` });
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(14);
    const paid = await api.anonymous()({ method: "GET", url: `${base}?stage=PAGA` });
    expect(paid.json().length).toBeGreaterThan(0);
    expect(paid.json().every((r: { stage: string }) => r.stage === "PAGA")).toBe(true);
    const totals = (await api.anonymous()({ method: "GET", url: `${base}/councillors` })).json();
    expect(totals.totals.some((t: { authorName: string; year: number }) => t.authorName === "Marcos Vinícius Prado" && t.year === 2026)).toBe(true);
  });

  it("keeps an emenda marked not public out of every answer", async () => {
    const hidden = await indicated({ isPublic: false, object: "Emenda em sigilo de teste" });
    const slug = hidden.identifier.replace(/^EM (\d{4})\/(\d+)$/, "$1-$2");
    expect((await api.anonymous()({ method: "GET", url: `${base}/${slug}` })).statusCode).toBe(404);
    const search = await api.anonymous()({ method: "GET", url: `${base}?q=sigilo` });
    expect(search.json()).toEqual([]);
  });

  it("shows a person's CPF masked on every public answer while the staff see it whole", async () => {
    const emenda = await approved({ finalBeneficiaryName: "Maria Aparecida Gomes", finalBeneficiaryDocument: "529.982.247-25" });
    const staff = (await api.manager()({ method: "GET", url: `/api/municipal-amendments/${emenda.id}` })).json();
    expect(staff.finalBeneficiaryDocument).toBe("52998224725");
    await movement(emenda.id, { kind: "EMPENHO", value: "1000.00", documentNumber: "2026NE000901" });
    await movement(emenda.id, { kind: "PAGAMENTO", value: "1000.00", documentNumber: "2026OB000901", occurredOn: "2026-06-10", bankCode: "001", agency: "0305-6", account: "77123-4" });
    const paid = await movement(emenda.id, { kind: "PAGAMENTO_FORNECEDOR", value: "800.00", documentNumber: "RPA 17/2026", occurredOn: "2026-07-01", supplierName: "João Carlos Ferreira", supplierDocument: "111.444.777-35" });
    expect(paid.statusCode, paid.body).toBe(201);

    const slug = emenda.identifier.replace(/^EM (\d{4})\/(\d+)$/, "$1-$2");
    const detail = (await api.anonymous()({ method: "GET", url: `${base}/${slug}` })).json();
    expect(detail.finalBeneficiaryDocument).toBe("***.982.247-**");
    expect(detail.movements.find((m: { kind: string }) => m.kind === "PAGAMENTO_FORNECEDOR").supplierDocument).toBe("***.444.777-**");
    const listed = (await api.anonymous()({ method: "GET", url: `${base}?q=${encodeURIComponent("Maria Aparecida")}` })).json();
    expect(listed.map((r: { finalBeneficiaryDocument: string }) => r.finalBeneficiaryDocument)).toContain("***.982.247-**");
    const csv = (await api.anonymous()({ method: "GET", url: `${base}.csv` })).body;
    expect(csv).not.toContain("52998224725");
    expect(csv).toContain("***.982.247-**");
  });

  it("exports CSV with pt-BR headers and JSON with its data dictionary; an unknown format is a 400", async () => {
    const csv = await api.anonymous()({ method: "GET", url: `${base}.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("emendas-municipais-sao-jose-dos-campos.csv");
    expect(csv.body).toContain("identificador");
    expect(csv.body).toContain("beneficiario_final");
    const json = (await api.anonymous()({ method: "GET", url: `${base}.json` })).json();
    expect(json.dicionario.map((d: { campo: string }) => d.campo)).toContain("documento_beneficiario_final");
    expect(json.emendas.length).toBeGreaterThan(5);
    const xlsx = await api.anonymous()({ method: "GET", url: `${base}.xlsx` });
    expect(xlsx.statusCode).toBe(200);
    expect((await api.anonymous()({ method: "GET", url: `${base}.pdf` })).statusCode).toBe(400);
    expect((await api.anonymous()({ method: "GET", url: `${base}/não-existe` })).statusCode).toBe(404);
  });
});

describeResourceContract(municipalAmendmentResource, {
  api,
  validCreate: () => indication(),
  invalid: { body: { ...indication(), functionCode: "1" }, field: "functionCode" },
  patch: { notes: "Conferido com a LOA." },
});

describe("stalled emendas in the deadline center", () => {
  it("lists a plan the Executive has not decided within the municipality's days as overdue, and stops once it is decided", async () => {
    const center = (await api.manager()({ method: "GET", url: "/api/deadlines" })).json() as { items: { key: string; kind: string; reference: string; what: string; overdue: boolean; path: string }[] };
    const waiting = center.items.find((item) => item.kind === "municipal-amendment" && item.reference === "EM 2026/0006");
    expect(waiting).toMatchObject({ what: "Decisão do Executivo sobre o plano de trabalho", overdue: true });
    expect(waiting!.path).toMatch(/^\/admin\/municipal-amendments\/info\/\d+$/);
    const id = Number(waiting!.path.split("/").at(-1));
    const approved = await api.manager()({ method: "POST", url: `/api/municipal-amendments/${id}/steps/approve`, payload: step(todayInSaoPaulo(), "Despacho GP 99/2026") });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await api.manager()({ method: "GET", url: "/api/deadlines" })).json() as { items: { kind: string; reference: string; what: string }[] };
    expect(after.items.find((item) => item.reference === "EM 2026/0006")?.what).not.toBe("Decisão do Executivo sobre o plano de trabalho");
  });
});
