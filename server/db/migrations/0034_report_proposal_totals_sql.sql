-- report_proposal_totals (server/db/schema/reports.ts) follows proposal_facts: one statement-level
-- function adds (sign 1) or subtracts (sign -1) the facts rows a statement inserted or deleted, grouped by
-- the rollup's key, inside that statement's transaction. Each trigger names its transition table
-- `changed`, so one function serves them all; an UPDATE of facts rows (proposal_facts_refresh deletes and
-- re-inserts, but any writer may update) subtracts the old rows and adds the new ones.
CREATE FUNCTION report_proposal_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := TG_ARGV[0]::integer;
BEGIN
  INSERT INTO report_proposal_totals AS t (year, status, grantor_id, program_id, reached, open_status, count, transfer_value, global_value,
      days_cadastrada, days_enviada_analise, days_em_analise, days_complementacao_solicitada, days_complementacao_enviada, days_aprovada, open_since_epoch)
    SELECT c.year, c.status, c.grantor_id, c.program_id, c.reached, c.open_status, sign * count(*), sign * sum(c.transfer_value), sign * sum(c.global_value),
      sign * sum(c.days_cadastrada::numeric), sign * sum(c.days_enviada_analise::numeric), sign * sum(c.days_em_analise::numeric),
      sign * sum(c.days_complementacao_solicitada::numeric), sign * sum(c.days_complementacao_enviada::numeric), sign * sum(c.days_aprovada::numeric),
      sign * coalesce(sum(extract(epoch from c.open_since)), 0)
    FROM changed c
    GROUP BY c.year, c.status, c.grantor_id, c.program_id, c.reached, c.open_status
  ON CONFLICT ON CONSTRAINT report_proposal_totals_key DO UPDATE SET
    count = t.count + excluded.count,
    transfer_value = t.transfer_value + excluded.transfer_value,
    global_value = t.global_value + excluded.global_value,
    days_cadastrada = t.days_cadastrada + excluded.days_cadastrada,
    days_enviada_analise = t.days_enviada_analise + excluded.days_enviada_analise,
    days_em_analise = t.days_em_analise + excluded.days_em_analise,
    days_complementacao_solicitada = t.days_complementacao_solicitada + excluded.days_complementacao_solicitada,
    days_complementacao_enviada = t.days_complementacao_enviada + excluded.days_complementacao_enviada,
    days_aprovada = t.days_aprovada + excluded.days_aprovada,
    open_since_epoch = t.open_since_epoch + excluded.open_since_epoch;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_facts_totals_insert AFTER INSERT ON proposal_facts REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_proposal_totals_apply('1');
--> statement-breakpoint
-- The facts already there go through the insert trigger once: taken out and put back in one statement
-- each (no trigger watches deletes yet), so the rollup starts from exactly what proposal_facts holds.
CREATE TEMP TABLE proposal_facts_backfill AS SELECT * FROM proposal_facts;
--> statement-breakpoint
DELETE FROM proposal_facts;
--> statement-breakpoint
INSERT INTO proposal_facts SELECT * FROM proposal_facts_backfill;
--> statement-breakpoint
DROP TABLE proposal_facts_backfill;
--> statement-breakpoint
CREATE TRIGGER proposal_facts_totals_delete AFTER DELETE ON proposal_facts REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_proposal_totals_apply('-1');
--> statement-breakpoint
CREATE TRIGGER proposal_facts_totals_update_old AFTER UPDATE ON proposal_facts REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_proposal_totals_apply('-1');
--> statement-breakpoint
CREATE TRIGGER proposal_facts_totals_update_new AFTER UPDATE ON proposal_facts REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_proposal_totals_apply('1');
--> statement-breakpoint
ANALYZE report_proposal_totals;
