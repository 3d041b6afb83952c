import { describe, expect, it } from "vitest";
import { as, idTokenFor } from "../support/api";
import { JPEG_BYTES, PNG_BYTES, freshSignedInUser, oobCodesFor, setPasswordWithLink, uniqueEmail, upload, demoApi } from "../support/accounts";

const api = demoApi();
const { admin, manager, user, anonymous } = api;
const emails = (res: { json(): { email: string }[] }) => res.json().map((u) => u.email);

describe("GET /api/users", () => {
  it("gives an ADMIN everybody, or the chosen company's people with the authComp headers", async () => {
    const all = await admin()({ method: "GET", url: "/api/users?_end=100" });
    expect(all.statusCode).toBe(200);
    expect(emails(all)).toEqual(expect.arrayContaining(["admin@demo.local", "gestor@demo.local", "usuario2@demo.local", "patricia.lima@demo.local"]));
    const campinas = await admin()({ method: "GET", url: "/api/users", headers: { "x-company-id": "2", "x-company-cnpj": "51885242000140" } });
    expect(emails(campinas).sort()).toEqual(["patricia.lima@demo.local", "usuario2@demo.local"]);
    const filtered = await admin()({ method: "GET", url: "/api/users?companyId=3" });
    expect(emails(filtered)).toEqual(["joao.pereira@demo.local"]);
  });

  it("answers the user shape with company, identity and invitation state", async () => {
    const res = await admin()({ method: "GET", url: "/api/users?email=rafael.tavares@demo.local" });
    expect(res.json()[0]).toMatchObject({
      name: "Rafael Tavares",
      role: "USER",
      companyId: 1,
      companyName: "São José dos Campos",
      companyCNPJ: "46643466000106",
      hasIdentity: false,
      invitedAt: null,
      lastLoginAt: null,
      active: true,
    });
    const demo = await admin()({ method: "GET", url: "/api/users?email=gestor@demo.local" });
    expect(demo.json()[0]).toMatchObject({ hasIdentity: true });
  });

  it("searches names without accents and filters by role, sorted by name by default", async () => {
    const res = await admin()({ method: "GET", url: "/api/users?q=ursula" });
    expect(emails(res)).toEqual(["usuario@demo.local"]);
    const managers = await admin()({ method: "GET", url: "/api/users?role=MANAGER&_sort=name&_order=asc" });
    expect(res.headers["x-total-count"]).toBe("1");
    expect(managers.json().map((u: { name: string }) => u.name)).toEqual(["Gustavo Gestor", "João Pereira", "Patrícia Lima"]);
  });

  it("gives a MANAGER only its company's people and a USER only itself", async () => {
    const team = await manager()({ method: "GET", url: "/api/users?companyId=2" });
    expect(team.headers["x-total-count"]).toBe("0");
    const own = await manager()({ method: "GET", url: "/api/users" });
    expect(emails(own).sort()).toEqual(["camara@demo.local", "gestor@demo.local", "novo@demo.local", "rafael.tavares@demo.local", "usuario@demo.local"]);
    const self = await user()({ method: "GET", url: "/api/users" });
    expect(emails(self)).toEqual(["usuario@demo.local"]);
  });

  it("filters by status: the people an invitation is for are those not using the system yet", async () => {
    const invitable = await manager()({ method: "GET", url: "/api/users?status=pending&status=invited" });
    expect(invitable.statusCode).toBe(200);
    expect(emails(invitable)).toEqual(["rafael.tavares@demo.local"]);
    const active = await manager()({ method: "GET", url: "/api/users?status=active" });
    expect(emails(active).sort()).toEqual(["camara@demo.local", "gestor@demo.local", "novo@demo.local", "usuario@demo.local"]);
    expect((await manager()({ method: "GET", url: "/api/users?status=desconhecido" })).statusCode).toBe(400);
  });

  it("refuses a forged company header (403), anonymous visitors (401) and unknown filters (400)", async () => {
    expect((await manager()({ method: "GET", url: "/api/users", headers: { "x-company-id": "2" } })).statusCode).toBe(403);
    expect((await anonymous()({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    expect((await admin()({ method: "GET", url: "/api/users?firebaseUid=x" })).statusCode).toBe(400);
  });
});

describe("POST /api/users", () => {
  it("lets a MANAGER register a person in its own company", async () => {
    const email = uniqueEmail("nova.pessoa");
    const res = await manager()({ method: "POST", url: "/api/users", payload: { name: "Nova Pessoa", email: email.toUpperCase(), role: "MANAGER" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: "MANAGER", companyId: 1, hasIdentity: false, acceptTerms: false });
  });

  it("keeps a MANAGER inside its company and away from the ADMIN role (403)", async () => {
    const other = await manager()({ method: "POST", url: "/api/users", payload: { name: "Fora", email: uniqueEmail("fora"), companyId: 2 } });
    expect(other.statusCode).toBe(403);
    const boss = await manager()({ method: "POST", url: "/api/users", payload: { name: "Chefe", email: uniqueEmail("chefe"), role: "ADMIN" } });
    expect(boss.statusCode).toBe(403);
    expect(boss.json().message).toBe("Só o administrador pode conceder o perfil ADMIN.");
  });

  it("lets an ADMIN register people in any company (named or chosen by authComp) and other ADMINs in none", async () => {
    const named = await admin()({ method: "POST", url: "/api/users", payload: { name: "Em Campinas", email: uniqueEmail("campinas"), companyId: 2 } });
    expect(named.json()).toMatchObject({ companyId: 2, companyName: "Campinas" });
    const chosen = await admin()({
      method: "POST",
      url: "/api/users",
      headers: { "x-company-id": "3" },
      payload: { name: "Em BH", email: uniqueEmail("bh") },
    });
    expect(chosen.json().companyId).toBe(3);
    const consultant = await admin()({ method: "POST", url: "/api/users", headers: { "x-company-id": "3" }, payload: { name: "Consultora", email: uniqueEmail("consultora"), role: "ADMIN" } });
    expect(consultant.json()).toMatchObject({ role: "ADMIN", companyId: null });
  });

  it("refuses a person without company, an ADMIN with one and an unknown company with 422 on the field", async () => {
    const none = await admin()({ method: "POST", url: "/api/users", payload: { name: "Sem Cliente", email: uniqueEmail("sem") } });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.companyId).toBe("Selecione o cliente do usuário.");
    const adminInCompany = await admin()({ method: "POST", url: "/api/users", payload: { name: "Admin", email: uniqueEmail("adm"), role: "ADMIN", companyId: 1 } });
    expect(adminInCompany.json().errors.role).toBe("O perfil ADMIN é da consultoria e não pertence a um cliente.");
    const unknown = await admin()({ method: "POST", url: "/api/users", payload: { name: "Perdido", email: uniqueEmail("perdido"), companyId: 999 } });
    expect(unknown.json().errors.companyId).toBe("Cliente não encontrado.");
  });

  it("answers a duplicate e-mail (any case) with 409 and a pt-BR message on the field (neutral for a MANAGER, precise for an ADMIN)", async () => {
    const res = await manager()({ method: "POST", url: "/api/users", payload: { name: "Repetida", email: "USUARIO@demo.local" } });
    expect(res.statusCode).toBe(409);
    const neutral = "Este e-mail não pode ser usado. Confira o endereço ou fale com o administrador.";
    expect(res.json()).toEqual({ message: neutral, errors: { email: neutral } });
    const byAdmin = await admin()({ method: "POST", url: "/api/users", payload: { name: "Repetida", email: "USUARIO@demo.local", companyId: 1 } });
    expect(byAdmin.json()).toEqual({ message: "Já existe um usuário com este e-mail.", errors: { email: "Já existe um usuário com este e-mail." } });
  });

  it("refuses bad input with 422 and field messages", async () => {
    const res = await manager()({ method: "POST", url: "/api/users", payload: { name: "A", email: "não-é-email", role: "CHEFE" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ name: "Informe o nome completo.", email: "Informe um e-mail válido.", role: "Perfil inválido." });
  });

  it("is closed to USERs (403) and anonymous visitors (401)", async () => {
    expect((await user()({ method: "POST", url: "/api/users", payload: { name: "X Y", email: uniqueEmail("x") } })).statusCode).toBe(403);
    expect((await anonymous()({ method: "POST", url: "/api/users", payload: { name: "X Y", email: uniqueEmail("x") } })).statusCode).toBe(401);
  });
});

describe("POST /api/auth/send-invite", () => {
  it("creates the identity, sends the set-password link, and the person sets a password and signs in", async () => {
    const email = uniqueEmail("convidada");
    const created = await manager()({ method: "POST", url: "/api/users", payload: { name: "Pessoa Convidada", email } });
    const res = await manager()({ method: "POST", url: "/api/auth/send-invite", payload: { email } });
    expect(res.statusCode).toBe(200);
    const { link, invitedAt } = res.json();
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/admin\/auth\/set-password\?oobCode=.+/);
    expect(new Date(invitedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The emulator "delivered" it: the code is in its outbox.
    expect(await oobCodesFor(email)).toContain(new URL(link).searchParams.get("oobCode"));
    const after = await manager()({ method: "GET", url: `/api/users/${created.json().id}` });
    expect(after.json()).toMatchObject({ hasIdentity: true, invitedAt });

    await setPasswordWithLink(link, "senha-nova-123");
    const login = await api.ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: await idTokenFor(email, "senha-nova-123") } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.customClaims).toMatchObject({ role: "USER", companyName: "São José dos Campos", acceptTerms: false });
  });

  it("invites at creation with sendInvite and returns the invitation", async () => {
    const res = await admin()({ method: "POST", url: "/api/users", payload: { name: "Direto", email: uniqueEmail("direto"), companyId: 3, sendInvite: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hasIdentity: true, invite: { success: true } });
    expect(res.json().invite.link).toContain("/admin/auth/set-password?oobCode=");
  });

  it("finds an existing identity instead of creating a second one (a re-invite)", async () => {
    const res = await admin()({ method: "POST", url: "/api/auth/send-invite", payload: { email: "usuario2@demo.local" } });
    expect(res.statusCode).toBe(200);
    const identity = await api.ctx.identity.auth.getUserByEmail("usuario2@demo.local");
    expect(identity.uid).toBe("demo-usuario2");
  });

  it("answers 404 for people the actor does not manage or who are not registered", async () => {
    const foreign = await manager()({ method: "POST", url: "/api/auth/send-invite", payload: { email: "usuario2@demo.local" } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Usuário não encontrado. Cadastre a pessoa antes de enviar o convite.");
    expect((await admin()({ method: "POST", url: "/api/auth/send-invite", payload: { email: uniqueEmail("ninguem") } })).statusCode).toBe(404);
  });

  it("refuses a deactivated person (422), USERs (403), anonymous visitors (401) and a bad e-mail (422)", async () => {
    const email = uniqueEmail("inativa");
    const created = await manager()({ method: "POST", url: "/api/users", payload: { name: "Pessoa Inativa", email } });
    await manager()({ method: "PATCH", url: `/api/users/${created.json().id}`, payload: { active: false } });
    const inactive = await manager()({ method: "POST", url: "/api/auth/send-invite", payload: { email } });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toMatch(/desativado/);
    expect((await user()({ method: "POST", url: "/api/auth/send-invite", payload: { email } })).statusCode).toBe(403);
    expect((await anonymous()({ method: "POST", url: "/api/auth/send-invite", payload: { email } })).statusCode).toBe(401);
    expect((await manager()({ method: "POST", url: "/api/auth/send-invite", payload: { email: "x" } })).json().errors.email).toBe("Informe um e-mail válido.");
  });
});

describe("PATCH /api/users/{id}", () => {
  it("lets a USER change its own name, which the identity provider learns too", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Nome Antigo" });
    const res = await as(api.ctx.app, person.cookie)({ method: "PATCH", url: `/api/users/${person.id}`, payload: { name: "Nome Novo", phone: "" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Nome Novo", phone: null });
    expect((await api.ctx.identity.auth.getUserByEmail(person.email)).displayName).toBe("Nome Novo");
  });

  it("refuses an edit made from a stale read with 409 and changes nothing; the current version saves and counts up", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Pessoa Versionada" });
    const read = await manager()({ method: "GET", url: `/api/users/${person.id}` });
    const { version } = read.json();
    const first = await manager()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { phone: "12991234567", version } });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(version + 1);
    const stale = await manager()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { name: "Outro Nome", version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain("alterado por outra pessoa");
    expect((await manager()({ method: "GET", url: `/api/users/${person.id}` })).json()).toMatchObject({ name: "Pessoa Versionada", version: version + 1 });
    expect((await api.ctx.identity.auth.getUserByEmail(person.email)).displayName).toBe("Pessoa Versionada");
  });

  it("saves a person's phone formatted, whatever way it was typed, and refuses a number without DDD", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Pessoa Com Telefone" });
    const me = as(api.ctx.app, person.cookie);
    const res = await me({ method: "PATCH", url: `/api/users/${person.id}`, payload: { phone: "12991234567" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe("(12) 99123-4567");
    const bad = await me({ method: "PATCH", url: `/api/users/${person.id}`, payload: { phone: "99123-4567" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toBe("Informe um telefone com DDD, ex.: (12) 3947-8000.");
  });

  it("changes one's own password with rePassword; the new password signs in and the session stays", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Troca Senha" });
    const res = await as(api.ctx.app, person.cookie)({
      method: "PATCH",
      url: `/api/users/${person.id}`,
      payload: { password: "outra-senha-9", rePassword: "outra-senha-9" },
    });
    expect(res.statusCode).toBe(200);
    await expect(idTokenFor(person.email, "outra-senha-9")).resolves.toBeTruthy();
    await expect(idTokenFor(person.email, person.password)).rejects.toThrow();
    expect((await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(200);
  });

  it("lets a MANAGER edit and deactivate a person of its company; the person's sessions end", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Vai Sair" });
    const res = await manager()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { role: "MANAGER", active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: "MANAGER", active: false });
    expect((await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    expect((await api.ctx.identity.auth.getUserByEmail(person.email)).disabled).toBe(true);
  });

  it("answers a duplicate e-mail with 409 on the field", async () => {
    const res = await manager()({ method: "PATCH", url: "/api/users/5", payload: { email: "Usuario@Demo.Local" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toBe("Este e-mail não pode ser usado. Confira o endereço ou fale com o administrador.");
  });

  it("rolls the database back when the identity provider refuses the change", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Sem Conflito" });
    // An identity with that e-mail exists at the provider but not in our table.
    const taken = uniqueEmail("so.no.provedor");
    await api.ctx.identity.auth.createUser({ email: taken });
    const res = await manager()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { email: taken, name: "Nome Que Não Fica" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toBe("Este e-mail não pode ser usado. Confira o endereço ou fale com o administrador.");
    const after = await manager()({ method: "GET", url: `/api/users/${person.id}` });
    expect(after.json()).toMatchObject({ email: person.email, name: "Sem Conflito" });
  });

  it("keeps the ADMIN role out of companies (422) and a MANAGER away from other companies (404)", async () => {
    const grant = await admin()({ method: "PATCH", url: "/api/users/3", payload: { role: "ADMIN" } });
    expect(grant.statusCode).toBe(422);
    expect(grant.json().errors.role).toBe("O perfil ADMIN é da consultoria e não pertence a um cliente.");
    expect((await manager()({ method: "PATCH", url: "/api/users/1", payload: { name: "Admin Renomeado" } })).statusCode).toBe(404);
    expect((await anonymous()({ method: "PATCH", url: "/api/users/3", payload: { name: "Anônimo" } })).statusCode).toBe(401);
  });
});

describe("PATCH /api/users/{id}/avatar", () => {
  it("puts one's own uploaded image as avatar, which the session user shows, and removes it with null", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Com Avatar" });
    const storagePath = await upload(api.ctx.app, person.cookie, "avatar", "image/jpeg", JPEG_BYTES);
    expect(storagePath).toMatch(new RegExp(`^avatars/${person.id}/.+\\.jpg$`));
    const res = await as(api.ctx.app, person.cookie)({ method: "PATCH", url: `/api/users/${person.id}/avatar`, payload: { storagePath } });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatarUrl).toBe(`/api/files/${storagePath}`);
    const me = await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" });
    expect(me.json().user.avatarUrl).toBe(`/api/files/${storagePath}`);
    const image = await anonymous()({ method: "GET", url: `/api/files/${storagePath}` });
    expect(image.headers["content-type"]).toBe("image/jpeg");

    const cleared = await as(api.ctx.app, person.cookie)({ method: "PATCH", url: `/api/users/${person.id}/avatar`, payload: { storagePath: null } });
    expect(cleared.json().avatarUrl).toBeNull();
    expect((await anonymous()({ method: "GET", url: `/api/files/${storagePath}` })).statusCode).toBe(404);
  });

  it("refuses someone else's upload, a logo and a missing file with 422 on storagePath", async () => {
    const others = await upload(api.ctx.app, api.cookies.manager, "avatar", "image/png", PNG_BYTES);
    const res = await user()({ method: "PATCH", url: "/api/users/3/avatar", payload: { storagePath: others } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.storagePath).toMatch(/Envie a imagem/);
    const own = await upload(api.ctx.app, api.cookies.user, "avatar", "image/png", PNG_BYTES);
    const asLogo = own.replace("avatars/", "logos/");
    expect((await user()({ method: "PATCH", url: "/api/users/3/avatar", payload: { storagePath: asLogo } })).statusCode).toBe(422);
    expect((await user()({ method: "PATCH", url: "/api/users/3/avatar", payload: { storagePath: "avatars/3/nada.png" } })).statusCode).toBe(422);
  });

  it("answers 404 for another person's avatar unless the actor manages them", async () => {
    expect((await user()({ method: "PATCH", url: "/api/users/2/avatar", payload: { storagePath: null } })).statusCode).toBe(404);
    expect((await manager()({ method: "PATCH", url: "/api/users/4/avatar", payload: { storagePath: null } })).statusCode).toBe(404);
    expect((await manager()({ method: "PATCH", url: "/api/users/3/avatar", payload: { storagePath: null } })).statusCode).toBe(200);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("lets a MANAGER remove a person of its company, with the identity and sessions", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Será Removida" });
    const res = await manager()({ method: "DELETE", url: `/api/users/${person.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(person.email);
    expect((await manager()({ method: "GET", url: `/api/users/${person.id}` })).statusCode).toBe(404);
    await expect(api.ctx.identity.auth.getUserByEmail(person.email)).rejects.toMatchObject({ code: "auth/user-not-found" });
    expect((await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
  });

  it("removes a person never invited (no identity) too", async () => {
    const created = await admin()({ method: "POST", url: "/api/users", payload: { name: "Nunca Convidada", email: uniqueEmail("nunca"), companyId: 2 } });
    expect((await admin()({ method: "DELETE", url: `/api/users/${created.json().id}` })).statusCode).toBe(200);
  });

  it("refuses removing oneself (403), another company's or an ADMIN (404 for a MANAGER), and USERs (403)", async () => {
    expect((await manager()({ method: "DELETE", url: "/api/users/2" })).statusCode).toBe(403);
    expect((await manager()({ method: "DELETE", url: "/api/users/4" })).statusCode).toBe(404);
    expect((await manager()({ method: "DELETE", url: "/api/users/1" })).statusCode).toBe(404);
    expect((await user()({ method: "DELETE", url: "/api/users/5" })).statusCode).toBe(403);
    expect((await anonymous()({ method: "DELETE", url: "/api/users/5" })).statusCode).toBe(401);
  });
});
