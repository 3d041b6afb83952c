import { describe } from "vitest";
import { demoApi } from "../support/accounts";
import { describeActionContract, type ActionCaller } from "../support/action-contract";
import { userActions } from "../../server/users/routes";
import { companyActions } from "../../server/companies/routes";
import { users } from "../../server/db/schema";
import { eq } from "drizzle-orm";

/**
 * Issue 30: the people and clients areas are declared actions, and each keeps the action contract:
 * 401 anonymous, 403 for a role its guard refuses (before the input is read), 422 on bad input, and
 * another company's record a 404.
 */
const api = demoApi();

/** The id of a demo account (usuario2 belongs to the second company). */
async function userId(email: string): Promise<number> {
  const [row] = await api.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}
const otherCompany = (caller: ActionCaller) => caller.companyOf("usuario2@demo.local");

describe("the people area's actions", () => {
  describeActionContract(userActions.me, { api });
  describeActionContract(userActions.list, { api });
  describeActionContract(userActions.show, {
    api,
    url: async () => `/api/users/${await userId("usuario@demo.local")}`,
    invalid: { url: "/api/users/abc", field: "id" },
    foreign: async () => ({ url: `/api/users/${await userId("usuario2@demo.local")}` }),
  });
  describeActionContract(userActions.create, { api, invalid: { body: { name: "Pessoa", email: "não-é-email" }, field: "email" } });
  describeActionContract(userActions.update, {
    api,
    url: async () => `/api/users/${await userId("usuario@demo.local")}`,
    invalid: { body: { email: "não-é-email" }, field: "email" },
    foreign: async () => ({ url: `/api/users/${await userId("usuario2@demo.local")}`, body: { name: "Outro nome" } }),
  });
  describeActionContract(userActions.changeAvatar, {
    api,
    url: async () => `/api/users/${await userId("usuario@demo.local")}/avatar`,
    invalid: { body: { storagePath: 5 }, field: "storagePath" },
    foreign: async () => ({ url: `/api/users/${await userId("usuario2@demo.local")}/avatar`, body: { storagePath: null } }),
  });
  describeActionContract(userActions.remove, {
    api,
    invalid: { url: "/api/users/abc", field: "id" },
    foreign: async () => ({ url: `/api/users/${await userId("usuario2@demo.local")}` }),
  });
  describeActionContract(userActions.sendInvite, {
    api,
    invalid: { body: { email: "não-é-email" }, field: "email" },
    foreign: () => ({ url: "/api/auth/send-invite", body: { email: "usuario2@demo.local" } }),
  });
});

describe("the clients area's actions", () => {
  describeActionContract(companyActions.list, { api });
  describeActionContract(companyActions.show, {
    api,
    invalid: { url: "/api/companies/abc", field: "id" },
    foreign: async (caller) => ({ url: `/api/companies/${await otherCompany(caller)}` }),
  });
  describeActionContract(companyActions.byCnpj, { api, invalid: { url: "/api/companies/cnpj/123", field: "cnpj" } });
  describeActionContract(companyActions.create, { api, invalid: { body: { cnpj: "1", name: "Prefeitura" }, field: "cnpj" } });
  describeActionContract(companyActions.update, {
    api,
    invalid: { url: "/api/companies/1", body: { email: "não-é-email" }, field: "email" },
    foreign: async (caller) => ({ url: `/api/companies/${await otherCompany(caller)}`, body: { name: "Outro nome" } }),
  });
  describeActionContract(companyActions.remove, { api, invalid: { url: "/api/companies/abc", field: "id" } });
  describeActionContract(companyActions.uploadUrl, { api, invalid: { body: { contentType: "text/x-nada", kind: "avatar" }, field: "contentType" } });
  describeActionContract(companyActions.sendDigest, { api, invalid: { url: "/api/companies/abc/digest", field: "id" } });
  describeActionContract(companyActions.digestHistory, { api, invalid: { url: "/api/companies/abc/digest-runs", field: "id" } });
});
