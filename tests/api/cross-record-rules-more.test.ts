import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as } from "../support/api";
import { demoApi, uniqueEmail } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES } from "../support/documents";

/**
 * Rules across records (issue 31) that had no test of their own: each is broken through the HTTP API by the
 * role the rule is about, answered with a 4xx and the rule's pt-BR message, and nothing is written.
 */
const api = demoApi();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const countOf = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0].n;

// ---------- municipal emendas ----------

const indication = (overrides: Record<string, unknown> = {}) => ({
  year: 2026,
  authorName: "Helena Duarte Ramos",
  authorParty: "PSD",
  kind: "INDIVIDUAL",
  functionCode: "10",
  subfunctionCode: "301",
  programCode: "0010",
  actionCode: "2010",
  expenseNature: "3.3.50.43",
  value: "80000.00",
  object: "Custeio do atendimento da Associação de Pais e Amigos dos Excepcionais",
  beneficiaryKind: "ENTIDADE",
  beneficiaryName: "APAE do Vale",
  beneficiaryCnpj: "12.345.678/0001-95",
  finalBeneficiaryName: "APAE do Vale",
  finalBeneficiaryDocument: "12345678000195",
  indicatedOn: "2026-03-02",
  ...overrides,
});

const plan = {
  planObject: "Atendimento terapêutico de 120 pessoas com deficiência ao longo de 2026.",
  goals: [{ description: "Pessoas atendidas", quantity: 120, unit: "pessoa", deadline: "2026-12-15" }],
  budgetItems: [
    { description: "Terapeutas", value: "60000.00" },
    { description: "Material terapêutico", value: "20000.00" },
  ],
  schedule: [
    { month: "2026-06", value: "40000.00" },
    { month: "2026-08", value: "40000.00" },
  ],
  bankCode: "104",
  agency: "0351",
  account: "55123-0",
};

const step = (on: string, documentNumber = "Ofício 7/2026", reason?: string) => ({ occurredOn: on, documentNumber, ...(reason ? { reason } : {}) });
type Emenda = { id: number; version: number; year: number; value: string; beneficiaryKind: string; beneficiaryCnpj: string | null; finalBeneficiaryDocument: string | null; planObject: string | null; planStatus: string; stage: string; committedValue: string };

async function indicated(overrides: Record<string, unknown> = {}) {
  const res = await api.manager()({ method: "POST", url: "/api/municipal-amendments", payload: indication(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Emenda;
}
const emendaNow = async (id: number) => (await api.manager()({ method: "GET", url: `/api/municipal-amendments/${id}` })).json() as Emenda;
const takeStep = (id: number, name: string, body: Record<string, unknown>) => api.manager()({ method: "POST", url: `/api/municipal-amendments/${id}/steps/${name}`, payload: body });
const eventsOf = (id: number) => countOf(sql`select count(*)::int as n from municipal_amendment_events where amendment_id = ${id}`);
const movementsOf = (id: number) => countOf(sql`select count(*)::int as n from municipal_amendment_movements where amendment_id = ${id}`);

async function approved() {
  const emenda = await indicated();
  expect((await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: plan })).statusCode).toBe(200);
  expect((await takeStep(emenda.id, "submit", step("2026-03-10"))).statusCode).toBe(200);
  const res = await takeStep(emenda.id, "approve", step("2026-04-01", "Despacho GP 20/2026"));
  expect(res.statusCode, res.body).toBe(200);
  return emenda;
}
const movement = (amendmentId: number, body: Record<string, unknown>) =>
  api.manager()({ method: "POST", url: "/api/municipal-amendment-movements", payload: { amendmentId, occurredOn: "2026-05-04", ...body } });

describe("a municipal emenda's beneficiary is identified", () => {
  it("refuses an indication for an entity without its CNPJ, or a final beneficiary without a CPF or CNPJ, and registers nothing", async () => {
    const before = await countOf(sql`select count(*)::int as n from municipal_amendments`);
    const noCnpj = await api.manager()({ method: "POST", url: "/api/municipal-amendments", payload: indication({ beneficiaryCnpj: null }) });
    expect(noCnpj.statusCode, noCnpj.body).toBe(422);
    expect(noCnpj.json().errors.beneficiaryCnpj).toBe("Informe o CNPJ da entidade beneficiária.");
    const noDocument = await api.manager()({ method: "POST", url: "/api/municipal-amendments", payload: indication({ finalBeneficiaryDocument: null }) });
    expect(noDocument.statusCode, noDocument.body).toBe(422);
    expect(noDocument.json().errors.finalBeneficiaryDocument).toBe("Informe o CPF ou CNPJ do beneficiário final.");
    expect(await countOf(sql`select count(*)::int as n from municipal_amendments`)).toBe(before);
  });

  it("refuses an edit that leaves an entity without its CNPJ or a final beneficiary without a document, and keeps the emenda as it was", async () => {
    const emenda = await indicated();
    const patch = (payload: Record<string, unknown>) => api.manager()({ method: "PATCH", url: `/api/municipal-amendments/${emenda.id}`, payload });

    const cnpjRemoved = await patch({ beneficiaryCnpj: null });
    expect(cnpjRemoved.statusCode, cnpjRemoved.body).toBe(422);
    expect(cnpjRemoved.json().errors.beneficiaryCnpj).toBe("Informe o CNPJ da entidade beneficiária.");
    const documentRemoved = await patch({ finalBeneficiaryDocument: null });
    expect(documentRemoved.statusCode, documentRemoved.body).toBe(422);
    expect(documentRemoved.json().errors.finalBeneficiaryDocument).toBe("Informe o CPF ou CNPJ do beneficiário final.");
    expect(await emendaNow(emenda.id)).toMatchObject({ version: emenda.version, beneficiaryKind: "ENTIDADE", beneficiaryCnpj: "12345678000195", finalBeneficiaryDocument: "12345678000195" });

    // A municipal body needs no CNPJ; turning it into an entity needs one, checked against the stored record.
    const body = await indicated({ beneficiaryKind: "ORGAO_MUNICIPAL", beneficiaryName: "Secretaria de Saúde", beneficiaryCnpj: null, finalBeneficiaryName: null, finalBeneficiaryDocument: null });
    const toEntity = await api.manager()({ method: "PATCH", url: `/api/municipal-amendments/${body.id}`, payload: { beneficiaryKind: "ENTIDADE", beneficiaryName: "Santa Casa" } });
    expect(toEntity.statusCode, toEntity.body).toBe(422);
    expect(toEntity.json().errors.beneficiaryCnpj).toBe("Informe o CNPJ da entidade beneficiária.");
    expect(await emendaNow(body.id)).toMatchObject({ version: body.version, beneficiaryKind: "ORGAO_MUNICIPAL", beneficiaryCnpj: null });
    const withCnpj = await api.manager()({ method: "PATCH", url: `/api/municipal-amendments/${body.id}`, payload: { beneficiaryKind: "ENTIDADE", beneficiaryName: "Santa Casa", beneficiaryCnpj: "12.345.678/0001-95" } });
    expect(withCnpj.statusCode, withCnpj.body).toBe(200);
  });
});

describe("a municipal emenda keeps what was indicated and committed", () => {
  it("refuses a change of year after the indication and a value below what was committed, and keeps both", async () => {
    const emenda = await approved();
    expect((await movement(emenda.id, { kind: "EMPENHO", value: "60000.00", documentNumber: "2026NE000901" })).statusCode).toBe(201);
    const patch = (payload: Record<string, unknown>) => api.manager()({ method: "PATCH", url: `/api/municipal-amendments/${emenda.id}`, payload });
    const stored = await emendaNow(emenda.id);

    const year = await patch({ year: 2027 });
    expect(year.statusCode, year.body).toBe(422);
    expect(year.json().errors.year).toBe("O ano não muda depois da indicação.");
    const value = await patch({ value: "59999.99" });
    expect(value.statusCode, value.body).toBe(422);
    expect(value.json().errors.value).toBe("O valor não pode ficar abaixo do que já foi empenhado.");
    expect(await emendaNow(emenda.id)).toMatchObject({ version: stored.version, year: 2026, value: "80000.00", committedValue: "60000.00" });
    // Down to the committed value itself is allowed.
    expect((await patch({ value: "60000.00" })).statusCode).toBe(200);
  });
});

describe("a municipal emenda's plan and steps follow their order", () => {
  it("refuses to change a plan that was sent or approved, and keeps the plan the Executive saw", async () => {
    const emenda = await indicated();
    expect((await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: plan })).statusCode).toBe(200);
    expect((await takeStep(emenda.id, "submit", step("2026-03-10"))).statusCode).toBe(200);
    const changed = { ...plan, planObject: "Outro objeto, trocado depois do envio." };
    const whileSent = await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: changed });
    expect(whileSent.statusCode, whileSent.body).toBe(422);
    expect(whileSent.json().message).toBe("O plano só pode ser alterado enquanto está em elaboração ou depois de devolvido para ajuste.");
    expect((await takeStep(emenda.id, "approve", step("2026-04-01"))).statusCode).toBe(200);
    const whileApproved = await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: changed });
    expect(whileApproved.statusCode, whileApproved.body).toBe(422);
    expect(await emendaNow(emenda.id)).toMatchObject({ planObject: plan.planObject, planStatus: "APROVADO" });
  });

  it("refuses a step out of order, a submit while impeded and a step dated before the indication, and records no event", async () => {
    const emenda = await indicated();
    const events = await eventsOf(emenda.id);
    const refused = async (name: string, body: Record<string, unknown>, message: string) => {
      const res = await takeStep(emenda.id, name, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(message);
    };

    await refused("submit", step("2026-03-10"), "Preencha o plano de trabalho (objeto, metas, itens, cronograma e conta específica) antes de enviá-lo.");
    await refused("approve", step("2026-03-10"), "Só um plano enviado ao Executivo pode ser aprovado.");
    await refused("return", step("2026-03-10", "Despacho 1", "Ajuste as metas."), "Só um plano enviado ao Executivo pode ser devolvido.");
    await refused("execute", step("2026-03-10"), "Só uma emenda paga e ainda não executada pode ser dada como executada.");
    await refused("account", step("2026-03-10"), "A prestação de contas vem depois da execução.");

    expect((await api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload: plan })).statusCode).toBe(200);
    const early = await takeStep(emenda.id, "submit", step("2026-03-01"));
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors.occurredOn).toBe("A data não pode ser anterior à indicação da emenda.");

    const impeded = await api.manager()({ method: "PATCH", url: `/api/municipal-amendments/${emenda.id}`, payload: { impedimentReason: "Entidade sem certidão de regularidade." } });
    expect(impeded.statusCode, impeded.body).toBe(200);
    await refused("submit", step("2026-03-10"), "Esta emenda tem impedimento técnico: o plano não pode ser enviado.");

    expect(await eventsOf(emenda.id)).toBe(events);
    expect(await emendaNow(emenda.id)).toMatchObject({ planStatus: "EM_ELABORACAO" });
  });
});

describe("a municipal emenda's money names where it went", () => {
  it("refuses a supplier payment without the supplier's CPF or CNPJ, and a payment without its account, and records neither", async () => {
    const emenda = await approved();
    expect((await movement(emenda.id, { kind: "EMPENHO", value: "80000.00", documentNumber: "2026NE000902" })).statusCode).toBe(201);
    expect((await movement(emenda.id, { kind: "PAGAMENTO", value: "40000.00", documentNumber: "2026OB000902", occurredOn: "2026-06-10", bankCode: "104", agency: "0351", account: "55123-0" })).statusCode).toBe(201);
    const movements = await movementsOf(emenda.id);

    const noSupplier = await movement(emenda.id, { kind: "PAGAMENTO_FORNECEDOR", value: "1000.00", documentNumber: "NF 321", occurredOn: "2026-06-20", supplierName: "Clínica Bem Viver Ltda" });
    expect(noSupplier.statusCode, noSupplier.body).toBe(422);
    expect(noSupplier.json().errors.supplierDocument).toBe("Informe o fornecedor e o seu CPF ou CNPJ.");
    const noName = await movement(emenda.id, { kind: "PAGAMENTO_FORNECEDOR", value: "1000.00", documentNumber: "NF 322", occurredOn: "2026-06-20", supplierDocument: "12345678000195" });
    expect(noName.statusCode, noName.body).toBe(422);
    expect(noName.json().errors.supplierDocument).toBe("Informe o fornecedor e o seu CPF ou CNPJ.");
    const noAccount = await movement(emenda.id, { kind: "PAGAMENTO", value: "1000.00", documentNumber: "2026OB000903", occurredOn: "2026-06-20" });
    expect(noAccount.statusCode, noAccount.body).toBe(422);
    expect(noAccount.json().errors.account).toBe("Informe banco, agência e conta de destino do pagamento.");

    expect(await movementsOf(emenda.id)).toBe(movements);
    expect(await emendaNow(emenda.id)).toMatchObject({ committedValue: "80000.00" });
  });
});

describe("a municipal emenda's movement keeps naming where it went when edited", () => {
  it("refuses an edit that removes a supplier payment's CPF or CNPJ or a payment's account, and keeps the movement", async () => {
    const emenda = await approved();
    expect((await movement(emenda.id, { kind: "EMPENHO", value: "80000.00", documentNumber: "2026NE000904" })).statusCode).toBe(201);
    const payment = await movement(emenda.id, { kind: "PAGAMENTO", value: "40000.00", documentNumber: "2026OB000904", occurredOn: "2026-06-10", bankCode: "104", agency: "0351", account: "55123-0" });
    expect(payment.statusCode, payment.body).toBe(201);
    const supplier = await movement(emenda.id, { kind: "PAGAMENTO_FORNECEDOR", value: "1000.00", documentNumber: "NF 401", occurredOn: "2026-06-20", supplierName: "Clínica Bem Viver Ltda", supplierDocument: "12345678000195" });
    expect(supplier.statusCode, supplier.body).toBe(201);
    const patch = (id: number, payload: Record<string, unknown>) => api.manager()({ method: "PATCH", url: `/api/municipal-amendment-movements/${id}`, payload });

    const noDocument = await patch(supplier.json().id, { supplierDocument: null });
    expect(noDocument.statusCode, noDocument.body).toBe(422);
    expect(noDocument.json().errors.supplierDocument).toBe("Informe o fornecedor e o seu CPF ou CNPJ.");
    const noAccount = await patch(payment.json().id, { account: null });
    expect(noAccount.statusCode, noAccount.body).toBe(422);
    expect(noAccount.json().errors.account).toBe("Informe banco, agência e conta de destino do pagamento.");

    const [stored] = await rows<{ supplierDocument: string | null; account: string | null }>(sql`
      select (select supplier_document from municipal_amendment_movements where id = ${supplier.json().id}) as "supplierDocument",
             (select account from municipal_amendment_movements where id = ${payment.json().id}) as account`);
    expect(stored).toEqual({ supplierDocument: "12345678000195", account: "55123-0" });
  });
});

// ---------- transfers and their payments ----------

type Transfer = { id: number; plannedValue: string; committedValue: string; paidValue: string; investmentValue: string; version: number };
const newImposition = (nrTransfer: string) => ({
  nrTransfer,
  year: 2026,
  situation: "CIENTE",
  amendmentNumber: "202612340077",
  parliamentarianName: "MARIA TESTE SILVA",
  expenseCategory: "INVESTIMENTO",
  costingValue: 0,
  investmentValue: 1000,
  acceptedAt: "2026-03-10",
  objectName: "Reforma do centro comunitário",
  executionStart: "2026-04-01",
  executionEnd: "2027-04-01",
});
async function freshTransfer(nr: string) {
  const res = await api.manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition(nr) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Transfer;
}
const transferNow = async (id: number) => (await api.manager()({ method: "GET", url: `/api/imposition-transfers/${id}` })).json() as Transfer;
const pay = (transferId: number, payload: Record<string, unknown>) =>
  api.manager()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: transferId, paymentDate: "2026-05-10", ...payload } });
const paymentsOf = (transferId: number) => countOf(sql`select count(*)::int as n from transaction_payments where imposition_transfer_id = ${transferId}`);

describe("a transfer holds what was committed on it", () => {
  it("refuses a planned value below what was already committed, and keeps the planned value", async () => {
    const t = await freshTransfer("09032026-998001");
    expect((await pay(t.id, { kind: "COMMITMENT", documentNumber: "2026NE000801", amount: 600 })).statusCode).toBe(201);
    const lowered = await api.manager()({ method: "PATCH", url: `/api/imposition-transfers/${t.id}`, payload: { investmentValue: 500 } });
    expect(lowered.statusCode, lowered.body).toBe(422);
    expect(lowered.json().errors.costingValue).toBe("O valor previsto (R$ 500,00) não pode ficar abaixo do já empenhado (R$ 600,00).");
    expect(await transferNow(t.id)).toMatchObject({ plannedValue: "1000.00", committedValue: "600.00", investmentValue: "1000.00" });
    expect((await api.manager()({ method: "PATCH", url: `/api/imposition-transfers/${t.id}`, payload: { investmentValue: 600 } })).statusCode).toBe(200);
  });

  it("refuses a convênio's transfer value below what was already committed, and keeps it", async () => {
    const [conv] = await rows<{ id: number; transferValue: string; committedValue: string }>(sql`
      select v.id, v.transfer_value::text as "transferValue", v.committed_value::text as "committedValue" from voluntary_transfers v
        join users u on u.company_id = v.company_id and u.email = 'gestor@demo.local'
        where v.committed_value > 1 and v.status not in ('CONCLUIDO', 'ANULADO', 'RESCINDIDO', 'CANCELADO') order by v.id limit 1`);
    expect(conv).toBeDefined();
    const below = (Number(conv.committedValue) - 1).toFixed(2);
    const lowered = await api.manager()({ method: "PATCH", url: `/api/voluntary-transfers/${conv.id}`, payload: { transferValue: below } });
    expect(lowered.statusCode, lowered.body).toBe(422);
    expect(lowered.json().errors.transferValue).toMatch(/^O valor de repasse \(R\$ [\d.]+,\d{2}\) não pode ficar abaixo do já empenhado \(R\$ [\d.]+,\d{2}\)\.$/);
    const [after] = await rows<{ transferValue: string }>(sql`select transfer_value::text as "transferValue" from voluntary_transfers where id = ${conv.id}`);
    expect(after.transferValue).toBe(conv.transferValue);
  });

  it("refuses to cancel or remove a commitment that would leave more paid than committed, and keeps it", async () => {
    const t = await freshTransfer("09032026-998002");
    const commitment = await pay(t.id, { kind: "COMMITMENT", documentNumber: "2026NE000802", amount: 600 });
    expect(commitment.statusCode, commitment.body).toBe(201);
    expect((await pay(t.id, { kind: "BANK_ORDER", documentNumber: "2026OB000802", amount: 500 })).statusCode).toBe(201);
    const message = "Sem este empenho o total pago (R$ 500,00) ficaria acima do total empenhado (R$ 0,00).";

    const cancelled = await api.manager()({ method: "PATCH", url: `/api/transaction-payments/${commitment.json().id}`, payload: { status: "CANCELADO" } });
    expect(cancelled.statusCode, cancelled.body).toBe(422);
    expect(cancelled.json().message).toBe(message);
    const removed = await api.manager()({ method: "DELETE", url: `/api/transaction-payments/${commitment.json().id}` });
    expect(removed.statusCode, removed.body).toBe(422);
    expect(removed.json().message).toBe(message);

    expect(await paymentsOf(t.id)).toBe(2);
    const [stored] = await rows<{ status: string }>(sql`select status::text from transaction_payments where id = ${commitment.json().id}`);
    expect(stored.status).toBe("EFETIVADO");
    expect(await transferNow(t.id)).toMatchObject({ committedValue: "600.00", paidValue: "500.00" });
  });
});

// ---------- captação ----------

describe("a proposal's validity ends after it starts", () => {
  it("refuses a validity that ends before it starts, on creation and on an edit of one end, and writes nothing", async () => {
    const proposal = (nrProposal: string, extra: Record<string, unknown> = {}) => ({
      nrProposal,
      proponentCnpj: "46.643.466/0001-06",
      proponentName: "MUNICIPIO DE SAO JOSE DOS CAMPOS",
      modality: "CONVENIO",
      object: "Reforma da Unidade Básica de Saúde Vila Industrial",
      transferValue: "300000.00",
      counterpartValue: "6000.00",
      ...extra,
    });
    const proposalsNamed = (nr: string) => countOf(sql`select count(*)::int as n from proposals where nr_proposal = ${nr}`);

    const backwards = await api.manager()({ method: "POST", url: "/api/proposals", payload: proposal("598001/2026", { validityStart: "2026-06-01", validityEnd: "2026-05-31" }) });
    expect(backwards.statusCode, backwards.body).toBe(422);
    expect(backwards.json().errors.validityEnd).toBe("O fim da vigência não pode ser antes do início.");
    expect(await proposalsNamed("598001/2026")).toBe(0);

    const created = await api.manager()({ method: "POST", url: "/api/proposals", payload: proposal("598002/2026", { validityStart: "2026-06-01", validityEnd: "2027-05-31" }) });
    expect(created.statusCode, created.body).toBe(201);
    const moved = await api.manager()({ method: "PATCH", url: `/api/proposals/${created.json().id}`, payload: { validityEnd: "2026-05-01" } });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors.validityEnd).toBe("O fim da vigência não pode ser antes do início.");
    expect((await api.manager()({ method: "GET", url: `/api/proposals/${created.json().id}` })).json()).toMatchObject({ validityStart: "2026-06-01", validityEnd: "2027-05-31" });
  });
});

// ---------- users ----------

describe("an administrator belongs to no client", () => {
  it("refuses to move an ADMIN into a client role, and keeps the person an ADMIN without a client", async () => {
    const created = await api.admin()({ method: "POST", url: "/api/users", payload: { name: "Consultora Teste", email: uniqueEmail("consultora"), role: "ADMIN" } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const moved = await api.admin()({ method: "PATCH", url: `/api/users/${id}`, payload: { role: "MANAGER" } });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors.role).toBe("Um administrador não pertence a nenhum cliente: cadastre um novo usuário no cliente.");
    const [stored] = await rows<{ role: string; companyId: number | null }>(sql`select role::text, company_id as "companyId" from users where id = ${id}`);
    expect(stored).toEqual({ role: "ADMIN", companyId: null });
  });
});

// ---------- requirements ----------

describe("a requirement names its transfer whole or not at all", () => {
  it("refuses a transfer kind without the transfer, or a transfer without its kind, on creation and on an edit, and writes nothing", async () => {
    const body = (recipientName: string, extra: Record<string, unknown> = {}) => ({ recipientKind: "CAMARA", recipientName, subject: "Comunicação de recebimento", body: "Comunicamos o recebimento da transferência.", ...extra });
    const named = (recipientName: string) => countOf(sql`select count(*)::int as n from requirements where recipient_name = ${recipientName}`);
    const [transfer] = await rows<{ id: number }>(sql`select t.id from imposition_transfers t join users u on u.company_id = t.company_id and u.email = 'gestor@demo.local' order by t.id limit 1`);
    const message = "Escolha o tipo e a transferência, ou nenhum dos dois.";

    const kindOnly = await api.manager()({ method: "POST", url: "/api/requirements", payload: body("Câmara Municipal Regra 1", { transferKind: "IMPOSITION" }) });
    expect(kindOnly.statusCode, kindOnly.body).toBe(422);
    expect(kindOnly.json().errors.transferId).toBe(message);
    const idOnly = await api.manager()({ method: "POST", url: "/api/requirements", payload: body("Câmara Municipal Regra 1", { transferId: transfer.id }) });
    expect(idOnly.statusCode, idOnly.body).toBe(422);
    expect(idOnly.json().errors.transferId).toBe(message);
    expect(await named("Câmara Municipal Regra 1")).toBe(0);

    const created = await api.manager()({ method: "POST", url: "/api/requirements", payload: body("Câmara Municipal Regra 2") });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await api.manager()({ method: "PATCH", url: `/api/requirements/${created.json().id}`, payload: { transferKind: "IMPOSITION" } });
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json().errors.transferId).toBe(message);
    const [stored] = await rows<{ transferKind: string | null; transferId: number | null }>(sql`select transfer_kind::text as "transferKind", transfer_id as "transferId" from requirements where id = ${created.json().id}`);
    expect(stored).toEqual({ transferKind: null, transferId: null });
  });
});

// ---------- risks ----------

describe("the risk queue's requirements fit their template", () => {
  it("refuses, for emendas' items, a template of the convênio type and generates no requirement", async () => {
    const queue = await api.admin()({ method: "GET", url: "/api/risks?kind=work-plan" });
    expect(queue.statusCode, queue.body).toBe(200);
    const items = (queue.json().items as { key: string; transferKind: string | null }[]).filter((i) => i.transferKind === "IMPOSITION").slice(0, 2);
    expect(items.length).toBeGreaterThan(0);
    const [convenio] = await rows<{ id: number; title: string }>(sql`select id, title from requirement_templates where type = 'CONVENIO' order by id limit 1`);
    expect(convenio).toBeDefined();
    const before = await countOf(sql`select count(*)::int as n from requirements`);

    const refused = await api.admin()({ method: "POST", url: "/api/risks/requirements", payload: { keys: items.map((i) => i.key), templateId: convenio.id } });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.templateId).toMatch(new RegExp(`^O modelo «${convenio.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}» não serve para (o item|os itens) .+: escolha um modelo do tipo da transferência\\.$`));
    expect(await countOf(sql`select count(*)::int as n from requirements`)).toBe(before);
  });
});

// ---------- projects ----------

describe("a project's people, proposal and plan belong to its municipality", () => {
  const projectBody = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    object: "Pavimentação asfáltica com drenagem e calçadas acessíveis.",
    status: "PLANEJAMENTO",
    policyArea: "15.451 - Infraestrutura Urbana",
    startDate: "2026-02-01",
    endDate: "2026-12-15",
    totalValue: "1000.00",
    ...extra,
  });
  const projectsNamed = (title: string) => countOf(sql`select count(*)::int as n from projects where title = ${title}`);

  it("refuses a responsible person or a proposal of another municipality, on creation and on an edit, and writes nothing", async () => {
    const [foreignUser] = await rows<{ id: number }>(sql`select id from users where email = 'usuario2@demo.local'`);
    const [foreignProposal] = await rows<{ id: number }>(sql`
      select p.id from proposals p where p.company_id <> (select company_id from users where email = 'gestor@demo.local') order by p.id limit 1`);
    expect(foreignProposal).toBeDefined();

    const withUser = await api.manager()({ method: "POST", url: "/api/projects", payload: projectBody("Projeto Regra Responsável", { responsibleUserId: foreignUser.id }) });
    expect(withUser.statusCode, withUser.body).toBe(422);
    expect(withUser.json().errors.responsibleUserId).toBe("Escolha um responsável da prefeitura.");
    const withProposal = await api.manager()({ method: "POST", url: "/api/projects", payload: projectBody("Projeto Regra Responsável", { proposalId: foreignProposal.id }) });
    expect(withProposal.statusCode, withProposal.body).toBe(422);
    expect(withProposal.json().errors.proposalId).toBe("Escolha uma proposta da prefeitura.");
    expect(await projectsNamed("Projeto Regra Responsável")).toBe(0);

    const created = await api.manager()({ method: "POST", url: "/api/projects", payload: projectBody("Projeto Regra Edição") });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await api.manager()({ method: "PATCH", url: `/api/projects/${created.json().id}`, payload: { responsibleUserId: foreignUser.id, proposalId: foreignProposal.id } });
    expect(edited.statusCode, edited.body).toBe(422);
    const [stored] = await rows<{ responsibleUserId: number | null; proposalId: number | null }>(sql`select responsible_user_id as "responsibleUserId", proposal_id as "proposalId" from projects where id = ${created.json().id}`);
    expect(stored).toEqual({ responsibleUserId: null, proposalId: null });
  });

  it("refuses to remove a meta that still has etapas, with a pt-BR message, and keeps both", async () => {
    const project = await api.manager()({ method: "POST", url: "/api/projects", payload: projectBody("Projeto Regra Meta") });
    expect(project.statusCode, project.body).toBe(201);
    const meta = await api.manager()({ method: "POST", url: "/api/project-work-plan-items", payload: { projectId: project.json().id, kind: "META", number: "1", description: "Obras civis" } });
    expect(meta.statusCode, meta.body).toBe(201);
    const etapa = await api.manager()({
      method: "POST",
      url: "/api/project-work-plan-items",
      payload: { projectId: project.json().id, kind: "ETAPA", parentId: meta.json().id, number: "1.1", description: "Terraplenagem", value: "1000.00", startDate: "2026-02-01", endDate: "2026-06-30" },
    });
    expect(etapa.statusCode, etapa.body).toBe(201);

    const removed = await api.manager()({ method: "DELETE", url: `/api/project-work-plan-items/${meta.json().id}` });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json().message).toBe("Esta meta tem etapas: exclua as etapas antes de excluir a meta.");
    expect(await countOf(sql`select count(*)::int as n from project_work_plan_items where project_id = ${project.json().id}`)).toBe(2);
  });
});

// ---------- the uncovered halves of partly tested rules ----------

describe("the other halves of rules tested on one side", () => {
  it("refuses an Investimento transfer with a costing value, naming the field, and registers nothing", async () => {
    const res = await api.manager()({ method: "POST", url: "/api/imposition-transfers", payload: { ...newImposition("09032026-998003"), costingValue: "100.00" } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.costingValue).toBe("Categoria Investimento: o valor de custeio precisa ser zero.");
    expect(await countOf(sql`select count(*)::int as n from imposition_transfers where nr_transfer = '09032026-998003'`)).toBe(0);
  });

  it("refuses a bid homologated before its opening, a contract ending before it starts, and a winner's CNPJ without the name, also by an edit of one date", async () => {
    const project = await api.manager()({ method: "POST", url: "/api/projects", payload: { title: "Projeto Regra Licitação", object: "Reforma da escola.", status: "PLANEJAMENTO", policyArea: "12.361 - Ensino Fundamental", startDate: "2026-02-01", endDate: "2026-12-15", totalValue: "1000.00" } });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = project.json().id as number;
    const base = { projectId, modality: "CONCORRENCIA_ELETRONICA", publishedAt: "2026-03-01", openedAt: "2026-03-20" };
    const bid = (number: string, extra: Record<string, unknown>) => api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number, ...extra } });
    const bidsOf = () => countOf(sql`select count(*)::int as n from project_bids where project_id = ${projectId}`);

    const homologatedEarly = await bid("CC 901/2026", { homologatedAt: "2026-03-19" });
    expect(homologatedEarly.statusCode, homologatedEarly.body).toBe(422);
    expect(homologatedEarly.json().errors.homologatedAt).toBe("A homologação não pode ser antes da abertura.");
    const contractBackwards = await bid("CC 902/2026", { contractStart: "2026-05-01", contractEnd: "2026-04-30" });
    expect(contractBackwards.statusCode, contractBackwards.body).toBe(422);
    expect(contractBackwards.json().errors.contractEnd).toBe("O fim da vigência do contrato não pode ser antes do início.");
    const nameless = await bid("CC 903/2026", { status: "EM_JULGAMENTO", winnerCnpj: "46.643.466/0001-06" });
    expect(nameless.statusCode, nameless.body).toBe(422);
    expect(nameless.json().errors.winnerName).toBe("Informe o nome do vencedor.");
    expect(await bidsOf()).toBe(0);

    const good = await bid("CC 904/2026", { homologatedAt: "2026-04-02", contractStart: "2026-05-01", contractEnd: "2027-04-30" });
    expect(good.statusCode, good.body).toBe(201);
    const moved = await api.manager()({ method: "PATCH", url: `/api/project-bids/${good.json().id}`, payload: { homologatedAt: "2026-03-01" } });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors.homologatedAt).toBe("A homologação não pode ser antes da abertura.");
    const ended = await api.manager()({ method: "PATCH", url: `/api/project-bids/${good.json().id}`, payload: { contractEnd: "2026-04-01" } });
    expect(ended.statusCode, ended.body).toBe(422);
    expect(ended.json().errors.contractEnd).toBe("O fim da vigência do contrato não pode ser antes do início.");
    const [stored] = await rows<{ homologatedAt: string; contractEnd: string }>(sql`select homologated_at::text as "homologatedAt", contract_end::text as "contractEnd" from project_bids where id = ${good.json().id}`);
    expect(stored).toEqual({ homologatedAt: "2026-04-02", contractEnd: "2027-04-30" });
  });

  it("refuses an etapa under a meta of another project and a meta placed under another item, and writes neither", async () => {
    const newProject = async (title: string) => {
      const res = await api.manager()({ method: "POST", url: "/api/projects", payload: { title, object: "Drenagem urbana.", status: "PLANEJAMENTO", policyArea: "15.451 - Infraestrutura Urbana", startDate: "2026-02-01", endDate: "2026-12-15", totalValue: "1000.00" } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const first = await newProject("Projeto Regra Etapa A");
    const second = await newProject("Projeto Regra Etapa B");
    const item = (payload: Record<string, unknown>) => api.manager()({ method: "POST", url: "/api/project-work-plan-items", payload });
    const meta = await item({ projectId: first, kind: "META", number: "1", description: "Drenagem" });
    expect(meta.statusCode, meta.body).toBe(201);

    const elsewhere = await item({ projectId: second, kind: "ETAPA", parentId: meta.json().id, number: "1.1", description: "Galerias", value: "500.00" });
    expect(elsewhere.statusCode, elsewhere.body).toBe(422);
    expect(elsewhere.json().errors.parentId).toBe("Escolha uma meta deste projeto.");
    const nested = await item({ projectId: first, kind: "META", parentId: meta.json().id, number: "2", description: "Meta dentro de meta" });
    expect(nested.statusCode, nested.body).toBe(422);
    expect(nested.json().errors.parentId).toBe("Uma meta não fica dentro de outra meta.");
    const valueless = await item({ projectId: first, kind: "ETAPA", parentId: meta.json().id, number: "1.2", description: "Bocas de lobo" });
    expect(valueless.statusCode, valueless.body).toBe(422);
    expect(valueless.json().errors.value).toBe("Informe o valor da etapa.");

    expect(await countOf(sql`select count(*)::int as n from project_work_plan_items where project_id in (${first}, ${second})`)).toBe(1);
  });

  it("refuses an emenda's schedule that does not add up or repeats a month, and a movement dated before the plan's approval, writing nothing", async () => {
    const emenda = await indicated();
    const put = (payload: Record<string, unknown>) => api.manager()({ method: "PUT", url: `/api/municipal-amendments/${emenda.id}/plan`, payload });
    const short = await put({ ...plan, schedule: [{ month: "2026-06", value: "40000.00" }] });
    expect(short.statusCode, short.body).toBe(422);
    expect(short.json().errors.schedule).toBe("O cronograma soma R$ 40.000,00; o valor da emenda é R$ 80.000,00.");
    const twice = await put({ ...plan, schedule: [{ month: "2026-06", value: "40000.00" }, { month: "2026-06", value: "40000.00" }] });
    expect(twice.statusCode, twice.body).toBe(422);
    expect(twice.json().errors.schedule).toBe("Há mais de uma parcela no mesmo mês.");
    expect(await emendaNow(emenda.id)).toMatchObject({ planObject: null, version: emenda.version });

    const approvedOne = await approved();
    const early = await movement(approvedOne.id, { kind: "EMPENHO", value: "1000.00", documentNumber: "2026NE000905", occurredOn: "2026-03-31" });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors.occurredOn).toBe("A data não pode ser anterior à aprovação do plano (01/04/2026).");
    expect(await movementsOf(approvedOne.id)).toBe(0);
  });
});

describe("a requirement's status carries its facts", () => {
  it("refuses a protocolled requirement without its protocol number and an answer without its date or dated before the send, and keeps the draft", async () => {
    const created = await api.manager()({
      method: "POST",
      url: "/api/requirements",
      payload: { recipientKind: "CAMARA", recipientName: "Câmara Municipal Regra 3", subject: "Comunicação de recebimento", body: "Comunicamos o recebimento da transferência." },
    });
    expect(created.statusCode, created.body).toBe(201);
    const patch = (payload: Record<string, unknown>) => api.manager()({ method: "PATCH", url: `/api/requirements/${created.json().id}`, payload });

    const noProtocol = await patch({ status: "PROTOCOLADO", sentOn: "2026-05-04" });
    expect(noProtocol.statusCode, noProtocol.body).toBe(422);
    expect(noProtocol.json().errors.protocolNumber).toBe("Informe o número de protocolo.");
    const noAnswerDate = await patch({ status: "RESPONDIDO", sentOn: "2026-05-04", protocolNumber: "PROT 77/2026" });
    expect(noAnswerDate.statusCode, noAnswerDate.body).toBe(422);
    expect(noAnswerDate.json().errors.respondedOn).toBe("Informe a data da resposta.");
    const answeredEarly = await patch({ status: "RESPONDIDO", sentOn: "2026-05-04", protocolNumber: "PROT 77/2026", respondedOn: "2026-05-03" });
    expect(answeredEarly.statusCode, answeredEarly.body).toBe(422);
    expect(answeredEarly.json().errors.respondedOn).toBe("A resposta não pode ser anterior ao envio.");

    const [stored] = await rows<{ status: string; sentOn: string | null; protocolNumber: string | null }>(sql`
      select status::text, sent_on::text as "sentOn", protocol_number as "protocolNumber" from requirements where id = ${created.json().id}`);
    expect(stored).toEqual({ status: "RASCUNHO", sentOn: null, protocolNumber: null });
  });
});

describe("a quote price's evidence is a named file", () => {
  it("refuses evidence sent without its file name, and adds no price", async () => {
    const [quote] = await rows<{ id: number }>(sql`
      select q.id from quotes q join users u on u.company_id = q.company_id and u.email = 'gestor@demo.local' where q.status = 'EM_ANDAMENTO' order by q.id limit 1`);
    expect(quote).toBeDefined();
    const link = await as(api.ctx.app, api.cookies.manager)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: DOCUMENT_TYPES.pdf, kind: "project-document" } });
    expect(link.statusCode, link.body).toBe(200);
    const put = await api.ctx.app.inject({ method: "PUT", url: link.json().uploadURL, headers: { "content-type": DOCUMENT_TYPES.pdf }, payload: PDF_BYTES });
    expect(put.statusCode, put.body).toBe(200);
    const prices = () => countOf(sql`select count(*)::int as n from quote_prices where quote_id = ${quote.id}`);
    const before = await prices();

    const unnamed = await api.manager()({
      method: "POST",
      url: "/api/quote-prices",
      payload: { quoteId: quote.id, supplierCnpj: "46.643.466/0001-06", supplierName: "Depósito Regra", unitPrice: "10.00", quoteDate: "2026-03-02", source: "FORNECEDOR", storagePath: link.json().storagePath },
    });
    expect(unnamed.statusCode, unnamed.body).toBe(422);
    expect(unnamed.json().errors.fileName).toBe("Informe o nome do arquivo do comprovante.");
    expect(await prices()).toBe(before);
  });
});
