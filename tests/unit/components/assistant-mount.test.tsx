import { describe, expect, it, vi } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Refine, type AuthProvider, type DataProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { formatAuthComp } from "@/lib/auth-comp";

vi.mock("@/lib/runtime-config", () => ({ getRuntimeConfig: async () => ({ assistant: { host: "http://assistente", chatflowId: "fluxo" } }) }));
vi.mock("flowise-embed/dist/web.js", () => ({ default: { init: vi.fn(), destroy: vi.fn() } }));

const { SolAssistant } = await import("@/components/assistant");

/** The widget at a screen with a chosen client, for a person of `role`; returns the data provider's getOne. */
async function mountFor(role: string) {
  const getOne = vi.fn(async () => ({ data: { id: 7, cnpj: "46643466000106", name: "São José dos Campos" } }));
  const dataProvider = { getOne, getList: vi.fn(), create: vi.fn(), update: vi.fn(), deleteOne: vi.fn(), getApiUrl: () => "/api" } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    onError: async () => ({}),
    check: async () => ({ authenticated: true }),
    getIdentity: async () => ({ id: 1, name: "Pessoa", customClaims: { role } }),
  };
  const identity = vi.spyOn(authProvider, "getIdentity");
  render(
    <MemoryRouter initialEntries={[`/admin/dashboard?authComp=${formatAuthComp(7, "46643466000106")}`]}>
      <Refine dataProvider={dataProvider} authProvider={authProvider} routerProvider={routerProvider} options={{ disableTelemetry: true }}>
        <SolAssistant />
      </Refine>
    </MemoryRouter>,
  );
  await waitFor(() => expect(identity).toHaveBeenCalled());
  await new Promise((settled) => setTimeout(settled, 50));
  return getOne;
}

describe("the SOL assistant widget on a page", () => {
  it("asks for the chosen client's name for an ADMIN, who sees the widget", async () => {
    const getOne = await mountFor("ADMIN");
    await waitFor(() => expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ resource: "companies", id: "7" })));
    await waitFor(() => expect(document.body.classList.contains("has-assistant")).toBe(true));
  });

  it("runs none of the widget's work for a manager, who never sees it (no query for the client, no room kept for it)", async () => {
    document.body.classList.remove("has-assistant");
    const getOne = await mountFor("MANAGER");
    expect(getOne).not.toHaveBeenCalled();
    expect(document.body.classList.contains("has-assistant")).toBe(false);
  });
});
