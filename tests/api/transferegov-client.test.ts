import { afterEach, describe, expect, it } from "vitest";
import { createTransferegovClient, retryAfterMs, TransferegovError, TransferegovParameterError } from "../../server/sync/transferegov/client";
import { recordedTransferegov, SJC } from "../support/transferegov/recorded";
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
      `/especiais/planos_acao_especiais?id_beneficiario=${SJC.idBeneficiario}&pagina=1&tamanho_da_pagina=200`,
      `/especiais/planos_acao_especiais?id_beneficiario=${SJC.idBeneficiario}&pagina=2&tamanho_da_pagina=200`,
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
    const national = (await (await fetch(`${server.url}/especiais/beneficiarios_especiais?cnpj=${SJC.cnpj}&pagina=1&tamanho_da_pagina=200`)).json()) as { total_items: number };
    expect(national.total_items).toBeGreaterThan(1);
  });

  it("retries a 429 after the pause Retry-After asks for, then a 503 with backoff, and gets the page", async () => {
    server = await startRecordedTransferegov(recordedTransferegov());
    server.fail("/especiais/beneficiarios_especiais", { status: 429, headers: { "retry-after": "7" } }, { status: 503 });
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
    server.fail("/especiais/beneficiarios_especiais", { status: 0, hang: true });
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

  it("moves to the hyphenated path when the documented one answers 404, and remembers it", async () => {
    server = await startRecordedTransferegov(recordedTransferegov(), { hyphenatedEspeciais: true });
    const { client } = clientFor(server.url);
    expect(await client.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj })).toHaveLength(1);
    expect(await client.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: SJC.cnpj })).toHaveLength(1);
    expect(server.requests.map((r) => r.split("?")[0])).toEqual(["/especiais/beneficiarios_especiais", "/especiais/beneficiarios-especiais", "/especiais/beneficiarios-especiais"]);
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
