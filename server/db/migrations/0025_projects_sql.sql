-- A project's history is append-only (issue 15): no statement may change an entry, and an entry goes
-- only with its project or its company (the cascades of their removal).
CREATE OR REPLACE FUNCTION project_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'O histórico do projeto não pode ser alterado.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM projects p WHERE p.id = OLD.project_id) AND EXISTS (SELECT 1 FROM companies c WHERE c.id = OLD.company_id) THEN
    RAISE EXCEPTION 'O histórico do projeto não pode ser excluído.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS project_history_append_only ON project_history;--> statement-breakpoint
CREATE TRIGGER project_history_append_only BEFORE UPDATE OR DELETE ON project_history FOR EACH ROW EXECUTE FUNCTION project_history_append_only();
