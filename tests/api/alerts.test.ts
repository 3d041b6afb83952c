import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { alertResource } from "../../server/alerts/routes";
import { users } from "../../server/db/schema";

const api = demoApi();
let serial = 0;
const alert = (extra: Record<string, unknown> = {}) => ({
  title: `Aviso ${++serial}`,
  message: "Atualize o CAUC antes de 30/11.",
  severity: "ATENCAO",
  audience: "ALL",
  validFrom: "2020-01-01",
  ...extra,
});

describeResourceContract(alertResource, {
  api,
  validCreate: () => alert(),
  invalid: { body: alert({ audience: "CHOSEN", companyIds: [] }), field: "companyIds" },
  patch: { severity: "URGENTE" },
});

async function companyOf(email: string): Promise<number> {
  const [row] = await api.ctx.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
  return row.companyId!;
}
type Inbox = { unread: number; alerts: { id: number; read: boolean }[] };
const inboxOf = async (send: Awaited<ReturnType<typeof api.user>>): Promise<Inbox> => {
  const res = await send({ method: "GET", url: "/api/alerts/inbox" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("alerts", () => {
  it("reach only the chosen municipality's people, unread until each person marks them read, and ADMIN sees how many read", async () => {
    const admin = await api.admin();
    const [user, manager, otherUser] = [await api.user(), await api.manager(), await api.otherUser()];
    const companyId = await companyOf("usuario@demo.local");
    const created = await admin({ method: "POST", url: "/api/alerts", payload: alert({ audience: "CHOSEN", companyIds: [companyId], severity: "URGENTE" }) });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().id;

    const before = await inboxOf(user);
    expect(before.alerts.find((a) => a.id === id)?.read).toBe(false);
    expect((await inboxOf(otherUser)).alerts.some((a) => a.id === id)).toBe(false);
    expect((await otherUser({ method: "GET", url: `/api/alerts/${id}` })).statusCode).toBe(404);
    expect((await otherUser({ method: "POST", url: `/api/alerts/${id}/read` })).statusCode).toBe(404);

    expect((await user({ method: "POST", url: `/api/alerts/${id}/read` })).statusCode).toBe(204);
    expect((await user({ method: "POST", url: `/api/alerts/${id}/read` })).statusCode).toBe(204);
    const after = await inboxOf(user);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.alerts.find((a) => a.id === id)?.read).toBe(true);
    // Read state is per person: the manager of the same municipality still has it unread.
    expect((await inboxOf(manager)).alerts.find((a) => a.id === id)?.read).toBe(false);

    const seen = await admin({ method: "GET", url: `/api/alerts/${id}` });
    expect(seen.json().readCount).toBe(1);
  });

  it("hides alerts not yet valid or already expired from everyone but ADMIN", async () => {
    const admin = await api.admin();
    const user = await api.user();
    const future = (await admin({ method: "POST", url: "/api/alerts", payload: alert({ validFrom: "2099-01-01" }) })).json();
    const past = (await admin({ method: "POST", url: "/api/alerts", payload: alert({ validFrom: "2020-01-01", validUntil: "2020-12-31" }) })).json();
    const list = (await user({ method: "GET", url: "/api/alerts?_start=0&_end=100" })).json() as { id: number }[];
    const inbox = await inboxOf(user);
    for (const hidden of [future.id, past.id]) {
      expect(list.some((a) => a.id === hidden)).toBe(false);
      expect(inbox.alerts.some((a) => a.id === hidden)).toBe(false);
      expect((await user({ method: "POST", url: `/api/alerts/${hidden}/read` })).statusCode).toBe(404);
    }
    expect((await admin({ method: "GET", url: `/api/alerts/${future.id}` })).statusCode).toBe(200);
  });

  it("refuses bad audiences and dates with pt-BR messages and changes nothing", async () => {
    const admin = await api.admin();
    const unknown = await admin({ method: "POST", url: "/api/alerts", payload: alert({ audience: "CHOSEN", companyIds: [999999] }) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.companyIds).toBe("Uma das prefeituras escolhidas não existe.");
    const backwards = await admin({ method: "POST", url: "/api/alerts", payload: alert({ validFrom: "2026-02-10", validUntil: "2026-02-01" }) });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.validUntil).toBe("O fim não pode ser antes do início.");

    const created = (await admin({ method: "POST", url: "/api/alerts", payload: alert() })).json();
    const patch = await admin({ method: "PATCH", url: `/api/alerts/${created.id}`, payload: { audience: "CHOSEN", version: created.version } });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().errors.companyIds).toBe("Escolha ao menos uma prefeitura.");
    expect((await admin({ method: "GET", url: `/api/alerts/${created.id}` })).json()).toMatchObject({ audience: "ALL", version: created.version });
  });
});

describe("alert link (issue 31)", () => {
  it("lets a filled link be emptied: a cleared field sends \"\" and stores none", async () => {
    const admin = await api.admin();
    const created = (await admin({ method: "POST", url: "/api/alerts", payload: alert({ linkUrl: "https://www.gov.br/transferegov" }) })).json();
    const cleared = await admin({ method: "PATCH", url: `/api/alerts/${created.id}`, payload: { linkUrl: "" } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().linkUrl).toBeNull();
  });
});
