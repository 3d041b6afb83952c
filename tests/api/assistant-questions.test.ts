import { writeFileSync, mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../support/api";
import { answerQuestion } from "../../server/assistant";

/**
 * The SOL assistant's question set: questions written as a municipal manager types them (typos, no
 * accents, abbreviations), each with the figures it must give, computed here from the seeded data
 * with SQL of its own (not the assistant's queries). The share answered right must be 95% or more;
 * the misses are printed and written to reports/assistant-questions.json.
 */

const SJC = "46643466000106";
let ctx: TestContext;
let companyId: number;

// Seeding a fresh database can take long on a busy machine.
beforeAll(async () => {
  ctx = await createTestContext();
  companyId = Number((await row(`select id from companies where cnpj = '${SJC}'`)).id);
}, 180_000);
afterAll(async () => ctx?.close());

// ---------- independent helpers ----------

type Row = Record<string, unknown>;
async function rows(query: string): Promise<Row[]> {
  const result = (await ctx.database.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}
const row = async (query: string) => (await rows(query))[0];
const num = (value: unknown) => Number(value ?? 0);

const brl = (value: unknown) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(num(value)).replace(/\u00a0/g, " ");
const br = (iso: unknown) => String(iso).slice(0, 10).split("-").reverse().join("/");
const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\u00a0/g, " ").toLowerCase();
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const Y = Number(today().slice(0, 4));
const P = Y - 1;
const MONTH_NAMES = ["janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];

/** Each kind's table, planned column and status column, as the schema names them. */
const T = {
  imp: { table: "imposition_transfers", planned: "planned_value", status: "situation", lost: "('IMPEDIDO','IMPEDIDO_REJEICAO_PLANO_TRABALHO','CANCELADO')", end: "execution_end", key: "nr_transfer" },
  vol: { table: "voluntary_transfers", planned: "transfer_value", status: "status", lost: "('ANULADO','RESCINDIDO','CANCELADO')", end: "validity_end", key: "nr_transfer" },
  fund: { table: "fund_transfer_plans", planned: "total_transfer_value", status: "situation", lost: "('CANCELADO')", end: "validity_end", key: "cod_plan" },
} as const;
type K = keyof typeof T;
const ACTIVE = { imp: "('AGUARDANDO_CIENCIA','CIENTE','AGUARDANDO_CONCLUSAO_PLANO_TRABALHO')", vol: "('PROPOSTA_APROVADA','ASSINADO','EM_EXECUCAO','INADIMPLENTE')", fund: "('AUTORIZADO','EM_EXECUCAO')" };

type Measure = "planned" | "committed" | "paid" | "toReceive";
/** A sum over the kinds given, with an extra SQL condition. */
async function total(kinds: K[], measure: Measure, where = "true"): Promise<number> {
  let sum = 0;
  for (const k of kinds) {
    const t = T[k];
    const expr =
      measure === "planned" ? `sum(${t.planned})` : measure === "committed" ? "sum(committed_value)" : measure === "paid" ? "sum(paid_value)" : `sum(greatest(${t.planned} - paid_value, 0)) filter (where ${t.status}::text not in ${t.lost})`;
    sum += num((await row(`select coalesce(${expr}, 0) as v from ${t.table} where company_id = ${companyId} and (${where})`)).v);
  }
  return Math.round(sum * 100) / 100;
}
async function count(k: K, where = "true"): Promise<number> {
  return num((await row(`select count(*)::int as n from ${T[k].table} where company_id = ${companyId} and (${where})`)).n);
}

/** A question and what a right answer is: which topic answers it and the strings (figures, numbers, dates) it must contain. */
interface Case {
  question: string;
  topic: string | null;
  contains: string[];
  /** Text a right answer must not contain (an unasked list of figures). */
  excludes?: string[];
}

async function buildCases(): Promise<Case[]> {
  const cases: Case[] = [];
  const add = (question: string, topic: string | null, contains: string[], excludes?: string[]) => cases.push({ question, topic, contains, excludes });
  const now = today();

  // ----- totals by kind, year, measure -----
  add(`Quanto o município já recebeu de emendas especiais em ${P}?`, "totals", [brl(await total(["imp"], "paid", `year = ${P}`))]);
  add("qto recebemos de convenios esse ano", "totals", [brl(await total(["vol"], "paid", `year = ${Y}`))]);
  add(`quanto foi empenhado nas emendas pix de ${P}`, "totals", [brl(await total(["imp"], "committed", `year = ${P}`))]);
  add(`Qual o valor previsto dos convênios de ${Y - 2}?`, "totals", [brl(await total(["vol"], "planned", `year = ${Y - 2}`))]);
  add(`quanto falta receber das transferencias especiais de ${P}`, "totals", [brl(await total(["imp"], "toReceive", `year = ${P}`))]);
  add("quanto ainda vamos receber de fundo a fundo", "totals", [brl(await total(["fund"], "toReceive"))]);
  add("total previsto de transferencias voluntarias", "totals", [brl(await total(["vol"], "planned"))]);
  add(`qnt recebemos do fundo a fundo em ${P}`, "totals", [brl(await total(["fund"], "paid", `year = ${P}`))]);
  add("quanto o municipio ja recebeu no total", "totals", [brl(await total(["imp", "vol", "fund"], "paid"))]);
  add("Quanto recebemos de emenda impositiva no ano passado?", "totals", [brl(await total(["imp"], "paid", `year = ${P}`))]);
  add(`qunto recebemso de emnedas especiais em ${P}`, "totals", [brl(await total(["imp"], "paid", `year = ${P}`))]);
  add(`valor empenhdo das transferencias voluntarias de ${P}`, "totals", [brl(await total(["vol"], "committed", `year = ${P}`))]);
  add("quanto temos a receber de contratos de repasse", "totals", [brl(await total(["vol"], "toReceive", "modality = 'CONTRATO_DE_REPASSE'"))]);
  add("quanto recebemos dos convenios em execucao", "totals", [brl(await total(["vol"], "paid", "status = 'EM_EXECUCAO'"))]);
  add("valor empenhado das emendas impedidas", "totals", [brl(await total(["imp"], "committed", "situation in ('IMPEDIDO','IMPEDIDO_REJEICAO_PLANO_TRABALHO')"))]);
  add(`Qual o total previsto de transferências em ${Y}?`, "totals", [brl(await total(["imp", "vol", "fund"], "planned", `year = ${Y}`))]);

  // ----- totals by parliamentarian and grantor -----
  const people = await rows(
    `select parliamentarian_name as name, count(*) as n from (select parliamentarian_name from imposition_transfers where company_id = ${companyId} union all select parliamentarian_name from voluntary_transfers where company_id = ${companyId} and parliamentarian_name is not null union all select parliamentarian_name from fund_transfer_plans where company_id = ${companyId} and parliamentarian_name is not null) x group by 1 order by 2 desc, 1`,
  );
  const surnameCount = new Map<string, number>();
  for (const p of people) {
    const last = String(p.name).split(" ").pop()!;
    surnameCount.set(last, (surnameCount.get(last) ?? 0) + 1);
  }
  const byPerson = (name: string, extra = "true") => `parliamentarian_name = '${name}' and (${extra})`;
  const busiest = String(people[0].name);
  const uniqueSurname = String(people.find((p) => surnameCount.get(String(p.name).split(" ").pop()!) === 1)!.name);
  const sharedSurname = [...surnameCount.entries()].find(([, n]) => n > 1)![0];
  const withPYear = String((await row(`select parliamentarian_name as name from imposition_transfers where company_id = ${companyId} and year = ${P} order by planned_value desc limit 1`)).name);
  add(`Quanto ${plain(busiest)} destinou ao municipio?`, "totals", [brl(await total(["imp", "vol", "fund"], "planned", byPerson(busiest)))]);
  add(`quanto o deputado ${plain(withPYear)} mandou em ${P}`, "totals", [brl(await total(["imp", "vol", "fund"], "planned", byPerson(withPYear, `year = ${P}`)))]);
  const typo = plain(uniqueSurname).replace(/([a-z])([a-z])([a-z]*)$/, "$2$1$3");
  add(`qto o dep ${typo} mandou pra cidade`, "totals", [brl(await total(["imp", "vol", "fund"], "planned", byPerson(uniqueSurname)))]);
  add(`quanto ja recebemos das emendas de ${plain(busiest).split(" ")[0]} ${plain(busiest).split(" ")[1]}`, "totals", [brl(await total(["imp"], "paid", byPerson(busiest)))]);
  add(`quanto o ${plain(sharedSurname)} mandou`, null, people.filter((p) => String(p.name).endsWith(` ${sharedSurname}`)).map((p) => plain(String(p.name).split(" ")[0])), ["R$"]);
  add("quanto veio do ministerio da saude", "totals", [brl(await total(["vol"], "paid", "grantor_acronym = 'MS'"))]);
  add("qual o valor recebido do FNS", "totals", [brl(await total(["fund"], "paid", "grantor_acronym = 'FNS'"))]);
  add("quanto o ministerio das cidades repassou em convenios", "totals", [brl(await total(["vol"], "paid", "grantor_acronym = 'MCID'"))]);
  add(`quanto a educacao recebeu em ${P}`, "totals", [brl(await total(["vol"], "paid", `grantor_acronym = 'MEC' and year = ${P}`))]);

  // ----- money received in a month -----
  const [year, month] = now.split("-").map(Number);
  const lastMonth = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  const received = async (y: number, m: number) => {
    const from = `${y}-${String(m).padStart(2, "0")}-01`;
    return num((await row(`select coalesce(sum(amount), 0) as v from transaction_payments where company_id = ${companyId} and status = 'EFETIVADO' and kind in ('BANK_ORDER','DISBURSEMENT') and payment_date >= date '${from}' and payment_date < date '${from}' + interval '1 month'`)).v);
  };
  add(`quanto o municipio recebeu em ${MONTH_NAMES[lastMonth.m - 1]} de ${lastMonth.y}`, "totals", [brl(await received(lastMonth.y, lastMonth.m))]);
  add("qto entrou na conta mes passado", "totals", [brl(await received(lastMonth.y, lastMonth.m))]);
  add(`quanto recebemos em ${MONTH_NAMES[month - 1]}`, "totals", [brl(await received(year, month))]);

  // ----- counts -----
  add("quantos convenios estao em execucao", "counts", [`**${await count("vol", "status = 'EM_EXECUCAO'")}**`]);
  add("quantas emendas pix estao impedidas?", "counts", [`**${await count("imp", "situation in ('IMPEDIDO','IMPEDIDO_REJEICAO_PLANO_TRABALHO')")}**`]);
  add("qtas transferencias fundo a fundo estao em execucao", "counts", [`**${await count("fund", "situation = 'EM_EXECUCAO'")}**`]);
  add("quantos convenios aguardam prestacao de contas", "counts", [`**${await count("vol", "status = 'AGUARDANDO_PRESTACAO_CONTAS'")}**`]);
  add(`quantas emendas especiais de ${P} por situacao`, "counts", [`Ciente: ${await count("imp", `year = ${P} and situation = 'CIENTE'`)}`, `(${await count("imp", `year = ${P}`)} transfer`]);
  add("quantos convenios temos com clausula suspensiva", "counts", [`**${await count("vol", "contracting_situation = 'CLAUSULA_SUSPENSIVA'")}**`]);
  const activeCount =
    (await count("imp", `situation in ${ACTIVE.imp} and (execution_end is null or execution_end >= '${now}')`)) +
    (await count("vol", `status in ${ACTIVE.vol} and (validity_end is null or validity_end >= '${now}')`)) +
    (await count("fund", `situation in ${ACTIVE.fund} and (validity_end is null or validity_end >= '${now}')`));
  add("quantas transferencias ativas temos", "counts", [`**${activeCount}**`]);
  add("numero de convenios concluidos", "counts", [`**${await count("vol", "status = 'CONCLUIDO'")}**`]);
  add(`quantos planos fundo a fundo em ${P}`, "counts", [`**${await count("fund", `year = ${P}`)}**`]);
  add("qts convenios cancelados", "counts", [`**${await count("vol", "status = 'CANCELADO'")}**`]);
  add("quantos convenio em execuçao", "counts", [`**${await count("vol", "status = 'EM_EXECUCAO'")}**`]);
  add("quantas transferencias temos no total?", "counts", [`**${(await count("imp")) + (await count("vol")) + (await count("fund"))}**`]);

  // ----- deadlines -----
  const next = async (table: string, date: string, open: string, key: string) =>
    row(`select ${key} as key, ${date}::text as date from ${table} where company_id = ${companyId} and ${open} and ${date} >= '${now}' order by ${date}, ${key} limit 1`);
  const nextVol = await next("voluntary_transfers", "validity_end", `status in ${ACTIVE.vol}`, "nr_transfer");
  add("Qual convênio vence primeiro?", "deadlines", [String(nextVol.key), br(nextVol.date)]);
  add("qual convenio vense primeiro", "deadlines", [String(nextVol.key), br(nextVol.date)]);
  const nextImp = await next("imposition_transfers", "execution_end", `situation in ${ACTIVE.imp}`, "nr_transfer");
  add("qual emenda especial termina primeiro", "deadlines", [String(nextImp.key), br(nextImp.date)]);
  const nextPc = await next("voluntary_transfers", "accountability_deadline", "status in ('AGUARDANDO_PRESTACAO_CONTAS','EM_EXECUCAO')", "nr_transfer");
  add("proximos prazos de prestacao de contas", "deadlines", [String(nextPc.key), br(nextPc.date)]);
  const nextSusp = await next("voluntary_transfers", "suspensive_clause_due", "contracting_situation = 'CLAUSULA_SUSPENSIVA'", "nr_transfer");
  if (nextSusp) add("quando vence a proxima clausula suspensiva?", "deadlines", [String(nextSusp.key), br(nextSusp.date)]);
  const nextFund = await next("fund_transfer_plans", "validity_end", `situation in ${ACTIVE.fund}`, "cod_plan");
  add("qual o proximo vencimento de fundo a fundo", "deadlines", [String(nextFund.key), br(nextFund.date)]);
  const nextAny = [nextVol, nextImp, nextFund].sort((a, b) => String(a.date).localeCompare(String(b.date)) || String(a.key).localeCompare(String(b.key)))[0];
  add("prazo de vigencia mais proximo", "deadlines", [String(nextAny.key), br(nextAny.date)]);
  const volNextYear = await row(
    `select nr_transfer as key, validity_end::text as date from voluntary_transfers where company_id = ${companyId} and status in ${ACTIVE.vol} and validity_end >= '${Y + 1}-01-01' and validity_end < '${Y + 2}-01-01' order by validity_end, nr_transfer limit 1`,
  );
  if (volNextYear) add(`quais convenios vencem em ${Y + 1}`, "deadlines", [String(volNextYear.key), br(volNextYear.date)]);
  add("Quais os próximos 3 prazos de vigência dos convênios?", "deadlines", (await rows(`select nr_transfer as key from voluntary_transfers where company_id = ${companyId} and status in ${ACTIVE.vol} and validity_end >= '${now}' order by validity_end, nr_transfer limit 3`)).map((r) => String(r.key)));

  const volThisYear = await count("vol", `status in ${ACTIVE.vol} and validity_end >= '${now}' and validity_end <= '${Y}-12-31'`);
  add("quantos convenios vencem este ano", "counts", [`**${volThisYear}**`]);
  add("prestacao de contas vencendo", "deadlines", [String(nextPc.key), br(nextPc.date)]);

  // ----- one transfer by its number -----
  const vol = await row(`select nr_transfer, transfer_value, paid_value, validity_end::text as validity_end from voluntary_transfers where company_id = ${companyId} and status = 'EM_EXECUCAO' order by nr_transfer limit 1`);
  add(`como esta o convenio ${vol.nr_transfer}`, "transfer-detail", [String(vol.nr_transfer), brl(vol.transfer_value), brl(vol.paid_value), br(vol.validity_end)]);
  add(`quando vence o ${vol.nr_transfer}?`, "transfer-detail", [br(vol.validity_end)]);
  const imp = await row(`select nr_transfer, planned_value, paid_value from imposition_transfers where company_id = ${companyId} order by planned_value desc limit 1`);
  add(`me fala da emenda ${imp.nr_transfer}`, "transfer-detail", [String(imp.nr_transfer), brl(imp.planned_value), brl(imp.paid_value)]);
  const fund = await row(`select cod_plan, total_transfer_value, paid_value from fund_transfer_plans where company_id = ${companyId} order by cod_plan limit 1`);
  add(String(fund.cod_plan), "transfer-detail", [brl(fund.total_transfer_value), brl(fund.paid_value)]);
  add("detalhes do convenio 999999", "transfer-detail", ["Não encontrei", "999999"], ["R$"]);

  // ----- rankings -----
  const rank = async (kinds: K[], by: "parliamentarian_name" | "grantor_name", value: (k: K) => string, where = "true") => {
    const parts = kinds.map((k) => `select ${by} as name, ${value(k)} as v from ${T[k].table} where company_id = ${companyId} and ${by} is not null and (${where})`);
    return rows(`select name, sum(v) as v from (${parts.join(" union all ")}) x group by name having sum(v) > 0 order by sum(v) desc, name`);
  };
  const planned = (k: K) => T[k].planned;
  const topImpP = (await rank(["imp"], "parliamentarian_name", planned, `year = ${P}`))[0];
  add(`Qual deputado mais mandou emendas em ${P}?`, "ranking", [brl(topImpP.v)]);
  const topAll = await rank(["imp", "vol", "fund"], "parliamentarian_name", planned);
  add("quem mais destinou recursos ao municipio", "ranking", [brl(topAll[0].v)]);
  add("ranking dos parlamentares", "ranking", topAll.slice(0, 5).map((r) => brl(r.v)));
  const topGrantorPaid = (await rank(["vol"], "grantor_name", () => "paid_value"))[0];
  add("qual ministerio mais repassou convenios", "ranking", [brl(topGrantorPaid.v)]);
  add("top 3 concedentes por valor previsto", "ranking", (await rank(["imp", "vol", "fund"], "grantor_name", planned)).slice(0, 3).map((r) => brl(r.v)));
  const topY = (await rank(["imp", "vol", "fund"], "parliamentarian_name", planned, `year = ${Y}`))[0];
  add(`qual parlamentar mais enviou pro municipio em ${Y}`, "ranking", [brl(topY.v)]);

  const perPerson = await rows(`select parliamentarian_name as name, count(*)::int as n from imposition_transfers where company_id = ${companyId} group by 1 order by 2 desc, 1 limit 1`);
  add("qtd de emendas por parlamentar", "counts", [`${plain(String(perPerson[0].name))}: ${perPerson[0].n}`]);

  // ----- payments -----
  const moving = "status = 'EFETIVADO' and kind in ('BANK_ORDER','DISBURSEMENT','SUPPLIER_PAYMENT')";
  const latest = await rows(`select amount, payment_date::text as d, document_number from transaction_payments where company_id = ${companyId} and ${moving} order by payment_date desc, id desc limit 5`);
  add("Qual o último pagamento realizado?", "latest-payments", [brl(latest[0].amount), br(latest[0].d)]);
  add("ultimos 5 pagamentos", "latest-payments", latest.map((r) => String(r.document_number)));
  const latestVol = await row(`select amount, document_number from transaction_payments where company_id = ${companyId} and ${moving} and voluntary_transfer_id is not null order by payment_date desc, id desc limit 1`);
  add("ultimo pagamento de convenio", "latest-payments", [String(latestVol.document_number), brl(latestVol.amount)]);
  const latestOb = await row(`select amount, document_number from transaction_payments where company_id = ${companyId} and status = 'EFETIVADO' and kind = 'BANK_ORDER' order by payment_date desc, id desc limit 1`);
  add("qual foi a ultima ordem bancaria?", "latest-payments", [String(latestOb.document_number), brl(latestOb.amount)]);
  const fromLast = `${lastMonth.y}-${String(lastMonth.m).padStart(2, "0")}-01`;
  const inLastMonth = await row(`select document_number from transaction_payments where company_id = ${companyId} and ${moving} and payment_date >= date '${fromLast}' and payment_date < date '${fromLast}' + interval '1 month' order by payment_date desc, id desc limit 1`);
  if (inLastMonth) add(`quais os pagamentos de ${MONTH_NAMES[lastMonth.m - 1]} de ${lastMonth.y}`, "latest-payments", [String(inLastMonth.document_number)]);

  // ----- comparisons between years -----
  const paidIn = async (kinds: K[], y: number) => brl(await total(kinds, "paid", `year = ${y}`));
  add(`Compare o recebido de ${P} com ${P - 1}`, "compare-years", [await paidIn(["imp", "vol", "fund"], P), await paidIn(["imp", "vol", "fund"], P - 1)]);
  add(`emendas pix ${Y} x ${P}`, "compare-years", [await paidIn(["imp"], Y), await paidIn(["imp"], P)]);
  add(`recebemos mais em ${P} ou em ${Y}?`, "compare-years", [await paidIn(["imp", "vol", "fund"], P), await paidIn(["imp", "vol", "fund"], Y)]);
  add("comparar convenios deste ano com o ano passado", "compare-years", [await paidIn(["vol"], Y), await paidIn(["vol"], P)]);
  add(`comparativo do previsto de fundo a fundo entre ${P - 1} e ${P}`, "compare-years", [brl(await total(["fund"], "planned", `year = ${P - 1}`)), brl(await total(["fund"], "planned", `year = ${P}`))]);

  // ----- the other screens' topics (issue 33 item 5, issue 37) -----
  const alertDays = num((await row(`select coalesce((parametrization->>'caucAlertDays')::int, 15) as d from companies where id = ${companyId}`)).d);
  const expiring = await rows(`select code, valid_until::text as d from regularity_items where company_id = ${companyId} and status = 'REGULAR' and valid_until >= '${now}' and valid_until <= date '${now}' + ${alertDays} order by valid_until, code`);
  add("quais itens do cauc estao vencnedo?", "cauc", expiring.flatMap((r) => [`(${r.code})`, br(r.d)]));
  const pendingCauc = await rows(`select code from regularity_items where company_id = ${companyId} and status in ('IRREGULAR','A_COMPROVAR') order by code`);
  add("pendencias do cauc", "cauc", pendingCauc.map((r) => `(${r.code})`));
  const proposalCount = async (status: string) => num((await row(`select count(*)::int as n from proposals where company_id = ${companyId} and status = '${status}'`)).n);
  add("qtas propostas em analise", "proposals", [`**${await proposalCount("EM_ANALISE")}**`]);
  add("propostas por status", "proposals", [`Aprovada: **${await proposalCount("APROVADA")}**`, `Conveniada: **${await proposalCount("CONVENIADA")}**`]);
  const OPEN_OBLIGATION = "('AGUARDANDO','PENDENTE','EM_ELABORACAO','PARCIAL','EM_COMPLEMENTACAO')";
  const oldest = await row(`select transfer_key, due_date::text as d from accountability_obligations where company_id = ${companyId} and kind <> 'LC210' and status in ${OPEN_OBLIGATION} and due_date < '${now}' order by due_date, id limit 1`);
  if (oldest) add("prestacao de contas atrasada", "deadlines", [String(oldest.transfer_key), br(oldest.d)]);
  const lateNotices = num((await row(`select count(*)::int as n from accountability_obligations where company_id = ${companyId} and kind = 'LC210' and status <> 'COMUNICADA' and due_date < '${now}'`)).n);
  add("comunicacoes da lc 210 atrasadas", "lc210", [`Atrasadas (prazo de 30 dias vencido sem envio completo): **${lateNotices}**`]);
  const municipal = await row(`select count(*)::int as n, count(*) filter (where stage in ('EXECUTADA','CONTAS_PRESTADAS'))::int as e from municipal_amendments where company_id = ${companyId}`);
  add("emendas dos vereadores", "municipal-amendments", [`**${municipal.n} indicadas**`, `**${municipal.e} executadas**`]);
  const topCouncillor = await row(`select author_name as name, sum(value) as v from municipal_amendments where company_id = ${companyId} group by 1 order by 2 desc, 1 limit 1`);
  add("quanto cada vereador indicou?", "municipal-amendments", [brl(topCouncillor.v)]);

  // ----- active transfers, help, company, not understood -----
  add("Quais transferêcias estão ativas?", "list-transfers", [`${activeCount} transferências ativas`]);
  add("O que posso perguntar para você?", "help", ["Eu sou o SOL"]);
  add("qual o cnpj da prefeitura", "company", ["46.643.466/0001-06"]);
  add("Qual a previsão do tempo amanhã?", null, ["não sei"], ["R$"]);
  add("me conta uma piada", null, ["não sei"], ["R$"]);
  add("quem ganhou o jogo ontem?", null, ["não sei"], ["R$"]);
  return cases;
}

describe("the SOL assistant's question set", () => {
  it("answers at least 95% of 60+ manager questions with the figures the seeded data gives", async () => {
    const cases = await buildCases();
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const results = [];
    for (const c of cases) {
      const reply = await answerQuestion(ctx.database.db, { cnpj: SJC, question: c.question });
      const text = plain(reply.text);
      const missing = c.contains.filter((s) => !text.includes(plain(s)));
      const unwanted = (c.excludes ?? []).filter((s) => text.includes(plain(s)));
      const right = reply.answererId === c.topic && missing.length === 0 && unwanted.length === 0;
      results.push({ question: c.question, right, expectedTopic: c.topic, topic: reply.answererId, missing, unwanted, answer: right ? undefined : reply.text });
    }
    const right = results.filter((r) => r.right).length;
    const share = right / results.length;
    const misses = results.filter((r) => !r.right);
    mkdirSync("reports", { recursive: true });
    writeFileSync("reports/assistant-questions.json", JSON.stringify({ total: results.length, right, share, misses }, null, 2));
    console.log(`Assistente SOL: ${right}/${results.length} perguntas certas (${(share * 100).toFixed(1)}%).`);
    for (const miss of misses) console.log(`  ERROU: "${miss.question}" → ${miss.topic} (esperado ${miss.expectedTopic}); faltou ${JSON.stringify(miss.missing)}; sobrou ${JSON.stringify(miss.unwanted)}\n    ${miss.answer?.replace(/\n+/g, " ⏎ ").slice(0, 300)}`);
    expect(share).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
