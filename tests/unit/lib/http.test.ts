import { describe, expect, it } from "vitest";
import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { createHttpClient } from "@/lib/http";
import { normalizeUrlQuery, serializeQuery } from "@/lib/query";

describe("serializeQuery (spec section 7)", () => {
  it("drops empty strings and nulls and joins arrays with commas, skipping nulls", () => {
    expect(serializeQuery({ a: "", b: null, c: undefined, d: "x", e: ["1", null, "2"], f: [null], g: 0 })).toBe("d=x&e=1%2C2&g=0");
  });
  it("turns repeated keys of a built URL into one comma-joined key", () => {
    expect(normalizeUrlQuery("/api/x?id=1&id=2&name_like=&q=a b")).toBe("/api/x?id=1%2C2&q=a+b");
    expect(normalizeUrlQuery("/api/x?name_like=")).toBe("/api/x");
  });
});

function recordingClient(search: string, respond: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createHttpClient(() => search);
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status, data } = respond(config);
    const response = { data, status, statusText: "", headers: {}, config };
    if (status >= 400) throw Object.assign(new Error("http"), { isAxiosError: true, response, config });
    return response;
  };
  client.defaults.adapter = adapter;
  return { client, seen };
}

describe("createHttpClient", () => {
  it("sends the company headers when authComp has two parts", async () => {
    const { client, seen } = recordingClient("?authComp=7_46643466000106", () => ({ status: 200, data: [] }));
    await client.get("/api/companies");
    expect(seen[0].headers.get("x-company-id")).toBe("7");
    expect(seen[0].headers.get("x-company-cnpj")).toBe("46643466000106");
    expect(seen[0].withCredentials).toBe(true);
  });

  it("sends no company headers without a valid authComp", async () => {
    const { client, seen } = recordingClient("?authComp=7", () => ({ status: 200, data: [] }));
    await client.get("/api/companies");
    expect(seen[0].headers.has("x-company-id")).toBe(false);
  });

  it("normalizes the query of every request", async () => {
    const { client, seen } = recordingClient("", () => ({ status: 200, data: [] }));
    await client.get("/api/users?id=1&id=2&name_like=");
    expect(seen[0].url).toBe("/api/users?id=1%2C2");
  });

  it("rejects with Refine's HttpError carrying the server's message and field errors", async () => {
    const { client } = recordingClient("", () => ({ status: 422, data: { message: "Verifique os campos destacados.", errors: { cnpj: "CNPJ inválido." } } }));
    await expect(client.post("/api/companies", {})).rejects.toEqual({
      message: "Verifique os campos destacados.",
      statusCode: 422,
      errors: { cnpj: "CNPJ inválido." },
    });
  });

  it("explains a network failure in pt-BR", async () => {
    const client = createHttpClient(() => "");
    client.defaults.adapter = async (config) => {
      throw Object.assign(new Error("Network Error"), { isAxiosError: true, config });
    };
    await expect(client.get("/api/x")).rejects.toMatchObject({ statusCode: 0, message: expect.stringMatching(/Sem conexão/) });
  });
});
