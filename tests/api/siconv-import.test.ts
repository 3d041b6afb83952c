import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { companies, siconvProposals, transactionPayments, voluntaryTransfers } from "../../server/db/schema";
import type { SyncRun } from "../../src/domain/sync";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { asLatin1, fixtureCsv, multipart, zipOf, zippedFixture } from "../support/siconv-dump";

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let sjcId: number;
let campinasId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  manager = as(ctx.app, await sessionCookie(ctx.app, "gestor@demo.local"));
  const rows = await ctx.database.db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies);
  sjcId = rows.find((r) => r.cnpj === "46643466000106")!.id;
  campinasId = rows.find((r) => r.cnpj === "51885242000140")!.id;
});

afterAll(async () => {
  await ctx?.close();
});

async function upload(files: { name: string; content: Buffer; field?: string }[]) {
  const body = multipart(files);
  return admin({ method: "POST", url: "/api/imports/siconv", payload: body.payload, headers: body.headers });
}

async function importNow(files: { name: string; content: Buffer }[]): Promise<SyncRun> {
  const res = await upload(files);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as { id: number };
  for (let i = 0; i < 600; i++) {
    const run = (await admin({ method: "GET", url: `/api/sync-runs/${id}` })).json() as SyncRun;
    if (run.status === "succeeded" || run.status === "failed") return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("a importação não terminou");
}

const TABLES = ["proposta", "emenda", "convenio", "empenho", "desembolso", "pagamento"];
const db = () => ctx.database.db;
const convenio = async (nr: string) => (await db().select().from(voluntaryTransfers).where(eq(voluntaryTransfers.nrTransfer, nr)))[0];

describe("SICONV dump import", () => {
  it("imports the published extract into each registered municipality: convênios with their movements, numbers and dates read in pt-BR", async () => {
    // Uploaded in any order; applied proposta → emenda → convênio → empenho → desembolso → pagamento.
    const run = await importNow(await Promise.all([...TABLES].reverse().map((table) => zippedFixture(table))));
    expect(run).toMatchObject({ status: "succeeded", source: "siconv", companyId: null, error: null });

    const health = await convenio("931245");
    expect(health).toMatchObject({
      companyId: sjcId,
      proposalNumber: "041233/2024",
      year: 2024,
      modality: "CONVENIO",
      status: "EM_EXECUCAO",
      sourceStatus: "Em execução",
      object: "Aquisição de equipamentos e material permanente para a UBS Jardim Satélite; reforma da sala de vacina",
      grantorAcronym: "MS",
      grantorName: "MINISTERIO DA SAUDE",
      amendmentNumber: "202439800007",
      parliamentarianName: "FULANO DE TAL SILVA",
      transferValue: "1250000.00",
      counterpartValue: "62500.00",
      signedAt: "2024-06-28",
      validityStart: "2024-06-28",
      validityEnd: "2026-12-31",
      accountabilityDeadline: "2027-03-01",
      contractingSituation: "NORMAL",
      processNumber: "25000.118765/2024-11",
      source: "siconv",
      externalId: "931245",
      // Totals come from the movements: the empenho commits, the desembolso pays.
      committedValue: "1250000.00",
      paidValue: "625000.00",
    });
    expect(health.raw).toMatchObject({ NR_CONVENIO: "931245", VL_GLOBAL_CONV: "1.312.500,00" });

    const works = await convenio("938877");
    expect(works).toMatchObject({ companyId: sjcId, modality: "CONTRATO_DE_REPASSE", status: "ASSINADO", contractingSituation: "CLAUSULA_SUSPENSIVA", suspensiveClauseDue: "2025-02-15" });
    expect(works.object).toBe('Pavimentação e drenagem do "Corredor Leste" (Av. Andrômeda)');
    expect(await convenio("940101")).toMatchObject({ companyId: campinasId, status: "PRESTACAO_CONTAS_EM_ANALISE", sourceStatus: "Prestação de Contas em Análise" });
    // Taubaté is not a client: its proposal, convênio and movements never land.
    expect(await convenio("940455")).toBeUndefined();
    expect(await db().select().from(siconvProposals).where(eq(siconvProposals.idProposta, 1_203_987))).toEqual([]);

    const movements = await db().select().from(transactionPayments).where(eq(transactionPayments.voluntaryTransferId, health.id));
    expect(movements.map((m) => [m.kind, m.documentNumber, m.paymentDate, m.amount, m.payeeName, m.payeeDocument]).sort()).toEqual(
      [
        ["COMMITMENT", "2024NE000812", "2024-07-05", "1250000.00", null, null],
        ["DISBURSEMENT", "2024OB812551", "2024-09-18", "625000.00", null, null],
        ["SUPPLIER_PAYMENT", "MOV 88120011", "2024-10-14", "412300.50", "MEDSUL EQUIPAMENTOS HOSPITALARES LTDA", "07654321000155"],
        ["SUPPLIER_PAYMENT", "MOV 88120012", "2024-10-30", "3700.00", "JOAO DA SILVA", "456789"],
      ].sort(),
    );

    // The impossible date (31/02/2024) fails its row alone; the rest landed.
    expect(run.counts.failed).toBe(1);
    expect(run.details.problems).toEqual(["siconv_desembolso.zip, linha 5: data inválida em DATA_DESEMBOLSO: 31/02/2024"]);
    expect(run.counts.skipped).toBe(1 + 1 + 1 + 1 + 1 + 1); // Taubaté's row in each file
    expect(run.details.entities?.["Convênios"]).toMatchObject({ created: 3, updated: 0, unchanged: 0, skipped: 1 });
    expect(run.details.files).toHaveLength(6);
    expect(run.details.rowsRead).toBe(4 + 3 + 4 + 4 + 4 + 3);

    // The MANAGER sees the convênio in the list like any other.
    const list = await manager({ method: "GET", url: "/api/voluntary-transfers?nrTransfer=931245" });
    expect(list.json()).toHaveLength(1);
  });

  it("changes nothing when the same files come again", async () => {
    const before = await convenio("931245");
    const run = await importNow(await Promise.all(TABLES.map((table) => zippedFixture(table))));
    expect(run.status).toBe("succeeded");
    expect(run.counts).toMatchObject({ created: 0, updated: 0 });
    // 3 proposals, 1 amendment (its repeated row counted once), 3 convênios, 3 empenhos, 2 desembolsos, 2 pagamentos.
    expect(run.counts.unchanged).toBe(3 + 1 + 3 + 3 + 2 + 2);
    expect(await convenio("931245")).toEqual(before);
  });

  it("keeps the hand-edited notes and public flag of an imported convênio and applies the source's change", async () => {
    const target = await convenio("940101");
    const edit = await admin({ method: "PATCH", url: `/api/voluntary-transfers/${target.id}`, payload: { internalNotes: "Prestação enviada em 12/12.", isPublic: false }, headers: { "x-company-id": String(campinasId) } });
    expect(edit.statusCode, edit.body).toBe(200);
    const changed = Buffer.from(fixtureCsv("convenio").toString("utf8").replace('"Prestação de Contas em Análise"', '"Prestação de Contas Aprovada"'));
    const run = await importNow([{ name: "siconv_convenio.zip", content: await zipOf("siconv_convenio.csv", changed) }]);
    expect(run.counts.updated).toBe(1);
    expect(await convenio("940101")).toMatchObject({ status: "PRESTACAO_CONTAS_APROVADA", internalNotes: "Prestação enviada em 12/12.", isPublic: false });
  });

  it("reads an older Latin-1 dump without a BOM, and a bare .csv", async () => {
    const latin1 = asLatin1(fixtureCsv("pagamento"));
    expect(latin1.includes(Buffer.from("Serviço", "utf8"))).toBe(false);
    const run = await importNow([{ name: "siconv_pagamento.csv", content: latin1 }]);
    expect(run.status).toBe("succeeded");
    expect(run.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    const [payment] = await db().select().from(transactionPayments).where(and(eq(transactionPayments.source, "siconv"), eq(transactionPayments.externalId, "pagamento:931245:88120012")));
    expect(payment.description).toBe("Serviço de instalação");
  });

  it("marks the movements a newer dump no longer has, and stops counting them", async () => {
    const without = Buffer.from(
      fixtureCsv("desembolso")
        .toString("utf8")
        .split("\n")
        .filter((line) => !line.includes("4410021"))
        .join("\n"),
    );
    const run = await importNow([{ name: "siconv_desembolso.zip", content: await zipOf("siconv_desembolso.csv", without) }]);
    expect(run.details.entities?.["Desembolsos"]?.missing).toBe(1);
    const [gone] = await db().select().from(transactionPayments).where(eq(transactionPayments.externalId, "desembolso:4410021"));
    expect(gone.sourceMissingSince).not.toBeNull();
    expect((await convenio("931245")).paidValue).toBe("0.00");
  });

  it("refuses what is not a SICONV dump with a clear 4xx, and fails a file without the expected columns", async () => {
    const wrongName = await upload([{ name: "planilha.xlsx", content: Buffer.from("x") }]);
    expect(wrongName.statusCode).toBe(422);
    expect(wrongName.json().message).toMatch(/^Arquivo não reconhecido: planilha.xlsx/);
    const twice = await upload([await zippedFixture("empenho"), await zippedFixture("empenho")]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe("O arquivo siconv_empenho foi enviado duas vezes.");
    const none = await admin({ method: "POST", url: "/api/imports/siconv", ...multipart([]) });
    expect(none.statusCode).toBe(422);
    const json = await admin({ method: "POST", url: "/api/imports/siconv", payload: { file: "x" } });
    expect(json.statusCode).toBe(415);
    const body = multipart([await zippedFixture("empenho")]);
    expect((await manager({ method: "POST", url: "/api/imports/siconv", payload: body.payload, headers: body.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "POST", url: "/api/imports/siconv", payload: body.payload, headers: body.headers })).statusCode).toBe(401);

    // A pagamento file sent under the convênio's name: its columns say otherwise; nothing is written.
    const before = await db().select({ id: voluntaryTransfers.id }).from(voluntaryTransfers);
    const run = await importNow([{ name: "siconv_convenio.zip", content: await zipOf("siconv_convenio.csv", fixtureCsv("pagamento")) }]);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/^siconv_convenio.zip: faltam as colunas ID_PROPOSTA, SIT_CONVENIO/);
    expect(await db().select({ id: voluntaryTransfers.id }).from(voluntaryTransfers)).toEqual(before);
    const broken = await importNow([{ name: "siconv_empenho.zip", content: Buffer.from("isto não é um zip") }]);
    expect(broken.status).toBe("failed");
    expect(broken.error).toMatch(/^siconv_empenho.zip: não foi possível ler o arquivo/);
  });
});
