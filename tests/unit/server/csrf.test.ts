import { describe, expect, it } from "vitest";
import { allowedOrigins } from "../../../server/auth/csrf";

describe("allowed origins (issue 36 item 2)", () => {
  it("are the configured public origin only, in production", () => {
    expect([...allowedOrigins({ env: "production", publicOrigin: "https://sol.exemplo.gov.br" })]).toEqual(["https://sol.exemplo.gov.br"]);
  });

  it("include the other loopback names of the same port on a developer's machine, and nothing else", () => {
    const local = allowedOrigins({ env: "development", publicOrigin: "http://localhost:3000" });
    expect([...local].sort()).toEqual(["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"]);
    expect(local.has("http://localhost:3001")).toBe(false);
    expect(local.has("http://evil.example")).toBe(false);
  });
});
