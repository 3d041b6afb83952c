import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { freshSignedInUser, PNG_BYTES, upload, demoApi } from "../support/accounts";

const api = demoApi();
const { admin, manager, user, anonymous } = api;

/** A valid company body; `cnpj` and `slug` vary per test so nothing collides. */
const newCompany = (cnpj: string, slug: string, extra: Record<string, unknown> = {}) => ({
  cnpj,
  name: `Município ${slug}`,
  ibgeCode: "3552205",
  slug,
  ...extra,
});

describe("GET /api/companies (list, getMany, search, filters, sort)", () => {
  it("gives an ADMIN every company, sorted by name, with X-Total-Count and paging", async () => {
    const res = await admin()({ method: "GET", url: "/api/companies?_start=0&_end=4&_sort=name&_order=asc" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("10");
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(["Belo Horizonte", "Campinas", "Curitiba", "Fortaleza"]);
    const next = await admin()({ method: "GET", url: "/api/companies?_start=4&_end=8&_sort=name&_order=asc" });
    expect(next.json().map((c: { name: string }) => c.name)).toEqual(["Porto Alegre", "Recife", "Rio de Janeiro", "Salvador"]);
  });

  it("answers the spec's company shape, with the users count and defaults for settings", async () => {
    const res = await admin()({ method: "GET", url: "/api/companies?slug=sao-jose-dos-campos" });
    expect(res.json()[0]).toMatchObject({
      id: 1,
      cnpj: "46643466000106",
      name: "São José dos Campos",
      uf: "SP",
      ibgeCode: "3549904",
      logoUrl: null,
      usersCount: 5,
      // The demo seed gives São José dos Campos the digest's recipients (the deadline center's e-mail).
      parametrization: { validityAlertDays: 60, accountabilityAlertDays: 30, caucAlertDays: 15, alertEmails: ["gestor@demo.local", "prestacao.contas@sjc.sp.gov.br"] },
      transparency: { sections: { dashboard: true, impositionTransfers: true }, showPayments: true },
    });
  });

  it("searches free text without accents or case, and finds a CNPJ typed with its mask", async () => {
    const byName = await admin()({ method: "GET", url: `/api/companies?q=${encodeURIComponent("SAO JOSE")}` });
    expect(byName.json().map((c: { id: number }) => c.id)).toEqual([1]);
    const byCnpj = await admin()({ method: "GET", url: `/api/companies?q=${encodeURIComponent("51.885.242/0001-40")}` });
    expect(byCnpj.json().map((c: { name: string }) => c.name)).toEqual(["Campinas"]);
    const byMayor = await admin()({ method: "GET", url: "/api/companies?q=paes" });
    expect(byMayor.json().map((c: { name: string }) => c.name)).toEqual(["Rio de Janeiro"]);
  });

  it("filters by UF and public portal, and sorts by the users count", async () => {
    const sp = await admin()({ method: "GET", url: "/api/companies?uf=SP&_sort=name&_order=asc" });
    expect(sp.json().map((c: { name: string }) => c.name)).toEqual(["Campinas", "São José dos Campos", "São Paulo"]);
    const several = await admin()({ method: "GET", url: "/api/companies?uf=PR,RS" });
    expect(several.headers["x-total-count"]).toBe("2");
    const offline = await admin()({ method: "GET", url: "/api/companies?publicPortalEnabled=false" });
    expect(offline.headers["x-total-count"]).toBe("7");
    const busiest = await admin()({ method: "GET", url: "/api/companies?_sort=usersCount&_order=desc&_end=1" });
    expect(busiest.json()[0].name).toBe("São José dos Campos");
  });

  it("answers getMany (?id=1&id=2) with exactly those companies", async () => {
    const res = await admin()({ method: "GET", url: "/api/companies?id=1&id=3" });
    expect(res.json().map((c: { id: number }) => c.id).sort()).toEqual([1, 3]);
  });

  it("gives a MANAGER and a USER only their own company, whatever they ask", async () => {
    for (const who of [manager(), user()]) {
      const res = await who({ method: "GET", url: "/api/companies?id=1&id=2" });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((c: { id: number }) => c.id)).toEqual([1]);
      expect(res.headers["x-total-count"]).toBe("1");
    }
    const other = await as(api.ctx.app, api.cookies.otherUser)({ method: "GET", url: "/api/companies" });
    expect(other.json().map((c: { name: string }) => c.name)).toEqual(["Campinas"]);
  });

  it("refuses a forged company header from a MANAGER with 403, anonymous visitors with 401 and unknown filters with 400", async () => {
    const forged = await manager()({ method: "GET", url: "/api/companies", headers: { "x-company-id": "2" } });
    expect(forged.statusCode).toBe(403);
    expect((await anonymous()({ method: "GET", url: "/api/companies" })).statusCode).toBe(401);
    const unknown = await admin()({ method: "GET", url: "/api/companies?parametrization=x" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Filtro desconhecido: parametrization");
  });
});

describe("GET /api/companies/{id} and /api/companies/cnpj/{cnpj}", () => {
  it("gives an ADMIN any company and the others only their own (404 for a foreign one)", async () => {
    expect((await admin()({ method: "GET", url: "/api/companies/2" })).json().name).toBe("Campinas");
    expect((await manager()({ method: "GET", url: "/api/companies/1" })).statusCode).toBe(200);
    expect((await user()({ method: "GET", url: "/api/companies/1" })).statusCode).toBe(200);
    const foreign = await manager()({ method: "GET", url: "/api/companies/2" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Cliente não encontrado.");
    expect((await anonymous()({ method: "GET", url: "/api/companies/1" })).statusCode).toBe(401);
    expect((await admin()({ method: "GET", url: "/api/companies/9999" })).statusCode).toBe(404);
    expect((await admin()({ method: "GET", url: "/api/companies/abc" })).statusCode).toBe(422);
  });

  it("finds a company by CNPJ with or without the mask; an invalid CNPJ is a 422 and a foreign one a 404", async () => {
    const masked = await admin()({ method: "GET", url: `/api/companies/cnpj/${encodeURIComponent("51.885.242/0001-40")}` });
    expect(masked.json()).toMatchObject({ id: 2, cnpj: "51885242000140" });
    expect((await manager()({ method: "GET", url: "/api/companies/cnpj/46643466000106" })).json().id).toBe(1);
    expect((await manager()({ method: "GET", url: "/api/companies/cnpj/51885242000140" })).statusCode).toBe(404);
    const invalid = await admin()({ method: "GET", url: "/api/companies/cnpj/11111111111111" });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.cnpj).toMatch(/CNPJ inválido/);
    expect((await admin()({ method: "GET", url: "/api/companies/cnpj/11222333000181" })).statusCode).toBe(404);
  });
});

describe("POST /api/companies", () => {
  it("lets an ADMIN create a company; the CNPJ is stored as 14 characters and the UF comes from the IBGE code", async () => {
    const res = await admin()({ method: "POST", url: "/api/companies", payload: { cnpj: "11.222.333/0001-81", name: "Santos", ibgeCode: "3548500" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cnpj: "11222333000181", name: "Santos", slug: "santos", uf: "SP", publicPortalEnabled: false, usersCount: 0 });
    const again = await admin()({ method: "GET", url: `/api/companies/${res.json().id}` });
    expect(again.json().cnpj).toBe("11222333000181");
  });

  it("accepts the alphanumeric CNPJ (July 2026) typed in lower case and stores it in upper case", async () => {
    const res = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("12.abc.345/01de-35", "alfanumerico") });
    expect(res.statusCode).toBe(201);
    expect(res.json().cnpj).toBe("12ABC34501DE35");
    const found = await admin()({ method: "GET", url: "/api/companies/cnpj/12.ABC.345%2F01DE-35" });
    expect(found.json().id).toBe(res.json().id);
  });

  it("refuses an invalid CNPJ with 422 and the message beside the field", async () => {
    for (const cnpj of ["11.222.333/0001-82", "123", "12ABC34501DE36", "AAAAAAAAAAAAAA"]) {
      const res = await admin()({ method: "POST", url: "/api/companies", payload: newCompany(cnpj, "invalido") });
      expect(res.statusCode, cnpj).toBe(422);
      expect(res.json().errors.cnpj).toBe("CNPJ inválido. Confira os 14 caracteres e os dígitos verificadores.");
    }
  });

  it("answers a duplicate CNPJ (masked or not) or public address with 409 and a pt-BR message on the field", async () => {
    const cnpj = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("46.643.466/0001-06", "outra-sjc") });
    expect(cnpj.statusCode).toBe(409);
    expect(cnpj.json()).toEqual({ message: "Já existe um cliente com este CNPJ.", errors: { cnpj: "Já existe um cliente com este CNPJ." } });
    const slug = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("33.000.167/0001-01", "campinas") });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().errors.slug).toBe("Este endereço público já é usado por outro cliente.");
  });

  it("refuses missing fields, an unknown municipality, a bad slug and unknown fields with 422", async () => {
    const empty = await admin()({ method: "POST", url: "/api/companies", payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(["cnpj", "name", "ibgeCode"]));
    const town = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("33000167000101", "x1", { ibgeCode: "9999999" }) });
    expect(town.json().errors.ibgeCode).toBe("Município não encontrado na lista do IBGE.");
    const slug = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("33000167000101", "Com Espaço") });
    expect(slug.json().errors.slug).toMatch(/letras minúsculas/);
    const email = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("33000167000101", "x2", { email: "nao-e-email" }) });
    expect(email.json().errors.email).toBe("Informe um e-mail válido.");
    const extra = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("33000167000101", "x3", { usersCount: 9 }) });
    expect(extra.statusCode).toBe(422);
  });

  it("is for ADMIN only: MANAGER and USER get 403, anonymous visitors 401", async () => {
    const body = newCompany("33000167000101", "proibido");
    expect((await manager()({ method: "POST", url: "/api/companies", payload: body })).statusCode).toBe(403);
    expect((await user()({ method: "POST", url: "/api/companies", payload: body })).statusCode).toBe(403);
    expect((await anonymous()({ method: "POST", url: "/api/companies", payload: body })).statusCode).toBe(401);
  });
});

describe("PATCH /api/companies/{id}", () => {
  it("lets an ADMIN change anything, including the public site and the CNPJ", async () => {
    const created = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("60.701.190/0001-04", "patch-admin") });
    const id = created.json().id;
    const transparency = { sections: { dashboard: true, fiscalIndicators: false, impositionTransfers: true, voluntaryTransfers: false }, showPayments: false, welcomeText: "Bem-vindo ao portal." };
    const res = await admin()({
      method: "PATCH",
      url: `/api/companies/${id}`,
      payload: { name: "Novo Nome", slug: "novo-nome", publicPortalEnabled: false, transparency, cnpj: "61.198.164/0001-60", ibgeCode: "3106200" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Novo Nome", slug: "novo-nome", publicPortalEnabled: false, transparency, cnpj: "61198164000160", uf: "MG" });
  });

  it("refuses an edit made from a stale read with 409 and changes nothing; the current version saves and counts up", async () => {
    const created = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("33.000.167/0001-01", "versao-cliente") });
    const { id, version } = created.json();
    expect(version).toBe(1);
    const first = await admin()({ method: "PATCH", url: `/api/companies/${id}`, payload: { mayorName: "Primeira Pessoa", version } });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await admin()({ method: "PATCH", url: `/api/companies/${id}`, payload: { mayorName: "Segunda Pessoa", version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: expect.stringContaining("alterado por outra pessoa"), errors: { version: expect.any(String) } });
    expect((await admin()({ method: "GET", url: `/api/companies/${id}` })).json()).toMatchObject({ mayorName: "Primeira Pessoa", version: 2 });
    const bad = await admin()({ method: "PATCH", url: `/api/companies/${id}`, payload: { version: "dois" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.version).toBe("Versão inválida.");
  });

  it("lets a MANAGER change its company's data and parametrization", async () => {
    const parametrization = { validityAlertDays: 90, accountabilityAlertDays: 45, caucAlertDays: 10, alertEmails: ["Convenios@SJC.sp.gov.br"] };
    const res = await manager()({ method: "PATCH", url: "/api/companies/1", payload: { phone: "(12) 3947-8001", mayorName: "Prefeito Atual", parametrization } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: "(12) 3947-8001", mayorName: "Prefeito Atual", parametrization: { ...parametrization, alertEmails: ["convenios@sjc.sp.gov.br"] } });
    expect((await admin()({ method: "GET", url: "/api/companies/1" })).json().parametrization.validityAlertDays).toBe(90);
  });

  it("stores a phone typed any way formatted as (DD) NNNN-NNNN, and refuses what is not a phone in pt-BR", async () => {
    for (const [typed, stored] of [
      ["12 3947 8002", "(12) 3947-8002"],
      ["+55 12 99123-4567", "(12) 99123-4567"],
      ["08001234567", "0800 123 4567"],
    ]) {
      const res = await manager()({ method: "PATCH", url: "/api/companies/1", payload: { phone: typed } });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().phone).toBe(stored);
    }
    const bad = await manager()({ method: "PATCH", url: "/api/companies/1", payload: { phone: "1234" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ phone: "Informe um telefone com DDD, ex.: (12) 3947-8000." });
    expect((await manager()({ method: "GET", url: "/api/companies/1" })).json().phone).toBe("0800 123 4567");
  });

  it("keeps the CNPJ, municipality and public site to the ADMIN (403 for a MANAGER)", async () => {
    for (const payload of [{ cnpj: "61198164000160" }, { slug: "outro" }, { publicPortalEnabled: false }, { ibgeCode: "3549904" }]) {
      const res = await manager()({ method: "PATCH", url: "/api/companies/1", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect((await admin()({ method: "GET", url: "/api/companies/1" })).json().slug).toBe("sao-jose-dos-campos");
  });

  it("answers 404 to a MANAGER for another company, 403 to a USER and 401 without a session", async () => {
    expect((await manager()({ method: "PATCH", url: "/api/companies/2", payload: { phone: "(12) 3947-8001" } })).statusCode).toBe(404);
    expect((await user()({ method: "PATCH", url: "/api/companies/1", payload: { phone: "(12) 3947-8001" } })).statusCode).toBe(403);
    expect((await anonymous()({ method: "PATCH", url: "/api/companies/1", payload: { phone: "(12) 3947-8001" } })).statusCode).toBe(401);
  });

  it("refuses bad parametrization values beside the nested field, and a duplicate CNPJ with 409", async () => {
    const bad = await manager()({
      method: "PATCH",
      url: "/api/companies/1",
      payload: { parametrization: { validityAlertDays: 0, accountabilityAlertDays: 30, caucAlertDays: 15, alertEmails: ["x"] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ "parametrization.validityAlertDays": "Use pelo menos 1 dia.", "parametrization.alertEmails.0": "Informe e-mails válidos." });
    const duplicate = await admin()({ method: "PATCH", url: "/api/companies/2", payload: { cnpj: "46643466000106" } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors.cnpj).toBe("Já existe um cliente com este CNPJ.");
  });
});

describe("DELETE /api/companies/{id}", () => {
  it("removes a company with no users or data at once", async () => {
    const created = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("04.252.011/0001-10", "vazia") });
    const res = await admin()({ method: "DELETE", url: `/api/companies/${created.json().id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Município vazia", deleted: { users: 0, records: 0 } });
    expect((await admin()({ method: "GET", url: `/api/companies/${created.json().id}` })).statusCode).toBe(404);
  });

  it("asks for confirmation (409, counting what would go) when the company has users or data, then removes it all", async () => {
    const created = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("02.558.157/0001-62", "com-dados") });
    const id = created.json().id;
    const person = await freshSignedInUser(api.ctx.app, api.cookies.admin, { name: "Pessoa Removida", companyId: id });
    // Another area's tenant table, as every area declares them (company_id ... on delete cascade).
    await api.ctx.database.db.execute(sql`create table if not exists area_rows (id serial primary key, company_id integer not null references companies(id) on delete cascade)`);
    await api.ctx.database.db.execute(sql`insert into area_rows (company_id) values (${id}), (${id})`);

    const ask = await admin()({ method: "DELETE", url: `/api/companies/${id}` });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().message).toBe(
      "O cliente Município com-dados tem 1 usuário e 2 registros. A exclusão remove tudo isso e não pode ser desfeita: confirme para excluir.",
    );
    expect((await admin()({ method: "GET", url: `/api/companies/${id}` })).statusCode).toBe(200);

    const done = await admin()({ method: "DELETE", url: `/api/companies/${id}?confirm=true` });
    expect(done.statusCode).toBe(200);
    expect(done.json().deleted).toEqual({ users: 1, records: 2 });
    expect((await admin()({ method: "GET", url: `/api/users/${person.id}` })).statusCode).toBe(404);
    const left = await api.ctx.database.db.execute(sql`select count(*)::int as n from area_rows where company_id = ${id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    await expect(api.ctx.identity.auth.getUserByEmail(person.email)).rejects.toMatchObject({ code: "auth/user-not-found" });
    // The removed person's session dies with the account.
    expect((await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
  });

  it("refuses an unconfirmed removal of a demo company and keeps its users", async () => {
    const res = await admin()({ method: "DELETE", url: "/api/companies/2" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^O cliente Campinas tem 2 usuários e \d+ registros\./);
    expect((await as(api.ctx.app, api.cookies.otherUser)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(200);
  });

  it("removes, once confirmed, a company with transfers and payments in one go (Belo Horizonte's demo data)", async () => {
    const count = async (table: string) =>
      ((await api.ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = 3`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(await count("imposition_transfers")).toBeGreaterThan(0);
    expect(await count("transaction_payments")).toBeGreaterThan(0);
    const done = await admin()({ method: "DELETE", url: "/api/companies/3?confirm=true" });
    expect(done.statusCode).toBe(200);
    expect(done.json().deleted.records).toBeGreaterThan(0);
    for (const table of ["imposition_transfers", "voluntary_transfers", "fund_transfer_plans", "transaction_payments", "users"]) {
      expect(await count(table), table).toBe(0);
    }
  });

  it("is for ADMIN only; an unknown company is a 404", async () => {
    expect((await manager()({ method: "DELETE", url: "/api/companies/1?confirm=true" })).statusCode).toBe(403);
    expect((await user()({ method: "DELETE", url: "/api/companies/1" })).statusCode).toBe(403);
    expect((await anonymous()({ method: "DELETE", url: "/api/companies/1" })).statusCode).toBe(401);
    expect((await admin()({ method: "DELETE", url: "/api/companies/9999" })).statusCode).toBe(404);
  });
});

describe("logos: POST /api/companies/upload-url, PUT uploadURL, GET /api/files", () => {
  it("gives a signed, expiring URL for one image type, stores the file and serves it back", async () => {
    const res = await admin()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png" } });
    expect(res.statusCode).toBe(200);
    const { uploadURL, storagePath, maxBytes, expiresAt } = res.json();
    expect(storagePath).toMatch(/^logos\/1\/[0-9a-f-]{36}\.png$/);
    expect(uploadURL).toContain(`/api/uploads/${storagePath}?`);
    expect(uploadURL).toMatch(/signature=[0-9a-f]{64}/);
    expect(maxBytes).toBe(2 * 1024 * 1024);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);

    const put = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ storagePath, contentType: "image/png", size: PNG_BYTES.length });

    const file = await anonymous()({ method: "GET", url: `/api/files/${storagePath}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("puts an uploaded logo on a company, replacing the previous one", async () => {
    const first = await upload(api.ctx.app, api.cookies.admin, "logo", "image/png", PNG_BYTES);
    const created = await admin()({ method: "POST", url: "/api/companies", payload: newCompany("45.997.418/0001-53", "com-logo", { logoPath: first }) });
    expect(created.statusCode).toBe(201);
    expect(created.json().logoUrl).toBe(`/api/files/${first}`);
    const second = await upload(api.ctx.app, api.cookies.manager, "logo", "image/png", PNG_BYTES);
    const managerLogo = await manager()({ method: "PATCH", url: "/api/companies/1", payload: { logoPath: second } });
    expect(managerLogo.json().logoUrl).toBe(`/api/files/${second}`);
    const third = await upload(api.ctx.app, api.cookies.manager, "logo", "image/png", PNG_BYTES);
    await manager()({ method: "PATCH", url: "/api/companies/1", payload: { logoPath: third } });
    expect((await anonymous()({ method: "GET", url: `/api/files/${second}` })).statusCode).toBe(404);
  });

  it("refuses a logo path that was not uploaded, or was uploaded by someone else, with 422 on logoPath", async () => {
    const others = await upload(api.ctx.app, api.cookies.admin, "logo", "image/png", PNG_BYTES);
    const stolen = await manager()({ method: "PATCH", url: "/api/companies/1", payload: { logoPath: others } });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.logoPath).toMatch(/Envie a imagem/);
    const missing = await admin()({ method: "PATCH", url: "/api/companies/1", payload: { logoPath: "logos/1/00000000-0000-4000-8000-000000000000.png" } });
    expect(missing.statusCode).toBe(422);
    const avatar = await upload(api.ctx.app, api.cookies.admin, "avatar", "image/png", PNG_BYTES);
    expect((await admin()({ method: "PATCH", url: "/api/companies/1", payload: { logoPath: avatar } })).statusCode).toBe(422);
  });

  it("refuses anything but an image type when asking for the URL (422 on contentType)", async () => {
    for (const contentType of ["application/pdf", "image/svg+xml", "text/html", ""]) {
      const res = await admin()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType } });
      expect(res.statusCode, contentType).toBe(422);
      expect(res.json().errors.contentType).toBe("Envie uma imagem PNG, JPEG, WebP ou GIF.");
    }
  });

  it("refuses a PUT whose Content-Type is not the one signed (415), or whose bytes are not that image (415)", async () => {
    const { uploadURL } = (await admin()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png" } })).json();
    const wrongType = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/jpeg" }, payload: PNG_BYTES });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toMatch(/^Este link aceita apenas imagens PNG/);
    const html = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: "<script>alert(1)</script>" });
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe("O conteúdo do arquivo não é uma imagem PNG válida.");
  });

  it("refuses an oversized file with 413 and says the limit", async () => {
    const { uploadURL } = (await admin()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png" } })).json();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/o limite é 2 MB/);
  });

  it("refuses a tampered URL (403) and a second PUT to the same URL (409)", async () => {
    const { uploadURL, storagePath } = (await admin()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png" } })).json();
    const tampered = uploadURL.replace(storagePath, storagePath.replace(/^logos\/1\//, "logos/2/"));
    const forged = await api.ctx.app.inject({ method: "PUT", url: tampered, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/^Link de envio inválido/);
    const bigger = uploadURL.replace(/maxBytes=\d+/, "maxBytes=999999999");
    expect((await api.ctx.app.inject({ method: "PUT", url: bigger, headers: { "content-type": "image/png" }, payload: PNG_BYTES })).statusCode).toBe(403);
    expect((await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES })).statusCode).toBe(200);
    const again = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
    expect(again.statusCode).toBe(409);
  });

  it("lets a USER upload an avatar but not a logo; anonymous visitors get 401", async () => {
    expect((await user()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png", kind: "logo" } })).statusCode).toBe(403);
    expect((await user()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/webp", kind: "avatar" } })).statusCode).toBe(200);
    expect((await anonymous()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png" } })).statusCode).toBe(401);
  });

  it("serves only stored files of ours (404 for anything else, including path tricks)", async () => {
    for (const path of ["logos/1/nada.png", "..%2F..%2Fetc%2Fpasswd", "logos/1/00000000-0000-4000-8000-000000000000.png"]) {
      expect((await anonymous()({ method: "GET", url: `/api/files/${path}` })).statusCode, path).toBe(404);
    }
  });
});

describe("upload URLs expire", () => {
  let clock = Date.now();
  let timed: TestContext;
  beforeAll(async () => {
    timed = await createTestContext({ now: () => clock });
  });
  afterAll(async () => timed?.close());

  it("refuses a PUT after the URL's ten minutes with 403 and says so", async () => {
    const cookie = await sessionCookie(timed.app, "admin@demo.local");
    const { uploadURL } = (await as(timed.app, cookie)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png" } })).json();
    clock += 10 * 60 * 1000 + 1000;
    const res = await timed.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("O link de envio expirou. Gere um novo link e envie o arquivo novamente.");
  });
});
