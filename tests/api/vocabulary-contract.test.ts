import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { demoApi } from "../support/accounts";
import { ENGLISH, bodyWith, fieldsOf, impossibleValuesOf, messageFor, sampleParam, type BodyField } from "../support/vocabulary-cases";
import type { ApiRoute } from "../../server/auth/access";

const api = demoApi();

/**
 * Field names that hold a kind of the vocabulary (case matters: `sentOn`, not `description`). A field
 * so named but built some other way escapes the shared rules and messages, so the test names it.
 */
const LOOKS_LIKE: [RegExp, string][] = [
  [/(Value|Amount|Price|Total|Cost|Budget)$|^(value|amount|price|total)$/, "money"],
  [/^(date|deadline)$|(Date|Deadline|Due|Start|End|Until)$|[a-z](On|At)$/, "date"],
  [/^(cnpj|cpf)$|(Cnpj|Cpf|Document)s?$/, "document"],
  [/^percent|Percent(age)?$|Pct$/, "percent"],
  [/^(url|link)$|(Url|Link)$/, "link"],
];

/** Fields whose name misleads the guess above (none is a vocabulary kind); each says why. */
const NOT_OF_THE_VOCABULARY = new Set<string>([
  // A chat question to the assistant, and the variables it passes on untouched.
  "POST /api/v1/prediction/:id overrideConfig.vars.cnpj",
]);

/**
 * Fields still built outside the vocabulary (issue 31 item 1). Every area has moved, so it is empty: a
 * new body's field named like a kind must be built from the vocabulary, not parked here.
 */
const NOT_YET_MOVED = new Set<string>([]);

interface Write {
  route: ApiRoute;
  url: string;
  fields: BodyField[];
}

/** Every declared write with a body, its URL with sample path parameters, and its body's fields. */
function declaredWrites(routes: ApiRoute[]): Write[] {
  return routes
    .filter((r) => r.declared && ["POST", "PUT", "PATCH"].includes(r.method) && r.schema?.body)
    .map((route) => {
      const params = (route.schema?.params as z.ZodObject | undefined)?.shape ?? {};
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => (params[name] ? sampleParam(params[name] as z.ZodType) : "1"));
      return { route, url, fields: fieldsOf(route.schema!.body as z.ZodType) };
    });
}

const nameOf = (write: Write, field: BodyField) => `${write.route.method} ${write.route.url} ${field.path.join(".")}`;

// More than 500 requests in one test: about a minute alone, several when the browser suite shares the two cores.
describe("the field vocabulary's impossible values, derived from every declared body (issue 31 item 6)", { timeout: 300_000 }, () => {
  it("builds every money, date, document, percent and link field of every body from the vocabulary", () => {
    const strays: string[] = [];
    const waiting = new Set<string>();
    for (const write of declaredWrites(api.ctx.app.apiRoutes)) {
      for (const field of write.fields) {
        if (field.kind) continue;
        const name = nameOf(write, field);
        const guess = LOOKS_LIKE.find(([pattern]) => pattern.test(field.path[field.path.length - 1]));
        if (!guess || NOT_OF_THE_VOCABULARY.has(name)) continue;
        // A list whose elements are of the vocabulary (beneficiaryCnpjs.0) is named by its element.
        const element = [...field.path, "0"].join(".");
        if (write.fields.some((other) => other.kind && other.path.join(".") === element)) continue;
        if (NOT_YET_MOVED.has(name)) waiting.add(name);
        else strays.push(`${name} (${guess[1]}?)`);
      }
    }
    expect(strays).toEqual([]);
    // A field that moved to the vocabulary leaves the waiting list.
    expect([...NOT_YET_MOVED].filter((name) => !waiting.has(name))).toEqual([]);
  });

  it("refuses each impossible value of each field's kind with a 422 whose pt-BR message is the field's own, as the form shows it", async () => {
    const writes = declaredWrites(api.ctx.app.apiRoutes);
    const failures: string[] = [];
    let cases = 0;
    for (const write of writes) {
      for (const field of write.fields) {
        if (!field.kind) continue;
        for (const { value, why } of impossibleValuesOf(field.kind)) {
          cases++;
          const expected = messageFor(field.schema, value);
          const label = `${nameOf(write, field)} = ${JSON.stringify(value)} (${why})`;
          if (!expected) {
            failures.push(`${label}: o próprio campo aceita o valor`);
            continue;
          }
          const res = await api.admin()({ method: write.route.method as "POST", url: write.url, payload: bodyWith(field.path, value) });
          const got = res.statusCode === 422 ? (res.json() as { errors?: Record<string, string> }).errors?.[field.path.join(".")] : undefined;
          if (res.statusCode !== 422) failures.push(`${label}: respondeu ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (got !== expected) failures.push(`${label}: mensagem ${JSON.stringify(got)}, esperada ${JSON.stringify(expected)}`);
          else if (ENGLISH.test(got)) failures.push(`${label}: mensagem em inglês ${JSON.stringify(got)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk really reaches the bodies: every area's money, dates and documents are in.
    expect(cases).toBeGreaterThan(500);
  });
});
