import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { TABLES, MAX_PAGE_SIZE, type TableName } from "../../../server/sync/transferegov/tables";
import type { RecordedRow, RecordedTables } from "./recorded";

/**
 * A local stand-in for api-publica.transferegov.gestao.gov.br serving recorded rows the way the real
 * service does: `GET /{module}/{table}?col=value&pagina=N&tamanho_da_pagina=M`, equality filters on
 * the table's columns, an unknown parameter silently ignored (the whole table comes back), pages
 * in the envelope `{data, total_pages, total_items, page_number, page_size}`, `tamanho_da_pagina`
 * over 200 refused with 422, and `/{module}/data-atualizacao`. Tests can queue failures (429 with
 * Retry-After, 5xx, a hang) and rows of somebody else that the service answers anyway.
 */

export interface InjectedFailure {
  status: number;
  headers?: Record<string, string>;
  /** Never answer (the client's timeout must end it). */
  hang?: boolean;
}

export interface RecordedServer {
  url: string;
  tables: RecordedTables;
  /** Every request received, as `path?query`. */
  requests: string[];
  /** The next requests whose path starts with `prefix` get these answers, in order. */
  fail(prefix: string, ...failures: InjectedFailure[]): void;
  /** Rows the service adds to every page of `table`, whatever the filters (a misbehaving source). */
  leak(table: TableName, rows: RecordedRow[]): void;
  freshness: Record<string, string>;
  close(): Promise<void>;
}

export interface RecordedServerOptions {
  /** Serve the especiais tables only at hyphenated paths (`beneficiarios-especiais`), 404 at the documented ones. */
  hyphenatedEspeciais?: boolean;
  host?: string;
  port?: number;
}

export async function startRecordedTransferegov(tables: RecordedTables, options: RecordedServerOptions = {}): Promise<RecordedServer> {
  const byPath = new Map<string, TableName>();
  for (const name of Object.keys(TABLES) as TableName[]) {
    const [module, table] = name.split("/");
    const spelling = module === "especiais" && options.hyphenatedEspeciais ? table.replace(/_/g, "-") : table;
    byPath.set(`/${module}/${spelling}`, name);
  }
  const failures: { prefix: string; failure: InjectedFailure }[] = [];
  const leaks = new Map<TableName, RecordedRow[]>();
  const hanging = new Set<ServerResponse>();
  const state: RecordedServer = {
    url: "",
    tables,
    requests: [],
    freshness: { especiais: "2026-08-03T06:12:45", fundoafundo: "2026-08-03T05:40:10" },
    fail(prefix, ...list) {
      failures.push(...list.map((failure) => ({ prefix, failure })));
    },
    leak(table, rows) {
      leaks.set(table, [...(leaks.get(table) ?? []), ...rows]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://recorded");
    state.requests.push(`${url.pathname}${url.search}`);
    const injected = failures.findIndex((f) => url.pathname.startsWith(f.prefix));
    if (injected >= 0) {
      const [{ failure }] = failures.splice(injected, 1);
      if (failure.hang) {
        hanging.add(response);
        return;
      }
      return json(response, failure.status, { detail: failure.status === 429 ? "Too Many Requests" : "Internal Server Error" }, failure.headers);
    }
    const module = url.pathname.split("/")[1];
    if (url.pathname === `/${module}/data-atualizacao` && state.freshness[module]) return json(response, 200, { data_ultima_atualizacao: state.freshness[module] });
    const table = byPath.get(url.pathname);
    if (!table) return json(response, 404, { detail: "Not Found" });
    const size = Number(url.searchParams.get("tamanho_da_pagina") ?? 100);
    const page = Number(url.searchParams.get("pagina") ?? 1);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE || !Number.isInteger(page) || page < 1) {
      return json(response, 422, { detail: [{ loc: ["query", "tamanho_da_pagina"], msg: "Input should be less than or equal to 200", type: "less_than_equal" }] });
    }
    const columns = Object.keys(TABLES[table]);
    // Like the real service: a parameter that is not a column is ignored, not refused.
    const filters = [...url.searchParams.entries()].filter(([key]) => columns.includes(key));
    const matching = (tables[table] ?? []).filter((row) => filters.every(([key, value]) => row[key] !== null && String(row[key]) === value));
    const all = [...matching, ...(leaks.get(table) ?? [])];
    const totalPages = Math.ceil(all.length / size);
    json(response, 200, { data: all.slice((page - 1) * size, page * size), total_pages: totalPages, total_items: all.length, page_number: page, page_size: size });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  return state;
}
