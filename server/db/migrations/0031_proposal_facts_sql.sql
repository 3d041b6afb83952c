-- proposal_facts (server/db/schema/captacao.ts): what the reports read of each proposal, rewritten by a
-- trigger in the statement that writes the proposal; a removed proposal takes its row with it
-- (ON DELETE CASCADE). The days a history spent in a status: from each of its entries with that status
-- to the next entry (the last entry, when its status is not final, is open: open_status/open_since).
CREATE FUNCTION proposal_history_days(history jsonb, wanted text) RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(extract(epoch from ((history -> x.n::int) ->> 'at')::timestamptz - (x.e ->> 'at')::timestamptz)), 0) / 86400
  FROM jsonb_array_elements(history) WITH ORDINALITY AS x (e, n)
  WHERE x.e ->> 'status' = wanted AND history -> x.n::int IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION proposal_facts_row(p proposals) RETURNS proposal_facts LANGUAGE sql STABLE AS $$
  SELECT p.id, p.company_id, extract(year from p.proposal_date)::smallint, p.status, p.grantor_id, p.program_id, p.transfer_value, p.global_value, p.proposal_date,
    array(SELECT DISTINCT s FROM (SELECT e ->> 'status' AS s FROM jsonb_array_elements(p.status_history) AS e UNION SELECT p.status::text) AS u WHERE s IS NOT NULL ORDER BY s),
    proposal_history_days(p.status_history, 'CADASTRADA'), proposal_history_days(p.status_history, 'ENVIADA_ANALISE'), proposal_history_days(p.status_history, 'EM_ANALISE'),
    proposal_history_days(p.status_history, 'COMPLEMENTACAO_SOLICITADA'), proposal_history_days(p.status_history, 'COMPLEMENTACAO_ENVIADA'), proposal_history_days(p.status_history, 'APROVADA'),
    CASE WHEN p.status_history -> -1 ->> 'status' NOT IN ('REJEITADA', 'CANCELADA', 'CONVENIADA') THEN p.status_history -> -1 ->> 'status' END,
    CASE WHEN p.status_history -> -1 ->> 'status' NOT IN ('REJEITADA', 'CANCELADA', 'CONVENIADA') THEN (p.status_history -> -1 ->> 'at')::timestamptz END
$$;
--> statement-breakpoint
CREATE FUNCTION proposal_facts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM proposal_facts f WHERE f.proposal_id = OLD.id;
  END IF;
  INSERT INTO proposal_facts SELECT * FROM proposal_facts_row(NEW);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposals_facts_insert AFTER INSERT ON proposals FOR EACH ROW EXECUTE FUNCTION proposal_facts_refresh();
--> statement-breakpoint
CREATE TRIGGER proposals_facts_update AFTER UPDATE OF company_id, status, status_history, grantor_id, program_id, transfer_value, global_value, proposal_date ON proposals FOR EACH ROW EXECUTE FUNCTION proposal_facts_refresh();
--> statement-breakpoint
INSERT INTO proposal_facts SELECT r.* FROM proposals p CROSS JOIN LATERAL proposal_facts_row(p) AS r;
--> statement-breakpoint
ANALYZE proposal_facts;
