import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { TABLES, PAGE_SIZE, maxValuesOf, moduleOf, type Module, type TableName } from "../../../server/sync/transferegov/tables";
import type { RecordedRow, RecordedTables } from "./recorded";

/**
 * A local stand-in for api-publica.transferegov.gestao.gov.br serving recorded rows the way the real
 * service does: `GET /{module}/{table}?col=value&pagina=N&tamanho_da_pagina=M`, equality filters on
 * the table's columns, an unknown parameter silently ignored (the whole table comes back), pages
 * in the envelope `{data, total_pages, total_items, page_number, page_size}`, `tamanho_da_pagina`
 * one over the module's cap refused with 422 (200 especiais, 1000 fundoafundo), comma lists on the
 * filters that take them (one over their most values: 422), especiais at its September 2026
 * hyphenated paths, a payment-order filter that matches nothing answered 403, the `parcerias`
 * module's tables (every id filter a list of up to 200, pages of 200), and
 * `/{module}/data-atualizacao`. Tests can queue failures (429 with Retry-After, 5xx, a hang), make a
 * filter value answer 500, and add rows of somebody else that the service answers anyway.
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
  /** Rows the service adds to every page of `table`, whatever the filters (a misbehaving source); none stops it. */
  leak(table: TableName, rows: RecordedRow[]): void;
  /** Any request to `table` whose `column` filter includes `value` answers 500 (a filter the source chokes on). */
  poison(table: TableName, column: string, value: string | number): void;
  freshness: Record<string, string>;
  close(): Promise<void>;
}

export interface RecordedServerOptions {
  /**
   * How especiais paths are spelled: `hyphen` (September 2026, the default: `beneficiarios-especiais`)
   * or `underscore` (the August 2026 snapshot); the other spelling answers 404.
   */
  especiaisSpelling?: "hyphen" | "underscore";
  host?: string;
  port?: number;
  /**
   * The tables never change after start (the benchmark's national-size stand-in): each filter is
   * looked up in an index built on first use instead of scanning the table, so the stand-in answers
   * like a database would. Tests that edit the tables in place leave it off.
   */
  frozen?: boolean;
}

export async function startRecordedTransferegov(tables: RecordedTables, options: RecordedServerOptions = {}): Promise<RecordedServer> {
  const byPath = new Map<string, TableName>();
  for (const name of Object.keys(TABLES) as TableName[]) {
    const [module, table] = name.split("/");
    const spelling = module === "especiais" && (options.especiaisSpelling ?? "hyphen") === "hyphen" ? table.replace(/_/g, "-") : table;
    byPath.set(`/${module}/${spelling}`, name);
  }
  const failures: { prefix: string; failure: InjectedFailure }[] = [];
  const leaks = new Map<TableName, RecordedRow[]>();
  const poisoned: { table: TableName; column: string; value: string }[] = [];
  const hanging = new Set<ServerResponse>();
  const state: RecordedServer = {
    url: "",
    tables,
    requests: [],
    freshness: { especiais: "2026-08-03T06:12:45", fundoafundo: "2026-08-03T05:40:10", parcerias: "2026-08-03T04:55:30" },
    fail(prefix, ...list) {
      failures.push(...list.map((failure) => ({ prefix, failure })));
    },
    leak(table, rows) {
      if (rows.length === 0) leaks.delete(table);
      else leaks.set(table, [...(leaks.get(table) ?? []), ...rows]);
    },
    poison(table, column, value) {
      poisoned.push({ table, column, value: String(value) });
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
    const cap = PAGE_SIZE[moduleOf(table) as Module];
    const size = Number(url.searchParams.get("tamanho_da_pagina") ?? 100);
    const page = Number(url.searchParams.get("pagina") ?? 1);
    if (!Number.isInteger(size) || size < 1 || size > cap || !Number.isInteger(page) || page < 1) {
      return json(response, 422, { detail: [{ loc: ["query", "tamanho_da_pagina"], msg: `Input should be less than or equal to ${cap}`, type: "less_than_equal" }] });
    }
    const columns = Object.keys(TABLES[table]);
    // Like the real service: a parameter that is not a column is ignored, not refused; a repeated one keeps its last value.
    const filters = new Map<string, string[]>();
    for (const [key, value] of url.searchParams.entries()) {
      if (!columns.includes(key)) continue;
      // A comma list only where the column takes one; anywhere else the comma is part of one odd value.
      const max = maxValuesOf(table, key);
      const values = max > 1 ? value.split(",") : [value];
      if (values.length > max) {
        return json(response, 422, { detail: [{ loc: ["query", key], msg: `List should have at most ${max} items after validation, not ${values.length}`, type: "too_long" }] });
      }
      filters.set(key, values);
    }
    if (poisoned.some((p) => p.table === table && filters.get(p.column)?.includes(p.value))) return json(response, 500, { detail: "Internal Server Error" });
    const matching = candidates(table, filters).filter((row) => [...filters].every(([key, values]) => row[key] !== null && values.includes(String(row[key]))));
    if (table === "especiais/ordens_pagamentos_ordens_bancarias_especiais" && filters.size > 0 && matching.length === 0) return json(response, 403, { detail: "Forbidden" });
    const all = [...matching, ...(leaks.get(table) ?? [])];
    const totalPages = Math.ceil(all.length / size);
    json(response, 200, { data: all.slice((page - 1) * size, page * size), total_pages: totalPages, total_items: all.length, page_number: page, page_size: size });
  }

  /** Per table and column, rows by value (frozen tables only). */
  const indexes = new Map<string, Map<string, RecordedRow[]>>();
  function candidates(table: TableName, filters: Map<string, string[]>): RecordedRow[] {
    const rows = tables[table] ?? [];
    const first = [...filters][0];
    if (!options.frozen || !first) return rows;
    const [column, values] = first;
    const key = `${table}|${column}`;
    let index = indexes.get(key);
    if (!index) {
      index = new Map();
      for (const row of rows) {
        if (row[column] === null || row[column] === undefined) continue;
        const value = String(row[column]);
        const list = index.get(value);
        if (list) list.push(row);
        else index.set(value, [row]);
      }
      indexes.set(key, index);
    }
    return values.flatMap((value) => index.get(value) ?? []);
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  return state;
}
