import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";

/**
 * Rules across records (issue 31 item 2) declared after the first pass: each is refused by the server
 * inside the write's transaction with a pt-BR message naming the field, and nothing is written.
 */
const api = demoApi();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("an LC 210 notice is sent after the receipt it tells of", () => {
  it("refuses a send dated before the emenda was accepted or first paid, writes nothing, and takes the day itself", async () => {
    // An emenda's LC 210 obligation, its term's first day, and a recipient not told yet.
    const [target] = await rows<{ obligationId: number; start: string; recipient: string }>(sql`
      select o.id as "obligationId", least(t.accepted_at, (select min(p.payment_date) from transaction_payments p
          where p.imposition_transfer_id = t.id and p.kind = 'BANK_ORDER' and p.status = 'EFETIVADO'))::text as start, r.recipient
        from accountability_obligations o join imposition_transfers t on t.id = o.imposition_transfer_id
        cross join (values ('CAMARA'), ('TCU'), ('TCE')) r(recipient)
        join users u on u.company_id = o.company_id and u.email = 'gestor@demo.local'
        where o.kind = 'LC210' and not exists (select 1 from lc210_notices n where n.obligation_id = o.id and n.recipient::text = r.recipient)
          and least(t.accepted_at, (select min(p.payment_date) from transaction_payments p
            where p.imposition_transfer_id = t.id and p.kind = 'BANK_ORDER' and p.status = 'EFETIVADO')) between '2000-01-02' and current_date - 1
        order by o.id limit 1`);
    expect(target).toBeDefined();
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from lc210_notices where obligation_id = ${target.obligationId}`))[0].n;
    const before = await count();
    const manager = await api.manager();

    const early = await manager({ method: "POST", url: "/api/lc210-notices", payload: { obligationId: target.obligationId, recipient: target.recipient, sentOn: dayBefore(target.start), protocol: "PROT-CEDO" } });
    expect(early.statusCode, early.body).toBe(422);
    const brStart = target.start.split("-").reverse().join("/");
    expect(early.json().errors.sentOn).toBe(
      `A data de envio não pode ser antes de ${brStart}: a comunicação informa o recebimento da emenda (aceite do plano ou primeiro pagamento), que começou nesse dia.`,
    );
    expect(await count()).toBe(before);

    const onTheDay = await manager({ method: "POST", url: "/api/lc210-notices", payload: { obligationId: target.obligationId, recipient: target.recipient, sentOn: target.start, protocol: "PROT-NO-DIA" } });
    expect(onTheDay.statusCode, onTheDay.body).toBe(201);
    // Moving a recorded send before the term is refused too, and the send keeps its day.
    const moved = await manager({ method: "PATCH", url: `/api/lc210-notices/${onTheDay.json().id}`, payload: { sentOn: dayBefore(target.start), version: onTheDay.json().version } });
    expect(moved.statusCode, moved.body).toBe(422);
    expect((await manager({ method: "GET", url: `/api/lc210-notices/${onTheDay.json().id}` })).json().sentOn).toBe(target.start);
    expect([200, 204]).toContain((await manager({ method: "DELETE", url: `/api/lc210-notices/${onTheDay.json().id}` })).statusCode);
  });
});
