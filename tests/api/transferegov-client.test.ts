import { afterEach, describe, expect, it } from "vitest";
import { createTransferegovClient, retryAfterMs, TransferegovError, TransferegovParameterError } from "../../server/sync/transferegov/client";
import { complete, recordedTransferegov, CAMPINAS, SJC } from "../support/transferegov/recorded";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client that records its pauses instead of sleeping them. */
function clientFor(url: string, options: { timeoutMs?: number; maxAttempts?: number } = {}) {
  const pauses: number[] = [];
  const client = createTransferegovClient({
    baseUrl: url,
    requestsPerMinute: 60_000,
    timeoutMs: options.timeoutMs ?? 5000,
    maxAttempts: options.maxAttempts ?? 4,
    sleep: async (ms) => {
      pauses.push(ms);
    },
  });
  return { client, pauses };
}

describe("Transferegov client", () => {
  it("collects every page of a beneficiary with more than 200 action plans (pagina 1 and 2, 200 rows each at most)", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const { client } = clientFor(server.url);
    const plans = await client.all("especiais/planos_acao_especiais", { id_beneficiario: SJC.idBeneficiario });
    expect(plans).toHaveLength(SJC.plans);
    expect(new Set(plans.map((p) => p.id_plano_acao)).size).toBe(SJC.plans);
    expect(server.requests).toEqual([
      `/especiais/planos-acao-especiais?id_beneficiario=${SJC.idBeneficiario}&pagina=1&tamanho_da_pagina=200`,
      `/especiais/planos-acao-especiais?id_beneficiario=${SJC.idBeneficiario}&pagina=2&tamanho_da_pagina=200`,
    ]);
  });

  it("refuses a parameter the table does not have before calling: the API would answer the whole national table", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const { client } = clientFor(server.url);
    // A typo (cnpj instead of cnpj_beneficiario) and a column of another table.
    await expect(client.all("especiais/beneficiarios_especiais", { cnpj: SJC.cnpj } as never)).rejects.toBeInstanceOf(TransferegovParameterError);
    await expect(client.all("especiais/planos_acao_especiais", { cnpj_beneficiario: SJC.cnpj } as never)).rejects.toThrow(/Parâmetro desconhecido "cnpj_beneficiario"/);
    await expect(client.all("especiais/planos_acao_especiais", { pagina: 3 } as never)).rejects.toBeInstanceOf(TransferegovParameterError);
    await expect(client.all("especiais/planos_acao_especiais", { id_beneficiario: "" })).rejects.toBeInstanceOf(TransferegovParameterError);
    expect(server.requests).toEqual([]);
    // What the check prevents: the service itself ignores the unknown name and sends everyone's rows.
    const national = (await (await fetch(`${server.url}/especiais/beneficiarios-especiais?cnpj=${SJC.cnpj}&pagina=1&tamanho_da_pagina=200`)).json()) as { total_items: number };
    expect(national.total_items).toBeGreaterThan(1);
  });

  it("retries a 429 after the pause Retry-After asks for, then a 503 with backoff, and gets the page", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    server.fail("/especiais/beneficiarios-especiais", { status: 429, headers: { "retry-after": "7" } }, { status: 503 });
    const { client, pauses } = clientFor(server.url);
    const rows = await client.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj });
    expect(rows).toHaveLength(1);
    expect(rows[0].id_beneficiario).toBe(SJC.idBeneficiario);
    const retryPauses = pauses.filter((ms) => ms >= 500);
    expect(retryPauses[0]).toBe(7000);
    expect(retryPauses[1]).toBeGreaterThanOrEqual(1500);
    expect(retryPauses[1]).toBeLessThanOrEqual(2500);
    expect(server.requests).toHaveLength(3);
  });

  it("gives up after the last try with a pt-BR message naming the failure", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    server.fail("/fundoafundo/planos-acao", { status: 502 }, { status: 502 }, { status: 502 });
    const { client } = clientFor(server.url, { maxAttempts: 3 });
    const error = await client.all("fundoafundo/planos-acao", { cnpj_ente_recebedor_plano_acao: SJC.cnpj }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransferegovError);
    expect((error as Error).message).toBe("O Transferegov não respondeu depois de 3 tentativas (HTTP 502): /fundoafundo/planos-acao.");
  });

  it("ends a request that hangs at the timeout and tries again", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    server.fail("/especiais/beneficiarios-especiais", { status: 0, hang: true });
    const { client } = clientFor(server.url, { timeoutMs: 300 });
    const started = Date.now();
    const rows = await client.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj });
    expect(rows).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(server.requests).toHaveLength(2);
  });

  it("keeps a polite pace: one request at a time, spaced by the configured rate", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const client = createTransferegovClient({ baseUrl: server.url, requestsPerMinute: 600 });
    const started = Date.now();
    await Promise.all([1, 2, 3].map(() => client.all("especiais/programas_especiais", { id_programa: 31 })));
    // Three requests at 10 per second: the third starts at least 200 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(client.requests).toBe(3);
  });

  it("asks especiais at its September 2026 hyphenated path first, falls back to the August underscores on a 404, and resolves each table's spelling once", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const { client } = clientFor(server.url);
    expect(await client.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj })).toHaveLength(1);
    expect(server.requests.map((r) => r.split("?")[0])).toEqual(["/especiais/beneficiarios-especiais"]);
    await server.close();

    server = await startRecordedTransferegov(recordedTransferegov(), { especiaisSpelling: "underscore" });
    const old = clientFor(server.url).client;
    expect(await old.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj })).toHaveLength(1);
    expect(await old.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj })).toHaveLength(1);
    expect(server.requests.map((r) => r.split("?")[0])).toEqual(["/especiais/beneficiarios-especiais", "/especiais/beneficiarios_especiais", "/especiais/beneficiarios_especiais"]);
  });

  it("reads each module's data-atualizacao", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const { client } = clientFor(server.url);
    expect(await client.freshness("especiais")).toBe("2026-08-03T06:12:45");
    expect(await client.freshness("fundoafundo")).toBe("2026-08-03T05:40:10");
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-08-03T12:00:00Z");
    expect(retryAfterMs("12", now)).toBe(12_000);
    expect(retryAfterMs("Mon, 03 Aug 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("amanhã", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

/** The September 2026 quirks, each against the stand-in in the published format. */
describe("Transferegov quirks (September 2026)", () => {
  it("asks fundoafundo ids in comma lists of at most 200, and checks each answer against its own list", async () => {
    const tables = recordedTransferegov();
    // 450 plans of the municipality: three lists (200, 200, 50) instead of 450 requests.
    const plans = Array.from({ length: 450 }, (_, n) => complete("fundoafundo/empenhos", { id_empenho: 500_000 + n, id_plano_acao: 600_000 + n, valor_empenho: 10 }));
    tables["fundoafundo/empenhos"]!.push(...plans);
    server = await startRecordedTransferegov(tables);
    const { client } = clientFor(server.url);
    const rows = await client.allIn("fundoafundo/empenhos", "id_plano_acao", plans.map((p) => p.id_plano_acao as number));
    expect(rows).toHaveLength(450);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => new URLSearchParams(r.split("?")[1]).get("id_plano_acao")!.split(",").length)).toEqual([200, 200, 50]);
    expect(server.requests.every((r) => r.includes("tamanho_da_pagina=1000"))).toBe(true);
  });

  it("answers 422 one over a list's maximum and one over the module's page cap, and the client never sends either", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const ids = Array.from({ length: 201 }, (_, n) => n + 1).join(",");
    expect((await fetch(`${server.url}/fundoafundo/empenhos?id_plano_acao=${ids}&pagina=1&tamanho_da_pagina=1000`)).status).toBe(422);
    expect((await fetch(`${server.url}/fundoafundo/empenhos?id_plano_acao=1&pagina=1&tamanho_da_pagina=1001`)).status).toBe(422);
    expect((await fetch(`${server.url}/especiais/planos-acao-especiais?id_beneficiario=1&pagina=1&tamanho_da_pagina=201`)).status).toBe(422);
    expect((await fetch(`${server.url}/especiais/planos-acao-especiais?id_beneficiario=1&pagina=1&tamanho_da_pagina=200`)).status).toBe(200);
    server.requests.length = 0;
    const { client } = clientFor(server.url);
    // One over the list's maximum, and a list on a single-valued especiais filter: refused before any request.
    await expect(client.all("fundoafundo/empenhos", { id_plano_acao: Array.from({ length: 201 }, (_, n) => n + 1) })).rejects.toThrow(/aceita no máximo 200/);
    await expect(client.all("especiais/empenhos_especiais", { id_plano_acao: [1, 2] })).rejects.toThrow(/aceita um só/);
    expect(server.requests).toEqual([]);
  });

  it("drops every answered row that does not match the filter sent, and stops when the answer is the national table", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const campinasPlan = server.tables["especiais/planos_acao_especiais"]!.find((p) => p.id_beneficiario === CAMPINAS.idBeneficiario)!;
    server.leak("especiais/planos_acao_especiais", [campinasPlan]);
    const { client } = clientFor(server.url);
    const rows = await client.all("especiais/planos_acao_especiais", { id_beneficiario: SJC.idBeneficiario });
    expect(rows.every((row) => row.id_beneficiario === SJC.idBeneficiario)).toBe(true);
    expect(client.skipped).toBeGreaterThanOrEqual(1);
    // A source that ignores the filter answers everybody's rows over many pages: the client does not read them all.
    const national = Array.from({ length: 450 }, (_, n) => complete("especiais/empenhos_especiais", { id_empenho: 800_000 + n, id_plano_acao: 900_000 + n }));
    server.leak("especiais/empenhos_especiais", national);
    await expect(client.all("especiais/empenhos_especiais", { id_plano_acao: 123 })).rejects.toThrow(/ignorou o filtro id_plano_acao/);
  });

  it("reads a masked integer (\"***\") as unknown, and a code that lost its leading zeros as the same code", async () => {
    const tables = recordedTransferegov();
    const plan = tables["especiais/planos_acao_especiais"]!.find((p) => p.id_beneficiario === SJC.idBeneficiario)!;
    Object.assign(plan, { codigo_parlamentar_emenda_plano_acao: "***", valor_custeio_plano_acao: "***" });
    tables["especiais/programas_especiais"]!.push(complete("especiais/programas_especiais", { id_programa: 77, codigo_programa: "903" }));
    server = await startRecordedTransferegov(tables);
    const { client } = clientFor(server.url);
    const [masked] = (await client.all("especiais/planos_acao_especiais", { id_beneficiario: SJC.idBeneficiario })).filter((p) => p.id_plano_acao === plan.id_plano_acao);
    expect(masked.codigo_parlamentar_emenda_plano_acao).toBeNull();
    expect(masked.valor_custeio_plano_acao).toBeNull();
    // Asked as "0903", answered as "903": the same program, kept.
    const { sameValue } = await import("../../server/sync/transferegov/client");
    expect(sameValue("903", "0903")).toBe(true);
    expect(sameValue(1, "001")).toBe(true);
    expect(sameValue("46.643.466/0001-06", "46643466000106")).toBe(true);
    expect(sameValue("904", "0903")).toBe(false);
    const { bankCodeOf } = await import("../../server/sync/transferegov/especiais");
    expect(bankCodeOf(1)).toBe("001");
    expect(bankCodeOf("104")).toBe("104");
  });

  it("reads a nonexistent payment order's 403 as no order, and still refuses a 403 anywhere else", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    const { client } = clientFor(server.url);
    expect(await client.all("especiais/ordens_pagamentos_ordens_bancarias_especiais", { id_dh: 999_999 })).toEqual([]);
    expect(server.requests).toHaveLength(1);
    server.fail("/especiais/empenhos-especiais", { status: 403 });
    await expect(client.all("especiais/empenhos_especiais", { id_plano_acao: 1 })).rejects.toThrow("O Transferegov recusou a consulta (HTTP 403): /especiais/empenhos-especiais.");
  });

  it("isolates a fundoafundo id the source answers 500 for: the list is halved until that id is alone, the rest is read", async () => {
    const tables = recordedTransferegov();
    const rows = Array.from({ length: 8 }, (_, n) => complete("fundoafundo/empenhos", { id_empenho: 700_000 + n, id_plano_acao: 710_000 + n }));
    tables["fundoafundo/empenhos"]!.push(...rows);
    server = await startRecordedTransferegov(tables);
    server.poison("fundoafundo/empenhos", "id_plano_acao", 710_005);
    const { client } = clientFor(server.url, { maxAttempts: 1 });
    const unreadable: string[] = [];
    const read = await client.allIn("fundoafundo/empenhos", "id_plano_acao", rows.map((r) => r.id_plano_acao as number), { onUnreadable: (id, error) => unreadable.push(`${id}: ${error.message}`) });
    expect(read.map((r) => r.id_plano_acao).sort()).toEqual(rows.map((r) => r.id_plano_acao).filter((id) => id !== 710_005).sort());
    expect(unreadable).toEqual([expect.stringMatching(/^710005: O Transferegov não respondeu depois de 1 tentativas \(HTTP 500\)/)]);
    // Without somebody to tell, the 500 fails the read.
    await expect(client.allIn("fundoafundo/empenhos", "id_plano_acao", [710_005])).rejects.toThrow(/HTTP 500/);
  });
});
