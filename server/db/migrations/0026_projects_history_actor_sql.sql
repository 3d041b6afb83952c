-- A history entry keeps who wrote it by id, with ON DELETE SET NULL: removing that person (or their
-- company) sets actor_id to null, and the append-only guard refused that update, so removing anyone who
-- had written history answered 500. The guard now lets exactly that change through: actor_id to null,
-- every other column as it was. Any other change is still refused.
CREATE OR REPLACE FUNCTION project_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'O histórico do projeto não pode ser alterado.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM projects p WHERE p.id = OLD.project_id) AND EXISTS (SELECT 1 FROM companies c WHERE c.id = OLD.company_id) THEN
    RAISE EXCEPTION 'O histórico do projeto não pode ser excluído.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END;
$$;
