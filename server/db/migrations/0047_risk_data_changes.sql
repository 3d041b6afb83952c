CREATE TABLE "data_change_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"snapshot" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_changes" (
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"company_id" integer,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_changes_txid_idx" ON "data_changes" USING btree ("txid");--> statement-breakpoint
-- Hand-written: the triggers that fill data_changes (server/db/schema/data-changes.ts). One row per
-- client a statement touched (its argument is the expression naming the client: company_id, id for
-- companies, null::int where a row belongs to no single client, meaning every client). PostgreSQL
-- forbids transition tables on a trigger with several events, hence one trigger per event.
CREATE FUNCTION "record_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  client text := coalesce(TG_ARGV[0], 'null::int');
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO data_changes (company_id) VALUES (NULL);
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO data_changes (company_id) SELECT DISTINCT %s FROM n', client);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO data_changes (company_id) SELECT DISTINCT %s FROM o', client);
  ELSE
    -- A row moved to another client changes both.
    EXECUTE format('INSERT INTO data_changes (company_id) SELECT %1$s FROM n UNION SELECT %1$s FROM o', client);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table the risk queue's statement reads (server/risks/snapshot.ts; tests/api/risks-cache.test.ts
-- fails when the statement reads a table missing here).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('companies', 'id'),
    ('users', 'company_id'),
    ('risk_handlings', 'company_id'),
    ('risk_comments', 'company_id'),
    ('risk_calendar', 'null::int'),
    ('imposition_transfers', 'company_id'),
    ('work_plan_pending_bodies', 'company_id'),
    ('regularity_items', 'company_id'),
    ('accountability_obligations', 'company_id'),
    ('voluntary_transfers', 'company_id'),
    ('fund_transfer_plans', 'company_id'),
    ('proposals', 'company_id'),
    ('programs', 'null::int'),
    ('program_openings', 'null::int'),
    ('transfer_account_balances', 'company_id'),
    ('transfer_account_entries', 'company_id'),
    ('sync_source_freshness', 'company_id')
  ) AS v(name, client) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION record_data_change(%L)', t.name || '_changes_insert', t.name, t.client);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION record_data_change(%L)', t.name || '_changes_update', t.name, t.client);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION record_data_change(%L)', t.name || '_changes_delete', t.name, t.client);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION record_data_change(%L)', t.name || '_changes_truncate', t.name, t.client);
  END LOOP;
END $$;
