import { Suspense } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { act, configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Refine, type AccessControlProvider, type AuthProvider, type BaseRecord, type DataProvider } from "@refinedev/core";
import { App as AntdApp, Form, Input } from "antd";
import { z } from "zod";
import type { Role } from "@/domain/auth";
import { describeFields, type ResourceFields } from "@/components/resource/fields";
import type { FormSlotProps } from "@/components/resource/slots";
import { DialogProvider } from "@/components/dialogs";
import { defineAdminResource, fieldPages, writesBy } from "@/resources/define-admin-resource";
import { decide, type GuardMeta } from "@/providers/access-control";
import { i18nProvider } from "@/providers/i18n";
import { routerProvider } from "@/admin/router-provider";

/** The generic list, create, edit and show pages with an area's slots (src/components/resource/pages.tsx). */

interface Link extends BaseRecord {
  id: number;
  title: string;
  url: string;
  note?: string | null;
  version: number;
}

const schema = z.object({ title: z.string().min(1, "Informe o título."), url: z.string().min(1, "Informe o endereço.") });

/** A form part of the area's own: it says which form it is in and what record it was given. */
function NotePart({ mode, record }: FormSlotProps<Link>) {
  return (
    <>
      <p>parte {mode === "create" ? "nova" : `de ${record?.title ?? "…"}`}</p>
      <Form.Item name="note" label="Observação">
        <Input />
      </Form.Item>
    </>
  );
}

const baseFields = describeFields<Link>({
  schema,
  titles: { list: "usefulLinks.titles.list", create: "usefulLinks.titles.create", edit: "usefulLinks.titles.edit" },
  createLabel: "usefulLinks.titles.create",
  actions: ["edit", "delete"],
  sections: [
    {
      fields: [
        { name: "title", label: "usefulLinks.fields.title" },
        { name: "url", label: "usefulLinks.fields.url" },
      ],
    },
  ],
  columns: [{ name: "title", label: "usefulLinks.fields.title" }],
  slots: {
    headerActions: () => <button type="button">Exportar links</button>,
    listTop: ({ setFilters }) => (
      <button type="button" onClick={() => setFilters([{ field: "q", operator: "eq", value: "gov" }], "merge")}>
        buscar gov
      </button>
    ),
    columns: [{ key: "link", title: "usefulLinks.fields.url", render: (row) => <span>{row.url}</span> }],
    rowActions: ({ row }) => <button type="button">Testar {row.title}</button>,
    rowLabel: (row) => row.title,
    formSections: [NotePart],
  },
});

function memoryData(rows: Link[], missing = new Set<number>()) {
  const calls = { create: vi.fn(), update: vi.fn(), deleteOne: vi.fn(), getList: vi.fn() };
  const notFound = { statusCode: 404, message: "Link não encontrado." };
  const provider: DataProvider = {
    getApiUrl: () => "/api",
    getList: async (params) => {
      calls.getList(params);
      return { data: rows as never[], total: rows.length };
    },
    getOne: async ({ id }) => {
      const row = rows.find((r) => r.id === Number(id));
      if (!row || missing.has(Number(id))) throw notFound;
      return { data: row as never };
    },
    create: async ({ variables }) => {
      calls.create(variables);
      return { data: { id: 99, ...(variables as object) } as never };
    },
    update: async ({ id, variables }) => {
      calls.update(Number(id), variables);
      return { data: { ...rows.find((r) => r.id === Number(id)), ...(variables as object) } as never };
    },
    deleteOne: async ({ id }) => {
      calls.deleteOne(id);
      return { data: { id } as never };
    },
  };
  return { provider, calls };
}

function authAs(role: Role): AuthProvider {
  return {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: async () => ({ id: 1, name: "Pessoa", customClaims: { role } }),
  };
}

const accessAs = (role: Role): AccessControlProvider => ({
  can: async ({ action, params }) => decide(role, params?.resource?.meta as GuardMeta | undefined, action),
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
});

/** Where the app is now, to see where a save or a link led. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

interface OpenOptions {
  role?: Role;
  rows?: Link[];
  missing?: Set<number>;
  fields?: ResourceFields<Link>;
  /** The screens the area is mounted on: the blog's have a show page. */
  screens?: "useful-links" | "blog-posts";
}

function open(path: string, { role = "ADMIN", rows = ROWS, missing, fields = baseFields, screens = "useful-links" }: OpenOptions = {}) {
  const area = defineAdminResource({
    // Either entry has the same shape for these pages (no nested paths); one type keeps the call simple.
    screens: screens as "useful-links",
    label: "usefulLinks.menu",
    guard: "user-only",
    actionGuards: writesBy("admin-only"),
    pages: fieldPages(() => Promise.resolve({ default: fields as ResourceFields<never> })),
  });
  const data = memoryData(rows, missing);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={data.provider}
          routerProvider={routerProvider}
          authProvider={authAs(role)}
          accessControlProvider={accessAs(role)}
          i18nProvider={i18nProvider}
          resources={area.resources}
          options={{ disableTelemetry: true, syncWithLocation: true }}
        >
          <DialogProvider>
            <Suspense fallback="carregando">
              <Routes>{area.routes}</Routes>
              <Routes>
                <Route path="*" element={<Where />} />
              </Routes>
            </Suspense>
          </DialogProvider>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return data.calls;
}

// The pages' code loads once, before the first test; antd and Refine render slowly on a busy two-core machine.
configure({ asyncUtilTimeout: 30_000 });
beforeAll(async () => {
  await import("@/components/resource/pages");
}, 60_000);

const ROWS: Link[] = [
  { id: 1, title: "Transferegov.br", url: "https://www.gov.br/transferegov", version: 1 },
  { id: 2, title: "CAUC", url: "https://www.tesourotransparente.gov.br/cauc", version: 3 },
];

describe("the generic list with an area's slots", { timeout: 90_000 }, () => {
  it("shows the description's columns, then the area's, then each row's own actions with edit and remove", async () => {
    open("/admin/useful-links");
    const row = (await screen.findByText("Transferegov.br")).closest("tr")!;
    expect(within(row).getByText("https://www.gov.br/transferegov")).toBeInTheDocument();
    expect(within(row).getByText("Testar Transferegov.br")).toBeInTheDocument();
    expect(await within(row).findByLabelText("Editar Transferegov.br")).toHaveAttribute("href", "/admin/useful-links/1-edit");
    expect(await within(row).findByLabelText("Excluir Transferegov.br")).toBeInTheDocument();
    const headers = [...document.querySelectorAll("thead th")].map((cell) => cell.textContent);
    expect(headers).toEqual(["Título", "Endereço (URL)", "Ações"]);
  });

  it("puts the area's header actions beside the create button, named by the description", async () => {
    open("/admin/useful-links");
    expect(await screen.findByText("Exportar links")).toBeInTheDocument();
    expect(await screen.findByText("Novo link")).toBeInTheDocument();
  });

  it("lets the area's controls above the list filter what it asks the server for", async () => {
    const calls = open("/admin/useful-links");
    await userEvent.click(await screen.findByText("buscar gov"));
    await waitFor(() => expect(calls.getList).toHaveBeenLastCalledWith(expect.objectContaining({ filters: expect.arrayContaining([{ field: "q", operator: "eq", value: "gov" }]) })));
  });

  it("carries the chosen client (authComp) on the edit link", async () => {
    open("/admin/useful-links?authComp=7_12345678000190");
    expect(await screen.findByLabelText("Editar CAUC")).toHaveAttribute("href", "/admin/useful-links/2-edit?authComp=7_12345678000190");
  });

  it("removes a row only after 'Você tem certeza?' is answered 'Sim remover'", async () => {
    const calls = open("/admin/useful-links");
    await userEvent.click(await screen.findByLabelText("Excluir CAUC"));
    expect(await screen.findByText("Você tem certeza?")).toBeInTheDocument();
    expect(calls.deleteOne).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText("Sim remover"));
    await waitFor(() => expect(calls.deleteOne).toHaveBeenCalledWith(2));
  });

  it("shows a person the area's guards allow only to read no edit, remove or create", async () => {
    open("/admin/useful-links", { role: "USER" });
    expect(await screen.findByText("Transferegov.br")).toBeInTheDocument();
    expect(screen.getByText("Exportar links")).toBeInTheDocument();
    expect(screen.getByText("Testar Transferegov.br")).toBeInTheDocument();
    // The access decisions have come in once the header's own button is settled.
    await waitFor(() => expect(screen.queryByLabelText(/^Editar/)).not.toBeInTheDocument());
    expect(screen.queryByLabelText(/^Excluir/)).not.toBeInTheDocument();
    expect(screen.queryByText("Novo link")).not.toBeInTheDocument();
  });

  it("offers no action column when the description names no action and has no row-action slot", async () => {
    open("/admin/useful-links", { fields: { ...baseFields, actions: undefined, slots: { ...baseFields.slots, rowActions: undefined } } });
    await screen.findByText("Transferegov.br");
    expect([...document.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual(["Título", "Endereço (URL)"]);
  });

  it("draws one card per row with its actions when the area gives a card", async () => {
    const card = ({ row, actions }: { row: Link; actions: React.ReactNode }) => (
      <article aria-label={`cartão ${row.title}`}>
        {row.title}
        {actions}
      </article>
    );
    open("/admin/useful-links", { fields: { ...baseFields, slots: { ...baseFields.slots, card } } });
    const article = await screen.findByLabelText("cartão CAUC");
    expect(await within(article).findByLabelText("Editar CAUC")).toBeInTheDocument();
    expect(document.querySelector("table")).toBeNull();
  });
});

describe("the generic create and edit pages with an area's form parts", { timeout: 90_000 }, () => {
  it("asks for the sections and the area's parts, sends them together and goes back to the list", async () => {
    const calls = open("/admin/useful-links/link-add");
    expect(await screen.findByText("parte nova")).toBeInTheDocument();
    // The page appeared after its lazy code loaded, outside React's act: let its mount effects run (Refine's
    // form resets its fields once mounted, which remounts the inputs) before typing, as a person's first
    // key always comes after them in a browser.
    await act(async () => {});
    await userEvent.type(screen.getByLabelText("Título"), "SICONFI");
    await userEvent.type(screen.getByLabelText("Endereço (URL)"), "https://siconfi.tesouro.gov.br");
    await userEvent.type(screen.getByLabelText("Observação"), "declarações fiscais");
    await waitFor(() => expect(screen.getByText("Salvar").closest("button")).toBeEnabled());
    await userEvent.click(screen.getByText("Salvar"));
    await waitFor(() => expect(calls.create).toHaveBeenCalledWith({ title: "SICONFI", url: "https://siconfi.tesouro.gov.br", note: "declarações fiscais" }));
    await waitFor(() => expect(screen.getByLabelText("endereço")).toHaveTextContent(/^\/admin\/useful-links$/));
  });

  it("fills the form from the record, hands the record to the area's parts and sends its version", async () => {
    const calls = open("/admin/useful-links/2-edit");
    expect(await screen.findByText("parte de CAUC")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Título")).toHaveValue("CAUC"));
    await userEvent.type(screen.getByLabelText("Título"), " (Tesouro)");
    await userEvent.click(screen.getByText("Salvar"));
    await waitFor(() => expect(calls.update).toHaveBeenCalledWith(2, expect.objectContaining({ title: "CAUC (Tesouro)", version: 3 })));
  });
});

describe("a record that does not exist", { timeout: 90_000 }, () => {
  it("shows the not-found state with the server's words on the edit page, never an empty form", async () => {
    open("/admin/useful-links/999999-edit", { missing: new Set([999999]) });
    expect(await screen.findByRole("heading", { name: "Link não encontrado." })).toBeInTheDocument();
    expect(screen.getByLabelText("Erro 404")).toHaveTextContent("404");
    expect(document.querySelector("input")).toBeNull();
    expect(screen.queryByText("Salvar")).not.toBeInTheDocument();
  });

  it("shows the not-found state on the show page too", async () => {
    open("/admin/blog/999999", { screens: "blog-posts", missing: new Set([999999]) });
    expect(await screen.findByRole("heading", { name: "Link não encontrado." })).toBeInTheDocument();
    expect(screen.getByLabelText("Erro 404")).toHaveTextContent("404");
  });

  it("shows a record that exists on the show page, with the area's header actions", async () => {
    open("/admin/blog/2", { screens: "blog-posts" });
    expect(await screen.findByText("https://www.tesourotransparente.gov.br/cauc")).toBeInTheDocument();
    expect(screen.getByText("Exportar links")).toBeInTheDocument();
  });
});
