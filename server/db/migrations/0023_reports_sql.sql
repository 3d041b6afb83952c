-- Reports (issue 17): the national rollups of server/db/schema/reports.ts kept exact by statement-level
-- triggers. Each statement that writes transfers or payments adds its new rows and subtracts its old ones
-- (transition tables), in the same transaction, whoever wrote them (API, sync, SICONV import, cascades).
-- Rows whose count reaches 0 stay (all sums 0 too) and are skipped by the reports. Last, the rollups are
-- filled from the rows already there.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_imposition_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'imposition', r.year, d.key, r.situation not in ('IMPEDIDO', 'IMPEDIDO_REJEICAO_PLANO_TRABALHO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT 1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, planned_value AS planned, committed_value AS committed, paid_value AS paid FROM new_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'imposition', r.year, d.key, r.situation not in ('IMPEDIDO', 'IMPEDIDO_REJEICAO_PLANO_TRABALHO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT -1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, planned_value AS planned, committed_value AS committed, paid_value AS paid FROM old_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  ELSE
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'imposition', r.year, d.key, r.situation not in ('IMPEDIDO', 'IMPEDIDO_REJEICAO_PLANO_TRABALHO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT 1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, planned_value AS planned, committed_value AS committed, paid_value AS paid FROM new_rows UNION ALL SELECT -1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, planned_value AS planned, committed_value AS committed, paid_value AS paid FROM old_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "imposition_transfers_report_insert" AFTER INSERT ON "imposition_transfers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_imposition_totals();
--> statement-breakpoint
CREATE TRIGGER "imposition_transfers_report_update" AFTER UPDATE ON "imposition_transfers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_imposition_totals();
--> statement-breakpoint
CREATE TRIGGER "imposition_transfers_report_delete" AFTER DELETE ON "imposition_transfers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_imposition_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_voluntary_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'voluntary', r.year, d.key, r.situation not in ('ANULADO', 'RESCINDIDO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT 1 AS sign, year, status::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM new_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'voluntary', r.year, d.key, r.situation not in ('ANULADO', 'RESCINDIDO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT -1 AS sign, year, status::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM old_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  ELSE
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'voluntary', r.year, d.key, r.situation not in ('ANULADO', 'RESCINDIDO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT 1 AS sign, year, status::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM new_rows UNION ALL SELECT -1 AS sign, year, status::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM old_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "voluntary_transfers_report_insert" AFTER INSERT ON "voluntary_transfers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_voluntary_totals();
--> statement-breakpoint
CREATE TRIGGER "voluntary_transfers_report_update" AFTER UPDATE ON "voluntary_transfers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_voluntary_totals();
--> statement-breakpoint
CREATE TRIGGER "voluntary_transfers_report_delete" AFTER DELETE ON "voluntary_transfers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_voluntary_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_fund_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'fund', r.year, d.key, r.situation not in ('CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT 1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, total_transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM new_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'fund', r.year, d.key, r.situation not in ('CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT -1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, total_transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM old_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  ELSE
    INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
    SELECT d.dimension, 'fund', r.year, d.key, r.situation not in ('CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
    FROM (SELECT 1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, total_transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM new_rows UNION ALL SELECT -1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, total_transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM old_rows) r
    CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
    GROUP BY 1, 3, 4, 5
    ORDER BY 1, 3, 4, 5
    ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
      count = t.count + excluded.count,
      planned_value = t.planned_value + excluded.planned_value,
      committed_value = t.committed_value + excluded.committed_value,
      paid_value = t.paid_value + excluded.paid_value,
      label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_transfer_plans_report_insert" AFTER INSERT ON "fund_transfer_plans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_fund_totals();
--> statement-breakpoint
CREATE TRIGGER "fund_transfer_plans_report_update" AFTER UPDATE ON "fund_transfer_plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_fund_totals();
--> statement-breakpoint
CREATE TRIGGER "fund_transfer_plans_report_delete" AFTER DELETE ON "fund_transfer_plans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_fund_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_payment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_payment_totals AS t (month, kind, status, count, amount)
    SELECT r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
    FROM (SELECT 1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM new_rows) r
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
    INSERT INTO report_payee_totals AS t (payee, document, month, kind, status, count, amount)
    SELECT r.payee_name, coalesce(r.payee_document, ''), r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
    FROM (SELECT 1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM new_rows) r
    WHERE r.payee_name IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (payee, document, month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_payment_totals AS t (month, kind, status, count, amount)
    SELECT r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
    FROM (SELECT -1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM old_rows) r
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
    INSERT INTO report_payee_totals AS t (payee, document, month, kind, status, count, amount)
    SELECT r.payee_name, coalesce(r.payee_document, ''), r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
    FROM (SELECT -1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM old_rows) r
    WHERE r.payee_name IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (payee, document, month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO report_payment_totals AS t (month, kind, status, count, amount)
    SELECT r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
    FROM (SELECT 1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM new_rows UNION ALL SELECT -1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM old_rows) r
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
    INSERT INTO report_payee_totals AS t (payee, document, month, kind, status, count, amount)
    SELECT r.payee_name, coalesce(r.payee_document, ''), r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
    FROM (SELECT 1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM new_rows UNION ALL SELECT -1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM old_rows) r
    WHERE r.payee_name IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (payee, document, month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transaction_payments_report_insert" AFTER INSERT ON "transaction_payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER "transaction_payments_report_update" AFTER UPDATE ON "transaction_payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER "transaction_payments_report_delete" AFTER DELETE ON "transaction_payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_payment_totals_apply();
--> statement-breakpoint
INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
SELECT d.dimension, 'imposition', r.year, d.key, r.situation not in ('IMPEDIDO', 'IMPEDIDO_REJEICAO_PLANO_TRABALHO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
FROM (SELECT 1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, planned_value AS planned, committed_value AS committed, paid_value AS paid FROM imposition_transfers) r
CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
GROUP BY 1, 3, 4, 5
ORDER BY 1, 3, 4, 5
ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
  count = t.count + excluded.count,
  planned_value = t.planned_value + excluded.planned_value,
  committed_value = t.committed_value + excluded.committed_value,
  paid_value = t.paid_value + excluded.paid_value,
  label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
--> statement-breakpoint
INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
SELECT d.dimension, 'voluntary', r.year, d.key, r.situation not in ('ANULADO', 'RESCINDIDO', 'CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
FROM (SELECT 1 AS sign, year, status::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM voluntary_transfers) r
CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
GROUP BY 1, 3, 4, 5
ORDER BY 1, 3, 4, 5
ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
  count = t.count + excluded.count,
  planned_value = t.planned_value + excluded.planned_value,
  committed_value = t.committed_value + excluded.committed_value,
  paid_value = t.paid_value + excluded.paid_value,
  label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
--> statement-breakpoint
INSERT INTO report_transfer_totals AS t (dimension, kind, year, key, captured, label, count, planned_value, committed_value, paid_value)
SELECT d.dimension, 'fund', r.year, d.key, r.situation not in ('CANCELADO'), max(d.label), sum(r.sign)::int, sum(r.sign * r.planned), sum(r.sign * r.committed), sum(r.sign * r.paid)
FROM (SELECT 1 AS sign, year, situation::text AS situation, grantor_acronym::text AS grantor_acronym, grantor_name, parliamentarian_name AS parliamentarian, total_transfer_value AS planned, committed_value AS committed, paid_value AS paid FROM fund_transfer_plans) r
CROSS JOIN LATERAL (VALUES ('situation', r.situation, ''), ('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, '')), ('parliamentarian', coalesce(r.parliamentarian, ''), '')) AS d(dimension, key, label)
GROUP BY 1, 3, 4, 5
ORDER BY 1, 3, 4, 5
ON CONFLICT (dimension, kind, year, key, captured) DO UPDATE SET
  count = t.count + excluded.count,
  planned_value = t.planned_value + excluded.planned_value,
  committed_value = t.committed_value + excluded.committed_value,
  paid_value = t.paid_value + excluded.paid_value,
  label = CASE WHEN excluded.label <> '' THEN excluded.label ELSE t.label END;
--> statement-breakpoint
INSERT INTO report_payment_totals AS t (month, kind, status, count, amount)
SELECT r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
FROM (SELECT 1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM transaction_payments) r
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3
ON CONFLICT (month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
--> statement-breakpoint
INSERT INTO report_payee_totals AS t (payee, document, month, kind, status, count, amount)
SELECT r.payee_name, coalesce(r.payee_document, ''), r.month, r.kind, r.status, sum(r.sign)::int, sum(r.sign * r.amount)
FROM (SELECT 1 AS sign, date_trunc('month', payment_date)::date AS month, kind, status, amount, payee_name, payee_document FROM transaction_payments) r
WHERE r.payee_name IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5
ON CONFLICT (payee, document, month, kind, status) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
--> statement-breakpoint
-- "Lowest execution near the end of validity" across every municipality: the transfers in force whose
-- validity ends in the next days, read from the index alone (ids and values), before the 15 rows are fetched.
CREATE INDEX IF NOT EXISTS "imposition_transfers_in_force_end_idx" ON "imposition_transfers" ("execution_end") INCLUDE ("id", "company_id", "year", "planned_value", "paid_value") WHERE "situation" IN ('AGUARDANDO_CIENCIA', 'CIENTE', 'AGUARDANDO_CONCLUSAO_PLANO_TRABALHO');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_in_force_end_idx" ON "voluntary_transfers" ("validity_end") INCLUDE ("id", "company_id", "year", "transfer_value", "paid_value") WHERE "status" IN ('PROPOSTA_APROVADA', 'ASSINADO', 'EM_EXECUCAO', 'INADIMPLENTE');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_in_force_end_idx" ON "fund_transfer_plans" ("validity_end") INCLUDE ("id", "company_id", "year", "total_transfer_value", "paid_value") WHERE "situation" IN ('AUTORIZADO', 'EM_EXECUCAO');
