/**
 * Where a statement's time goes on PostgreSQL: planning against execution, from EXPLAIN (ANALYZE,
 * BUFFERS), both for the text as sent unnamed (planned on every run) and for the same statement
 * prepared on one connection and run past PostgreSQL's five custom plans (the generic plan, planned
 * once per connection: what a named statement gets). Used by `npm run bench` for the risk queue
 * (issue 33), whose cost under load was planning, not execution.
 */
import type { Pool, PoolClient } from "pg";
import pg from "pg";

export interface StatementTiming {
  /** The statement's name when the server prepares it by name, or its text's start. */
  label: string;
  unnamed: { planningMs: number; executionMs: number; sharedHit: number; sharedRead: number };
  prepared: { planningMs: number; executionMs: number; generic: boolean };
}

interface ExplainJson {
  "Planning Time": number;
  "Execution Time": number;
  Plan: { "Shared Hit Blocks"?: number; "Shared Read Blocks"?: number };
}

/** A value as an SQL literal (arrays as '{…}', dates as text), as node-postgres would send it. */
function literal(client: PoolClient, value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const prepared = (pg as unknown as { prepareValue?: (v: unknown) => unknown }).prepareValue;
  const text = Array.isArray(value) ? `{${value.map((v) => (v === null ? "NULL" : String(v))).join(",")}}` : prepared ? String(prepared(value)) : String(value);
  return client.escapeLiteral(text);
}

async function explain(client: PoolClient, text: string, params: unknown[]): Promise<ExplainJson> {
  const result = await client.query(`explain (analyze, buffers, format json) ${text}`, params);
  return (result.rows[0] as { "QUERY PLAN": ExplainJson[] })["QUERY PLAN"][0];
}

/** Median of EXPLAIN's figures over `runs` runs (the first warms the cache). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function explainStatements(pool: Pool, statements: readonly { name?: string; text: string; params: unknown[] }[], runs = 5): Promise<StatementTiming[]> {
  const client = await pool.connect();
  try {
    const out: StatementTiming[] = [];
    for (const [index, statement] of statements.entries()) {
      const unnamed: ExplainJson[] = [];
      for (let i = 0; i <= runs; i++) unnamed.push(await explain(client, statement.text, statement.params));
      const measured = unnamed.slice(1);
      // The same statement PREPAREd on this connection: runs 1–5 get custom plans, then PostgreSQL
      // switches to the generic plan when it costs no more; the last runs show what a named statement costs.
      const name = `bench_explain_${index}`;
      await client.query(`prepare ${name} as ${statement.text}`);
      const args = statement.params.length ? `(${statement.params.map((p) => literal(client, p)).join(", ")})` : "";
      const prepared: ExplainJson[] = [];
      for (let i = 0; i < 5 + runs; i++) {
        const result = await client.query(`explain (analyze, buffers, format json) execute ${name}${args}`);
        prepared.push((result.rows[0] as { "QUERY PLAN": ExplainJson[] })["QUERY PLAN"][0]);
      }
      const after = prepared.slice(5);
      // PostgreSQL 14+ counts the generic plans a prepared statement ran.
      const counted = await client.query<{ generic_plans: number }>("select generic_plans::int from pg_prepared_statements where name = $1", [name]);
      await client.query(`deallocate ${name}`);
      out.push({
        label: statement.name ?? statement.text.replace(/\s+/g, " ").slice(0, 80),
        unnamed: {
          planningMs: median(measured.map((e) => e["Planning Time"])),
          executionMs: median(measured.map((e) => e["Execution Time"])),
          sharedHit: median(measured.map((e) => e.Plan["Shared Hit Blocks"] ?? 0)),
          sharedRead: median(measured.map((e) => e.Plan["Shared Read Blocks"] ?? 0)),
        },
        prepared: {
          planningMs: median(after.map((e) => e["Planning Time"])),
          executionMs: median(after.map((e) => e["Execution Time"])),
          generic: (counted.rows[0]?.generic_plans ?? 0) > 0,
        },
      });
    }
    return out;
  } finally {
    client.release();
  }
}

export function explainTable(scenario: string, timings: readonly StatementTiming[]): string {
  const lines = [
    `### ${scenario}`,
    "",
    "| Instrução | Sem nome: planejamento (ms) | Sem nome: execução (ms) | Buffers (hit/read) | Preparada, após 5 execuções: planejamento (ms) | Preparada: execução (ms) | Plano genérico |",
    "|---|---:|---:|---:|---:|---:|---|",
  ];
  let plan = 0;
  let exec = 0;
  let preparedPlan = 0;
  let preparedExec = 0;
  for (const t of timings) {
    plan += t.unnamed.planningMs;
    exec += t.unnamed.executionMs;
    preparedPlan += t.prepared.planningMs;
    preparedExec += t.prepared.executionMs;
    lines.push(`| \`${t.label.replace(/\|/g, "\\|")}\` | ${t.unnamed.planningMs.toFixed(2)} | ${t.unnamed.executionMs.toFixed(2)} | ${t.unnamed.sharedHit}/${t.unnamed.sharedRead} | ${t.prepared.planningMs.toFixed(2)} | ${t.prepared.executionMs.toFixed(2)} | ${t.prepared.generic ? "sim" : "não"} |`);
  }
  lines.push(`| **${timings.length} instrução(ões), soma** | **${plan.toFixed(2)}** | **${exec.toFixed(2)}** | | **${preparedPlan.toFixed(2)}** | **${preparedExec.toFixed(2)}** | |`);
  return lines.join("\n");
}
