import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_PARAMS, columnsOf, pathsOf, type Filters, type Module, type Row, type TableName } from "./tables";

/** The official host of the public API (research notes 1.1); TRANSFEREGOV_API_URL overrides it. */
export const TRANSFEREGOV_API_URL = "https://api-publica.transferegov.gestao.gov.br";

export interface TransferegovClientOptions {
  baseUrl?: string;
  /** Longest wait for one answer (ms). */
  timeoutMs?: number;
  /** The polite rate: at most this many requests per minute, one at a time. */
  requestsPerMinute?: number;
  /** Tries of one request on 429, 5xx, timeouts and dropped connections. */
  maxAttempts?: number;
  /** Longest pause between tries, whatever Retry-After asks (ms). */
  maxBackoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called before each request and each retry pause (progress, logs). */
  onRequest?: (event: { url: string; attempt: number }) => void;
}

/** A filter the table does not have: refused before any request, never sent. */
export class TransferegovParameterError extends Error {
  constructor(
    readonly table: TableName,
    readonly parameter: string,
  ) {
    super(`Parâmetro desconhecido "${parameter}" para ${table}: a API o ignoraria e devolveria a tabela nacional inteira.`);
    this.name = "TransferegovParameterError";
  }
}

/** The API did not answer as documented, or not at all after every try. */
export class TransferegovError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "TransferegovError";
  }
}

/** The paginated envelope every table answers with. */
const envelopeSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  total_pages: z.number().int().min(0),
  total_items: z.number().int().min(0),
  page_number: z.number().int().min(0),
  page_size: z.number().int().min(0),
});
export type Envelope = z.infer<typeof envelopeSchema>;

const freshnessSchema = z.object({ data_ultima_atualizacao: z.string().min(1) }).passthrough();

const TRANSIENT = new Set([429, 500, 502, 503, 504]);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as Retry-After may carry; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface TransferegovClient {
  readonly baseUrl: string;
  /** Every row matching the filters, page after page (pagina 1…total_pages, 200 rows each). */
  all<T extends TableName>(table: T, filters: Filters<T>): Promise<Row<T>[]>;
  /** When the module's data was last refreshed (`/{module}/data-atualizacao`), as the API says it. */
  freshness(module: Module): Promise<string>;
  /** How many requests were sent, retries included. */
  readonly requests: number;
}

export function createTransferegovClient(options: TransferegovClientOptions = {}): TransferegovClient {
  const baseUrl = (options.baseUrl ?? TRANSFEREGOV_API_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 30_000;
  const interval = 60_000 / (options.requestsPerMinute ?? 120);
  const maxAttempts = options.maxAttempts ?? 5;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  /** The path that answered for each table (a 404 moves to the next spelling). */
  const resolvedPath = new Map<TableName, string>();
  let lastStart = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let requests = 0;

  /** One request at a time, never sooner than `interval` after the previous one started. */
  function politely<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = lastStart + interval - Date.now();
      if (wait > 0) await sleep(wait);
      lastStart = Date.now();
      return work();
    });
    queue = run.catch(() => undefined);
    return run;
  }

  async function getJson(url: string): Promise<{ status: number; body: unknown }> {
    let lastProblem = "";
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      options.onRequest?.({ url, attempt });
      let response: Response;
      try {
        response = await politely(() => {
          requests += 1;
          return fetch(url, { headers: { accept: "application/json", "user-agent": "sol-transferencias (sincronização Transferegov)" }, signal: AbortSignal.timeout(timeoutMs) });
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        lastProblem = timedOut ? `sem resposta em ${timeoutMs / 1000} s` : `falha de conexão (${error instanceof Error ? error.message : String(error)})`;
        if (attempt < maxAttempts) await sleep(backoff(attempt));
        continue;
      }
      if (TRANSIENT.has(response.status)) {
        lastProblem = `HTTP ${response.status}`;
        const asked = retryAfterMs(response.headers.get("retry-after"));
        await response.body?.cancel();
        if (attempt < maxAttempts) await sleep(Math.min(maxBackoffMs, asked ?? backoff(attempt)));
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return { status: 404, body: null };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new TransferegovError(`O Transferegov recusou a consulta (HTTP ${response.status}): ${new URL(url).pathname}.`, response.status);
      }
      try {
        return { status: response.status, body: await response.json() };
      } catch {
        throw new TransferegovError(`O Transferegov respondeu algo que não é JSON em ${new URL(url).pathname}.`);
      }
    }
    throw new TransferegovError(`O Transferegov não respondeu depois de ${maxAttempts} tentativas (${lastProblem}): ${new URL(url).pathname}.`);
  }

  /** Exponential with jitter: about 1 s, 2 s, 4 s… up to the cap. */
  function backoff(attempt: number): number {
    return Math.min(maxBackoffMs, 1000 * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
  }

  function checkFilters(table: TableName, filters: Record<string, unknown>): [string, string][] {
    const columns = new Set(columnsOf(table));
    return Object.entries(filters).map(([name, value]) => {
      if (!columns.has(name) || (PAGE_PARAMS as readonly string[]).includes(name)) throw new TransferegovParameterError(table, name);
      if ((typeof value !== "string" && typeof value !== "number") || String(value).trim() === "") {
        throw new TransferegovParameterError(table, `${name}=${String(value)}`);
      }
      return [name, String(value)];
    });
  }

  async function page(table: TableName, filters: [string, string][], number: number): Promise<Envelope> {
    const query = new URLSearchParams([...filters, ["pagina", String(number)], ["tamanho_da_pagina", String(MAX_PAGE_SIZE)]]).toString();
    const paths = resolvedPath.has(table) ? [resolvedPath.get(table)!] : pathsOf(table);
    for (const path of paths) {
      const { status, body } = await getJson(`${baseUrl}/${path}?${query}`);
      if (status === 404) continue;
      resolvedPath.set(table, path);
      const parsed = envelopeSchema.safeParse(body);
      if (!parsed.success) throw new TransferegovError(`O Transferegov respondeu fora do formato paginado em /${path}.`);
      return parsed.data;
    }
    throw new TransferegovError(`Tabela não encontrada no Transferegov: /${paths.join(" ou /")}.`, 404);
  }

  return {
    baseUrl,
    get requests() {
      return requests;
    },
    async all(table, filters) {
      const checked = checkFilters(table, filters as Record<string, unknown>);
      const first = await page(table, checked, 1);
      const rows = [...first.data];
      for (let number = 2; number <= first.total_pages; number++) {
        const next = await page(table, checked, number);
        if (next.data.length === 0) break;
        rows.push(...next.data);
      }
      return rows as Row<typeof table>[];
    },
    async freshness(module) {
      const { status, body } = await getJson(`${baseUrl}/${module}/data-atualizacao`);
      const parsed = freshnessSchema.safeParse(body);
      if (status === 404 || !parsed.success) throw new TransferegovError(`O Transferegov não informou a data de atualização de ${module}.`);
      return parsed.data.data_ultima_atualizacao;
    },
  };
}
