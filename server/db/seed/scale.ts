import { sql, type SQL } from "drizzle-orm";
import { getMunicipalities } from "@brazilian-utils/brazilian-utils";
import type { Db } from "../client";
import { companies } from "../schema";
import { recomputeTransferTotals } from "../../domain/payments";
import { FUNDS, GRANTORS, PARLIAMENTARIANS, POLICY_AREAS, SPECIAL_OBJECTS, SUPPLIERS, cnpjWithCheckDigits } from "./transfers-catalog";

/**
 * National-scale data for benchmarks: every IBGE municipality as a company with Transferegov-shaped
 * transfers, and a payment table of the requested size. Rows are generated inside the database
 * (INSERT ... SELECT over generate_series), so the same code fills PGlite and PostgreSQL in minutes.
 */
export interface ScaleOptions {
  /** How many municipalities (at most 5,571). */
  municipalities: number;
  /** Transfers per municipality. */
  perCompany: { imposition: number; voluntary: number; fund: number; proposals?: number };
  /** Total payments (a third on impositions, the rest on convênios). */
  payments: number;
  /** National program catalogue (captação radar), across the 27 UFs; 0 leaves it out. */
  programs?: number;
  /** Year the data is anchored on (the current one by default). */
  year?: number;
  log?: (message: string) => void;
}

export const NATIONAL_SCALE: ScaleOptions = { municipalities: 5571, perCompany: { imposition: 20, voluntary: 15, fund: 6, proposals: 8 }, payments: 1_000_000, programs: 6000 };

/** A number inlined in generated SQL (no untyped parameters for generate_series and friends). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));
const text = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[]`);
/** A random element of a text array literal. */
const pick = (values: readonly string[]) => sql`(${text(values)})[1 + floor(random() * ${int(values.length)})::int]`;

function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

async function timed(log: (m: string) => void, label: string, run: () => Promise<unknown>) {
  const started = Date.now();
  await run();
  log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Inserts the municipalities (skipping CNPJs already present) and returns their company ids in order. */
async function insertMunicipalities(db: Db, count: number): Promise<number[]> {
  const rows = getMunicipalities()
    .slice(0, count)
    .map((m) => ({
      // A valid, deterministic CNPJ per municipality: root from the IBGE code, branch 0001.
      cnpj: cnpjWithCheckDigits(`9${m.code}0001`),
      name: m.name,
      legalName: `Município de ${m.name}`,
      slug: `${slugify(m.name)}-${m.stateCode.toLowerCase()}-${m.code}`,
      ibgeCode: m.code,
      uf: m.stateCode,
      // The scale measurements read their portals: published, as every client was before publishing became a decision.
      publicPortalEnabled: true,
    }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db.insert(companies).values(rows.slice(i, i + 1000)).onConflictDoNothing().returning({ id: companies.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

async function idRange(db: Db, table: SQL, from: number): Promise<{ min: number; n: number }> {
  const result = await db.execute(sql`select coalesce(min(id), 0)::int as min, count(*)::int as n from ${table} where id > ${int(from)}`);
  const row = (result as unknown as { rows: { min: number; n: number }[] }).rows[0];
  return { min: row.min, n: row.n };
}

async function maxId(db: Db, table: SQL): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(id), 0)::int as max from ${table}`);
  return (result as unknown as { rows: { max: number }[] }).rows[0].max;
}

const UFS = ["AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"];

/**
 * The national program catalogue at SICONV's size, over the grantors the demo seeded: 40% open to
 * every UF, the others to a run of 1 to 9 UFs; voluntary windows around today (open, closing, closed,
 * future), a third with an amendment window naming about 1% of the municipalities as beneficiaries.
 */
async function insertPrograms(db: Db, count: number, year: number) {
  await db.execute(sql`
    insert into programs (code, name, year, modality, situation, policy_area, grantor_id, global_value, enabled_ufs, beneficiary_cnpjs,
      voluntary_start, voluntary_end, amendment_start, amendment_end)
    select (80000000000 + i)::text, 'Programa nacional de escala ' || i, ${int(year)},
      (array['CONVENIO','CONTRATO_DE_REPASSE','FUNDO_A_FUNDO'])[1 + i % 3]::program_modality,
      (case when i % 10 = 0 then 'INATIVO' else 'DISPONIBILIZADO' end)::program_situation,
      ${pick(POLICY_AREAS)}, g.ids[1 + i % array_length(g.ids, 1)], round((100000 + random() * 900000000)::numeric, 2),
      case when i % 5 < 2 then ${text(UFS)}::varchar[] else (${text(UFS)})[1 + i % 27 : 1 + i % 27 + i % 9]::varchar[] end,
      case when i % 3 = 0 then array(select c.cnpj from companies c where c.id % 97 = i % 97)::varchar[] else '{}'::varchar[] end,
      w.s, w.s + (15 + i % 165), case when i % 3 = 0 then w.s end, case when i % 3 = 0 then w.s + (10 + i % 60) end
    from generate_series(1, ${int(count)}) i
    cross join (select array_agg(id order by id) as ids from grantors) g
    cross join lateral (select current_date - (i % 150) + 30 as s) w
    where g.ids is not null
  `);
}

/** The paths a scale proposal has walked, one per final status (each step a PROPOSAL_TRANSITIONS move). */
const PROPOSAL_PATHS = [
  ["CADASTRADA"],
  ["CADASTRADA", "ENVIADA_ANALISE"],
  ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE"],
  ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "COMPLEMENTACAO_SOLICITADA"],
  ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "COMPLEMENTACAO_SOLICITADA", "COMPLEMENTACAO_ENVIADA", "EM_ANALISE", "APROVADA"],
  ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "REJEITADA"],
  ["CADASTRADA", "CANCELADA"],
  ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "APROVADA", "CONVENIADA"],
  ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "APROVADA", "CONVENIADA"],
] as const;

/**
 * `perCompany` proposals for each new municipality (the proposal report at national scale), each in
 * one of PROPOSAL_PATHS with a status history 5 to 45 days a step from its proposal date, values with
 * global = transfer + counterpart, and a program of the catalogue when there is one.
 */
async function insertProposals(db: Db, companiesSql: SQL, perCompany: number, year: number) {
  const paths = sql.raw(`array[${PROPOSAL_PATHS.map((path) => `'${JSON.stringify(path)}'`).join(",")}]::jsonb[]`);
  await db.execute(sql`
    insert into proposals (company_id, nr_proposal, proponent_cnpj, proponent_name, program_id, grantor_id, modality, object, status, status_history,
      proposal_date, validity_start, validity_end, global_value, transfer_value, counterpart_value)
    select c.company_id, lpad(((c.idx * ${int(perCompany)} + g) % 1000000)::text, 6, '0') || '/' || y, co.cnpj, upper(co.name),
      pr.ids[pi], pr.gids[pi], (case when random() < 0.7 then 'CONVENIO' else 'CONTRATO_DE_REPASSE' end)::proposal_modality,
      ${pick(SPECIAL_OBJECTS)}, (path ->> (jsonb_array_length(path) - 1))::proposal_status,
      (select jsonb_agg(jsonb_build_object('status', st.value, 'at', to_char((d + ((st.n - 1) * step)::int)::timestamp + interval '14 hours', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), 'by', 'Transferegov') order by st.n)
        from jsonb_array_elements_text(path) with ordinality as st(value, n)),
      d, d, d + 365, tv + cv, tv, cv
    from ${companiesSql} c
    join companies co on co.id = c.company_id
    cross join generate_series(1, ${int(perCompany)}) g
    cross join (select array_agg(id order by id) as ids, array_agg(grantor_id order by id) as gids from programs) pr
    cross join lateral (select (${int(year)} - floor(random() * 3))::int as y, (${paths})[1 + floor(random() * ${int(PROPOSAL_PATHS.length)})::int] as path,
      5 + floor(random() * 40)::int as step, 1 + floor(random() * greatest(coalesce(array_length(pr.ids, 1), 0), 1))::int as pi,
      round((100 + random() * 2900)::numeric) * 1000 as tv, round((2 + random() * 98)::numeric) * 1000 as cv) r
    cross join lateral (select make_date(r.y, 2, 1) + floor(random() * 200)::int as d) dd
  `);
}

/**
 * Adds the scale data in one transaction (all or nothing), with no statement timeout: a batch job's
 * inserts of millions of rows run far longer than DB_STATEMENT_TIMEOUT_MS allows a request.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<{ companies: number; payments: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return seedScaleIn(tx as unknown as Db, options);
  });
}

async function seedScaleIn(db: Db, options: ScaleOptions): Promise<{ companies: number; payments: number }> {
  const log = options.log ?? (() => undefined);
  const year = options.year ?? new Date().getFullYear();
  const { imposition, voluntary, fund } = options.perCompany;
  await db.execute(sql`select setseed(0.2025)`);

  let companyIds: number[] = [];
  await timed(log, "municípios", async () => {
    companyIds = await insertMunicipalities(db, options.municipalities);
  });
  if (companyIds.length === 0) throw new Error("Nenhum município novo: o banco já tem os dados de escala.");
  const companiesSql = sql.raw(`(select ordinality::int as idx, id as company_id from unnest(array[${companyIds.join(",")}]::int[]) with ordinality as u(id, ordinality))`);
  const parliamentarians = PARLIAMENTARIANS.map((p) => p.name);
  const grantors = GRANTORS.map((g) => g.acronym);
  const grantorNames = GRANTORS.map((g) => g.name);
  const programs = GRANTORS.map((g) => g.programs[0].name);
  const objects = GRANTORS.map((g) => g.programs[0].objects[0]);

  const impositionStart = await maxId(db, sql`imposition_transfers`);
  await timed(log, `transferências especiais (${companyIds.length * imposition})`, () =>
    db.execute(sql`
      insert into imposition_transfers (company_id, nr_transfer, year, situation, amendment_number, parliamentarian_name, parliamentarian_code,
        program_code, program_name, grantor_acronym, grantor_name, expense_category, costing_value, investment_value, accepted_at,
        object_name, policy_areas, bank_code, bank_name, execution_start, execution_end, legislative_notified_at, is_public)
      select c.company_id,
        '0903' || y || '-' || lpad(((c.idx * ${int(imposition)} + g) % 1000000)::text, 6, '0'),
        y,
        (${text(["CIENTE", "CIENTE", "CIENTE", "CONCLUIDO", "AGUARDANDO_CIENCIA", "AGUARDANDO_CONCLUSAO_PLANO_TRABALHO", "IMPEDIDO", "CANCELADO"])})[1 + floor(random() * 8)::int]::imposition_situation,
        y || lpad((1000 + floor(random() * 8000))::int::text, 4, '0') || lpad((1 + floor(random() * 60))::int::text, 4, '0'),
        ${pick(parliamentarians)}, (1000 + floor(random() * 8000))::int,
        '0903', 'TRANSFERÊNCIAS ESPECIAIS', 'MF', 'MINISTÉRIO DA FAZENDA',
        'INVESTIMENTO', 0, round((80 + random() * 3920)::numeric) * 1000,
        make_date(y, 3, 1) + floor(random() * 200)::int,
        ${pick(SPECIAL_OBJECTS)}, ${pick(POLICY_AREAS)}, '001', 'BANCO DO BRASIL S.A.',
        make_date(y, 6, 1), make_date(y, 6, 1) + (270 + floor(random() * 720)::int), make_date(y, 4, 1), random() < 0.95
      from ${companiesSql} c
      cross join generate_series(1, ${int(imposition)}) g
      cross join lateral (select (${int(year)} - floor(random() * 4))::int as y) yy
    `),
  );
  const impositions = await idRange(db, sql`imposition_transfers`, impositionStart);

  const voluntaryStart = await maxId(db, sql`voluntary_transfers`);
  await timed(log, `convênios (${companyIds.length * voluntary})`, () =>
    db.execute(sql`
      insert into voluntary_transfers (company_id, nr_transfer, proposal_number, year, modality, status, object, program_code, program_name,
        grantor_acronym, grantor_name, amendment_number, parliamentarian_name, transfer_value, counterpart_value, signed_at, published_at,
        validity_start, validity_end, accountability_deadline, contracting_situation, is_public)
      select c.company_id,
        (700000 + ((c.idx * ${int(voluntary)} + g) % 300000))::text,
        lpad((1 + floor(random() * 99999))::int::text, 6, '0') || '/' || y,
        y,
        (case when random() < 0.7 then 'CONVENIO' else 'CONTRATO_DE_REPASSE' end)::voluntary_modality,
        (${text(["EM_EXECUCAO", "EM_EXECUCAO", "EM_EXECUCAO", "ASSINADO", "AGUARDANDO_PRESTACAO_CONTAS", "PRESTACAO_CONTAS_APROVADA", "CONCLUIDO", "INADIMPLENTE", "RESCINDIDO", "CANCELADO"])})[1 + floor(random() * 10)::int]::voluntary_status,
        (${text(objects)})[gi], (${text(GRANTORS.map((g) => g.siafi))})[gi] || y || lpad(g::text, 4, '0'), (${text(programs)})[gi],
        (${text(grantors)})[gi], (${text(grantorNames)})[gi],
        y || lpad((1000 + floor(random() * 8000))::int::text, 4, '0') || '0001', ${pick(parliamentarians)},
        round((150 + random() * 5850)::numeric) * 1000, round((5 + random() * 100)::numeric) * 1000,
        s, s + 10, s, s + (360 + floor(random() * 1080)::int), s + (420 + floor(random() * 1080)::int), 'NORMAL', random() < 0.95
      from ${companiesSql} c
      cross join generate_series(1, ${int(voluntary)}) g
      cross join lateral (select (${int(year)} - floor(random() * 5))::int as y, 1 + floor(random() * ${int(GRANTORS.length)})::int as gi) yy
      cross join lateral (select make_date(yy.y, 4, 1) + floor(random() * 240)::int as s) ss
    `),
  );
  const voluntaries = await idRange(db, sql`voluntary_transfers`, voluntaryStart);

  await timed(log, `fundo a fundo (${companyIds.length * fund})`, () =>
    db.execute(sql`
      insert into fund_transfer_plans (company_id, cod_plan, year, situation, program_code, program_name, grantor_acronym, grantor_name,
        transferring_fund_name, receiving_fund_name, validity_start, validity_end, amendment_transfer_value, specific_transfer_value,
        voluntary_transfer_value, own_resources_value, committed_value, paid_value, is_public)
      select c.company_id,
        (${text(FUNDS.map((f) => f.org))})[fi] || y || lpad(g::text, 4, '0') || '-' || lpad(((c.idx * ${int(fund)} + g) % 1000000)::text, 6, '0'),
        y,
        (${text(["AUTORIZADO", "EM_EXECUCAO", "EM_EXECUCAO", "CONCLUIDO", "ENVIADO_ANALISE"])})[1 + floor(random() * 5)::int]::fund_situation,
        (${text(FUNDS.map((f) => f.org))})[fi] || y, (${text(FUNDS.map((f) => f.program))})[fi], (${text(FUNDS.map((f) => f.acronym))})[fi],
        (${text(FUNDS.map((f) => f.grantor))})[fi], (${text(FUNDS.map((f) => f.grantor))})[fi], (${text(FUNDS.map((f) => f.receiving))})[fi],
        make_date(y, 2, 1), make_date(y, 2, 1) + (360 + floor(random() * 720)::int), v, 0, 0, round(v * 0.05, 2), round(v * 0.9, 2), round(v * random()::numeric * 0.9, 2), true
      from ${companiesSql} c
      cross join generate_series(1, ${int(fund)}) g
      cross join lateral (select (${int(year)} - floor(random() * 4))::int as y, 1 + floor(random() * ${int(FUNDS.length)})::int as fi, round((100 + random() * 1900)::numeric) * 1000 as v) yy
    `),
  );

  // Payments: round k over every transfer of a kind. Round 0 commits the planned value; later rounds
  // pay it out (bank orders / disbursements) in equal parts, with supplier payments in between.
  const impositionPayments = Math.floor(options.payments / 3);
  const voluntaryPayments = options.payments - impositionPayments;
  const chunk = 200_000;
  const insertPayments = async (kind: "imposition" | "voluntary", total: number, range: { min: number; n: number }) => {
    if (range.n === 0 || total === 0) return;
    const rounds = Math.max(2, Math.ceil(total / range.n));
    const isImposition = kind === "imposition";
    for (let from = 1; from <= total; from += chunk) {
      const to = Math.min(total, from + chunk - 1);
      await timed(log, `pagamentos ${kind} ${from}-${to}`, () =>
        db.execute(sql`
          insert into transaction_payments (company_id, imposition_transfer_id, voluntary_transfer_id, kind, status, document_number, payment_date, amount, payee_name, description)
          select t.company_id,
            ${isImposition ? sql`t.id` : sql`null`}, ${isImposition ? sql`null` : sql`t.id`},
            (case when k = 0 then 'COMMITMENT' when k % 3 = 2 then 'SUPPLIER_PAYMENT' else ${sql.raw(isImposition ? "'BANK_ORDER'" : "'DISBURSEMENT'")} end)::payment_kind,
            (case when random() < 0.03 then 'PENDENTE' else 'EFETIVADO' end)::payment_status,
            t.year || (case when k = 0 then 'NE' when k % 3 = 2 then 'NS' else 'OB' end) || lpad((i % 1000000)::text, 6, '0'),
            least(current_date, t.d + k * 30),
            greatest(0.01, case when k = 0 then t.planned else round(t.planned * 0.9 / ${int(rounds)}, 2) end),
            case when k % 3 = 2 then ${pick(SUPPLIERS)} end,
            'Gerado para o benchmark'
          from generate_series(${int(from)}, ${int(to)}) i
          cross join lateral (select ${int(range.min)} + ((i - 1) % ${int(range.n)}) as tid, (i - 1) / ${int(range.n)} as k) ix
          join ${
            isImposition
              ? sql`(select id, company_id, year, coalesce(accepted_at, make_date(year, 3, 1)) as d, planned_value as planned from imposition_transfers)`
              : sql`(select id, company_id, year, coalesce(signed_at, make_date(year, 4, 1)) as d, transfer_value as planned from voluntary_transfers)`
          } t on t.id = ix.tid
        `),
      );
    }
  };
  await insertPayments("imposition", impositionPayments, impositions);
  await insertPayments("voluntary", voluntaryPayments, voluntaries);

  await timed(log, "totais das transferências", async () => {
    await recomputeTransferTotals(db, "imposition");
    await recomputeTransferTotals(db, "voluntary");
  });
  if (options.programs) await timed(log, `programas (${options.programs})`, () => insertPrograms(db, options.programs!, year));
  const proposalsPerCompany = options.perCompany.proposals ?? 0;
  if (proposalsPerCompany) await timed(log, `propostas (${companyIds.length * proposalsPerCompany})`, () => insertProposals(db, companiesSql, proposalsPerCompany, year));
  await timed(log, "analyze", () => db.execute(sql`analyze`));
  return { companies: companyIds.length, payments: options.payments };
}
