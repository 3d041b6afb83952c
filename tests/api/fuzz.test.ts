import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { demoApi } from "../support/accounts";
import { MALFORMED_MULTIPART_MESSAGE } from "../../server/app";
import { declaredLists } from "../../server/resources/declared";

/**
 * Bad input never answers 5xx (issue 10): every operation of the OpenAPI description, as every kind
 * of caller, with hostile paths, queries, bodies and content types. Each answer must be below 500,
 * carry no stack trace or SQL text, and a 200 must arrive whole (its JSON parses).
 */
const api = demoApi();

/** Operations a fuzzer must not call: they end the callers' own sessions. */
const SKIP = new Set(["POST /api/auth/logout"]);
/**
 * How many hostile requests each operation gets. `npm test` spreads a fixed budget over the operations
 * (FUZZ_BUDGET, 400 requests by default: about a minute on CI, however many areas exist); `npm run fuzz` sets FUZZ_RUNS=40
 * for a deep pass.
 */
const FUZZ_BUDGET = Number(process.env.FUZZ_BUDGET ?? 400);
const runsPerOperation = (operations: number) => Number(process.env.FUZZ_RUNS ?? Math.max(2, Math.floor(FUZZ_BUDGET / operations)));

const HOSTILE = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "2025-02-30",
  "2025-02-29",
  "0000-01-01",
  "-100000-01-01",
  "275760-09-13",
  "9999999999999999999999",
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "true",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "' or 1=1 --",
  "\"; drop table users; --",
  "<img src=x onerror=alert(1)>",
  "=HYPERLINK(\"http://x\")",
  "ação çã ÃÉ",
  "😀",
  "%",
  "_",
  "\\",
  "a".repeat(5000),
] as const;

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 }), fc.integer().map(String), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
const nested = fc.integer({ min: 1, max: 3000 }).map((depth) => {
  let value: unknown = "fundo";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  nested,
);

/** Every list field of every resource, with its operators: the filters a fuzzer should try. */
const filterKeysOf = (lists: ReturnType<typeof declaredLists>) => [...new Set(lists.flatMap((r) => Object.keys(r.listSpec.fields).flatMap((f) => [f, `${f}_ne`, `${f}_gte`, `${f}_lte`, `${f}_like`])))];
/** Query keys to try: the list contract's own, every declared filter (read from the app's routes, once it is up) and noise. */
const queryKeyOf = (filterKeys: string[]) => fc.oneof(fc.constantFrom("_start", "_end", "_sort", "_order", "q", "format", "id", "constructor", "__proto__", "toString", ...filterKeys), fc.string({ maxLength: 12 }));

interface Operation {
  method: string;
  path: string;
  params: string[];
  bodyFields: string[];
}

function operationsOf(doc: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(upper) || SKIP.has(`${upper} ${path}`)) continue;
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      operations.push({ method: upper, path, params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]), bodyFields: Object.keys(schema?.properties ?? {}) });
    }
  }
  return operations;
}

const LEAKS = [/\bat [\w.<>]+ \(/, /node_modules/, /\bselect\b[\s\S]*\bfrom\b/i, /\bdrizzle\b/i, /syntax error at/i, /PGlite|postgres error/i];

function checkAnswer(label: string, res: LightMyRequestResponse) {
  expect(res.statusCode, `${label} → ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const text = res.body.slice(0, 20_000);
  for (const leak of LEAKS) expect(leak.test(text), `${label} vazou ${leak}: ${text.slice(0, 300)}`).toBe(false);
  const type = String(res.headers["content-type"] ?? "");
  if (res.statusCode === 200 && type.includes("application/json") && res.body.length > 0) expect(() => JSON.parse(res.body), `${label}: JSON cortado`).not.toThrow();
}

let sent = 0;

/** Values each filter of a list is tried with, one filter at a time, so none hides behind another's 400. */
const SWEEP_VALUES = ["1", "-1", "2025-02-30", "0000-01-01", "-100000-01-01", "2026-11-22", "9999999999999999999", "true", "abc", "\u0000", "%", "\\", "a".repeat(3000)];
const SPECIAL_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "constructor_like", "toString_gte"];

describe("every operation of the OpenAPI description under hostile input", () => {
  it("answers every filter, operator and sort of every list with a 2xx or a 4xx, one at a time", async () => {
    for (const resource of declaredLists(api.ctx.app.apiRoutes)) {
      const base = `/api/${resource.name}`;
      const keys = [...Object.keys(resource.listSpec.fields).flatMap((f) => [f, `${f}_ne`, `${f}_gte`, `${f}_lte`, `${f}_like`]), ...SPECIAL_KEYS, "q", "_start", "_end"];
      for (const key of keys) {
        for (const value of SWEEP_VALUES) {
          const res = await api.admin()({ method: "GET", url: `${base}?${encodeURIComponent(key)}=${encodeURIComponent(value)}` });
          sent += 1;
          checkAnswer(`GET ${base}?${key}=${value.slice(0, 20)}`, res);
        }
      }
      for (const sort of [...Object.keys(resource.listSpec.fields), ...SPECIAL_KEYS]) {
        for (const order of ["asc", "desc", "x"]) {
          const res = await api.user()({ method: "GET", url: `${base}?_sort=${encodeURIComponent(sort)}&_order=${order}` });
          sent += 1;
          checkAnswer(`GET ${base}?_sort=${sort}`, res);
        }
      }
    }
  }, 600_000);

  it("never answers 5xx, never leaks internals and never cuts a 200 short", async () => {
    const doc = (await api.anonymous()({ method: "GET", url: "/api/docs/json" })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(30);
    const callers = {
      anonymous: api.anonymous,
      user: api.user,
      manager: api.manager,
      admin: api.admin,
      adminInCompany: () => {
        const send = api.admin();
        return (options: InjectOptions) => send({ ...options, headers: { "x-company-id": "1", ...(options.headers ?? {}) } });
      },
    };
    const request = fc.record({
      caller: fc.constantFrom(...(Object.keys(callers) as (keyof typeof callers)[])),
      params: fc.array(fc.oneof(hostileString, fc.integer({ min: 1, max: 40 }).map(String)), { minLength: 4, maxLength: 4 }),
      query: fc.dictionary(queryKeyOf(filterKeysOf(declaredLists(api.ctx.app.apiRoutes))), fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })), { maxKeys: 4 }),
      body: fc.oneof(
        { weight: 4, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 }) },
        { weight: 1, arbitrary: hostileValue },
      ),
      bodyKeys: fc.array(hostileValue, { minLength: 6, maxLength: 6 }),
      rawBody: fc.option(fc.constantFrom("{", "{\"a\":", "não é json", "[]", "null", "x".repeat(2_000_000)), { freq: 8 }),
      contentType: fc.constantFrom("application/json", "application/json", "application/json", "text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"),
    });
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let url = operation.path;
          operation.params.forEach((name, i) => (url = url.replace(`{${name}}`, encodeURIComponent(r.params[i % r.params.length]))));
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(r.query)) for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
          const body = operation.bodyFields.length ? Object.fromEntries(operation.bodyFields.map((field, i) => [field, r.bodyKeys[i % r.bodyKeys.length]])) : r.body;
          const withBody = operation.method !== "GET" && operation.method !== "DELETE";
          const target = `${url}${search.size ? `?${search}` : ""}`;
          const options: InjectOptions = {
            method: operation.method as InjectOptions["method"],
            url: target,
            headers: withBody ? { "content-type": r.contentType } : {},
            payload: withBody ? (r.rawBody ?? (r.contentType === "application/json" ? JSON.stringify(body) : String(r.body))) : undefined,
          };
          const label = `${r.caller} ${options.method} ${target.slice(0, 200)}`;
          const res = await callers[r.caller]()(options);
          sent += 1;
          checkAnswer(label, res);
        }),
        { numRuns: runsPerOperation(operations.length), seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }
    console.info(`fuzz: ${sent} requisições em ${operations.length} operações, nenhuma 5xx`);
  }, 1_800_000);

  it("answers malformed multipart bodies on every upload route with a 4xx (a broken one: 400 in pt-BR), never a 5xx", async () => {
    const doc = (await api.anonymous()({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const uploads = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => /multipart/i.test(operation.summary ?? ""))
        .map(([method]) => ({ method: method.toUpperCase() as InjectOptions["method"], url: path })),
    );
    expect(uploads.map((u) => u.url)).toEqual(expect.arrayContaining(["/api/regularity/cauc-import", "/api/imports/siconv"]));
    const CRLF = "\r\n";
    const part = (boundary: string, name: string, filename: string, content: string) =>
      `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"; filename="${filename}"${CRLF}Content-Type: application/octet-stream${CRLF}${CRLF}${content}${CRLF}`;
    // The shapes that answered 500: a body cut inside a part, no closing boundary, a boundary the header does not announce.
    const known: { contentType: string; body: string }[] = [
      { contentType: "multipart/form-data", body: part("x", "file", "a.csv", "1;2") },
      { contentType: "multipart/form-data; boundary=x", body: part("x", "file", "siconv_proposta.csv", "a;b").slice(0, 60) },
      { contentType: "multipart/form-data; boundary=x", body: `--x${CRLF}Content-Disposition: form-data; name="file"; filename="a.csv"${CRLF}` },
      { contentType: "multipart/form-data; boundary=x", body: `--x${CRLF}${CRLF}sem cabeçalhos${CRLF}--x--` },
      { contentType: `multipart/form-data; boundary=${"b".repeat(300)}`, body: part("b".repeat(300), "file", "a.csv", "1") },
      { contentType: "multipart/form-data; boundary=x", body: "--x" },
      { contentType: "multipart/form-data; boundary=", body: part("", "file", "a.csv", "1") },
    ];
    const boundary = fc.oneof(fc.constantFrom("x", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "b".repeat(80), ""), fc.string({ minLength: 1, maxLength: 90 }).filter((b) => !/[\s;"\r\n]/.test(b)));
    const malformed = fc
      .record({
        announced: boundary,
        used: boundary,
        name: fc.constantFrom("file", "files", "", "__proto__"),
        filename: fc.constantFrom("siconv_proposta.csv", "siconv_pagamento.zip", "cauc.csv", "../../etc/passwd", "a\u0000b.csv", ""),
        content: fc.oneof(hostileString, fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1"))),
        cut: fc.option(fc.integer({ min: 0, max: 400 }), { freq: 2 }),
        closing: fc.boolean(),
      })
      .map((r) => {
        const whole = part(r.used, r.name, r.filename, r.content) + (r.closing ? `--${r.used}--${CRLF}` : "");
        return { contentType: `multipart/form-data; boundary=${r.announced}`, body: r.cut === null ? whole : whole.slice(0, r.cut) };
      });
    for (const upload of uploads) {
      for (const { contentType, body } of known) {
        const res = await api.admin()({ method: upload.method, url: upload.url, headers: { "content-type": contentType }, payload: body });
        sent += 1;
        checkAnswer(`${upload.method} ${upload.url} multipart ${JSON.stringify(body.slice(0, 60))}`, res);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        if (res.statusCode === 400) expect(res.json().message).toBe(MALFORMED_MULTIPART_MESSAGE);
      }
      await fc.assert(
        fc.asyncProperty(malformed, async ({ contentType, body }) => {
          const res = await api.admin()({ method: upload.method, url: upload.url, headers: { "content-type": contentType }, payload: body });
          sent += 1;
          checkAnswer(`${upload.method} ${upload.url} multipart ${JSON.stringify(body.slice(0, 80))}`, res);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: Number(process.env.FUZZ_SEED ?? 20261126) },
      );
    }
  }, 600_000);
});
