import { z } from "zod";
import { PAGE_PARAMS, PAGE_SIZE, columnsOf, kindOf, maxValuesOf, moduleOf, pathsOf, type Filters, type Module, type Row, type TableName } from "./tables";

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

/**
 * Tables where the API answers 403 to a filter that matches nothing (a documento hábil without a
 * payment order yet): read as an empty answer, never as a refusal of the whole sync.
 */
const EMPTY_ON_403 = new Set<TableName>(["especiais/ordens_pagamentos_ordens_bancarias_especiais"]);

/** A masked value (`"***"`): the API hides it; it is unknown, not a value. */
const MASKED = /^\*+$/;

/**
 * Whether a value the API answered is the one sent: as text, or as the same digits once the
 * punctuation of a document and the leading zeros a code loses on the way (0903 → 903) are set aside.
 */
export function sameValue(answered: unknown, sent: string): boolean {
  if (answered === null || answered === undefined) return false;
  const a = String(answered).trim();
  if (a === sent) return true;
  const digitsA = a.replace(/[./-]/g, "");
  const digitsS = sent.replace(/[./-]/g, "");
  return /^\d+$/.test(digitsA) && /^\d+$/.test(digitsS) && digitsA.replace(/^0+/, "") === digitsS.replace(/^0+/, "");
}

/** Masked numbers become null (unknown); everything else is kept as answered. */
function unmasked(table: TableName, row: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [column, value] of Object.entries(row)) {
    if (typeof value !== "string" || !MASKED.test(value.trim())) continue;
    const kind = kindOf(table, column);
    if (kind === "int" || kind === "number") (copy ??= { ...row })[column] = null;
  }
  return copy ?? row;
}
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as Retry-After may carry; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface AllInOptions<T extends TableName> {
  /** Other filters sent with every list. */
  filters?: Filters<T>;
  /**
   * Without it, a list the source answers with a 500 fails the read. With it, the list is split in
   * halves until the id the source chokes on is alone; that id is reported here and the rest is read.
   */
  onUnreadable?: (id: string, error: TransferegovError) => void;
}

/** One page as read: its rows (checked and unmasked) and where the table ends. */
export interface TablePage<T extends TableName> {
  rows: Row<T>[];
  totalPages: number;
  totalItems: number;
}

export interface TransferegovClient {
  readonly baseUrl: string;
  /** Every row matching the filters, page after page (pagina 1…total_pages, 200 rows each). */
  all<T extends TableName>(table: T, filters: Filters<T>): Promise<Row<T>[]>;
  /**
   * Every row whose `column` is one of `ids`, asked in comma lists as long as the API takes for that
   * column (one id a request where it takes one), each list paged like `all`.
   */
  allIn<T extends TableName>(table: T, column: string, ids: readonly (string | number)[], options?: AllInOptions<T>): Promise<Row<T>[]>;
  /**
   * One page of a table read whole or filtered (`number` from 1), checked like `all`: what the
   * national mirror reads page by page, so that no more than one page is ever held in memory.
   */
  page<T extends TableName>(table: T, filters: Filters<T>, number: number): Promise<TablePage<T>>;
  /** Rows the API answered that did not match the filter sent: dropped, never stored. */
  readonly skipped: number;
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
  let skipped = 0;

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
    let lastStatus: number | undefined;
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
        lastStatus = response.status;
        const asked = retryAfterMs(response.headers.get("retry-after"));
        await response.body?.cancel();
        if (attempt < maxAttempts) await sleep(Math.min(maxBackoffMs, asked ?? backoff(attempt)));
        continue;
      }
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return { status: response.status, body: null };
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
    throw new TransferegovError(`O Transferegov não respondeu depois de ${maxAttempts} tentativas (${lastProblem}): ${new URL(url).pathname}.`, lastStatus);
  }

  /** Exponential with jitter: about 1 s, 2 s, 4 s… up to the cap. */
  function backoff(attempt: number): number {
    return Math.min(maxBackoffMs, 1000 * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
  }

  /** Each filter as sent: a column of the table, a value, a list only where the column takes one. */
  function checkFilters(table: TableName, filters: Record<string, unknown>): { name: string; values: string[] }[] {
    const columns = new Set(columnsOf(table));
    return Object.entries(filters).map(([name, value]) => {
      if (!columns.has(name) || (PAGE_PARAMS as readonly string[]).includes(name)) throw new TransferegovParameterError(table, name);
      const values = (Array.isArray(value) ? value : [value]) as unknown[];
      const max = maxValuesOf(table, name);
      if (values.length === 0 || values.some((v) => (typeof v !== "string" && typeof v !== "number") || String(v).trim() === "" || String(v).includes(","))) {
        throw new TransferegovParameterError(table, `${name}=${String(value)}`);
      }
      if (values.length > max) {
        throw new TransferegovParameterError(table, `${name} com ${values.length} valores (${max === 1 ? "aceita um só" : `aceita no máximo ${max}`})`);
      }
      return { name, values: values.map((v) => String(v).trim()) };
    });
  }

  const matches = (row: Record<string, unknown>, filters: { name: string; values: string[] }[]) =>
    filters.every(({ name, values }) => values.some((value) => sameValue(row[name], value)));

  async function page(table: TableName, filters: { name: string; values: string[] }[], number: number): Promise<Envelope> {
    const size = PAGE_SIZE[moduleOf(table)];
    const query = new URLSearchParams([...filters.map(({ name, values }) => [name, values.join(",")]), ["pagina", String(number)], ["tamanho_da_pagina", String(size)]]).toString();
    const paths = resolvedPath.has(table) ? [resolvedPath.get(table)!] : pathsOf(table);
    for (const path of paths) {
      const { status, body } = await getJson(`${baseUrl}/${path}?${query}`);
      if (status === 404) continue;
      resolvedPath.set(table, path);
      if (status === 403) {
        if (EMPTY_ON_403.has(table)) return { data: [], total_pages: 0, total_items: 0, page_number: number, page_size: size };
        throw new TransferegovError(`O Transferegov recusou a consulta (HTTP 403): /${path}.`, 403);
      }
      const parsed = envelopeSchema.safeParse(body);
      if (!parsed.success) throw new TransferegovError(`O Transferegov respondeu fora do formato paginado em /${path}.`);
      return parsed.data;
    }
    throw new TransferegovError(`Tabela não encontrada no Transferegov: /${paths.join(" ou /")}.`, 404);
  }

  /** Keeps the rows that match what was sent; the rest are counted and dropped. */
  function checked(table: TableName, rows: Record<string, unknown>[], filters: { name: string; values: string[] }[]) {
    const kept: Record<string, unknown>[] = [];
    for (const row of rows.map((r) => unmasked(table, r))) {
      if (matches(row, filters)) kept.push(row);
      else skipped += 1;
    }
    return kept;
  }

  async function all(table: TableName, filters: Record<string, unknown>) {
    const sent = checkFilters(table, filters);
    const first = await page(table, sent, 1);
    const rows = checked(table, first.data, sent);
    // A first page of nobody's rows over several pages is the national table: the filter was not applied.
    if (sent.length > 0 && rows.length === 0 && first.data.length > 0 && first.total_pages > 1) {
      throw new TransferegovError(`O Transferegov ignorou o filtro ${sent.map((f) => f.name).join(", ")} em ${table} e respondeu a tabela nacional; a consulta foi interrompida.`);
    }
    for (let number = 2; number <= first.total_pages; number++) {
      const next = await page(table, sent, number);
      if (next.data.length === 0) break;
      rows.push(...checked(table, next.data, sent));
    }
    return rows;
  }

  return {
    baseUrl,
    get requests() {
      return requests;
    },
    get skipped() {
      return skipped;
    },
    async all(table, filters) {
      return (await all(table, filters as Record<string, unknown>)) as Row<typeof table>[];
    },
    async page(table, filters, number) {
      const sent = checkFilters(table, filters as Record<string, unknown>);
      const answered = await page(table, sent, number);
      return { rows: checked(table, answered.data, sent) as Row<typeof table>[], totalPages: answered.total_pages, totalItems: answered.total_items };
    },
    async allIn(table, column, ids, options = {}) {
      const unique = [...new Set(ids.map(String))];
      const size = maxValuesOf(table, column);
      const lists: string[][] = [];
      for (let start = 0; start < unique.length; start += size) lists.push(unique.slice(start, start + size));
      const rows: Record<string, unknown>[] = [];
      while (lists.length > 0) {
        const list = lists.shift()!;
        try {
          rows.push(...(await all(table, { ...options.filters, [column]: list })));
        } catch (error) {
          if (!options.onUnreadable || !(error instanceof TransferegovError) || error.status !== 500) throw error;
          if (list.length === 1) options.onUnreadable(list[0], error);
          else lists.unshift(list.slice(0, Math.ceil(list.length / 2)), list.slice(Math.ceil(list.length / 2)));
        }
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
