import { describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { Link, Refine, useGo, useNavigation, type DataProvider } from "@refinedev/core";
import { routerProvider } from "@/admin/router-provider";

/**
 * The router provider is where every Refine link and navigation meets the link builder
 * (src/lib/auth-comp.ts): what the quotes and content screens use after this issue.
 */
const AUTH_COMP = "authComp=7_46643466000106";
const resources = [{ name: "quotes", list: "/admin/quotes", create: "/admin/quotes/create", show: "/admin/quotes/info/:id", edit: "/admin/quotes/edit/:id" }];
const dataProvider = { getApiUrl: () => "/api" } as unknown as DataProvider;

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${pathname}${search}`}</output>;
}

function Screen() {
  const go = useGo();
  const { edit } = useNavigation();
  return (
    <>
      <Link to="/admin/blog/edit/4">Editar artigo</Link>
      <button onClick={() => go({ to: "/admin/quotes/info/3" })}>Salvar item</button>
      <button onClick={() => go({ to: "/admin/quotes/create?projectId=5" })}>Nova cotação</button>
      <button onClick={() => edit("quotes", 3)}>Redirecionar após salvar</button>
      <button onClick={() => go({ to: "/admin/companies" })}>Clientes</button>
      <Where />
    </>
  );
}

function renderAt(url: string) {
  window.history.replaceState(null, "", url);
  render(
    <BrowserRouter>
      <Refine routerProvider={routerProvider} dataProvider={dataProvider} resources={resources} options={{ disableTelemetry: true }}>
        <Routes>
          <Route path="*" element={<Screen />} />
        </Routes>
      </Refine>
    </BrowserRouter>,
  );
}

const where = () => screen.getByLabelText("where").textContent;
const click = (name: string) => act(() => screen.getByRole("button", { name }).click());

describe("the link builder behind Refine's Link and navigation (spec section 2)", () => {
  it("gives a Link the chosen client: the content library's edit links", () => {
    renderAt(`/admin/blog?${AUTH_COMP}`);
    expect(screen.getByRole("link", { name: "Editar artigo" }).getAttribute("href")).toBe(`/admin/blog/edit/4?${AUTH_COMP}`);
  });

  it("keeps the client on a navigation after a save or a delete", () => {
    renderAt(`/admin/quotes/edit/3?${AUTH_COMP}`);
    click("Salvar item");
    expect(where()).toBe(`/admin/quotes/info/3?${AUTH_COMP}`);
  });

  it("keeps the client on a target that has a query of its own", () => {
    renderAt(`/admin/projects/info/5/workPlan?${AUTH_COMP}`);
    click("Nova cotação");
    expect(where()).toBe(`/admin/quotes/create?projectId=5&${AUTH_COMP}`);
  });

  it("keeps the client on Refine's own redirect after a mutation", () => {
    renderAt(`/admin/quotes/create?${AUTH_COMP}`);
    click("Redirecionar após salvar");
    expect(where()).toBe(`/admin/quotes/edit/3?${AUTH_COMP}`);
  });

  it("leaves it behind for the companies area", () => {
    renderAt(`/admin/quotes?${AUTH_COMP}`);
    click("Clientes");
    expect(where()).toBe("/admin/companies");
  });
});
