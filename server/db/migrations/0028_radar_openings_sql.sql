-- The radar's narrow copy of the catalogue (program_openings, see server/db/schema/captacao.ts): one
-- row per (UF, program, window) of every program that is not inactive. A trigger rewrites a program's
-- rows in the statement that writes the program, so the copy can never lag behind it; a deleted
-- program takes its rows with it (ON DELETE CASCADE).
CREATE FUNCTION program_openings_rows(p programs) RETURNS TABLE (program_id integer, uf varchar, kind varchar, starts date, ends date, named_only boolean, code varchar, grantor_id integer, modality program_modality, policy_area varchar, global_value numeric)
LANGUAGE sql STABLE AS $$
  SELECT p.id, u.uf, w.kind, w.starts, w.ends, w.kind <> 'voluntary', p.code, p.grantor_id, p.modality, p.policy_area, p.global_value
  FROM (SELECT DISTINCT e AS uf FROM unnest(p.enabled_ufs) AS e WHERE e IS NOT NULL) AS u
  CROSS JOIN (VALUES ('voluntary'::varchar, p.voluntary_start, p.voluntary_end), ('amendment', p.amendment_start, p.amendment_end), ('specific', p.specific_start, p.specific_end)) AS w (kind, starts, ends)
  WHERE p.situation <> 'INATIVO' AND w.starts IS NOT NULL AND w.ends IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION program_openings_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM program_openings o WHERE o.program_id = OLD.id;
  END IF;
  INSERT INTO program_openings (program_id, uf, kind, starts, ends, named_only, code, grantor_id, modality, policy_area, global_value) SELECT * FROM program_openings_rows(NEW);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER programs_openings_insert AFTER INSERT ON programs FOR EACH ROW EXECUTE FUNCTION program_openings_refresh();
--> statement-breakpoint
CREATE TRIGGER programs_openings_update AFTER UPDATE OF situation, enabled_ufs, voluntary_start, voluntary_end, amendment_start, amendment_end, specific_start, specific_end, code, grantor_id, modality, policy_area, global_value ON programs FOR EACH ROW EXECUTE FUNCTION program_openings_refresh();
--> statement-breakpoint
-- The radar reads a UF's windows that hold today, and its filters, from this index alone (an
-- index-only scan: drizzle cannot declare INCLUDE).
CREATE INDEX program_openings_radar_idx ON program_openings (uf, ends, starts) INCLUDE (program_id, code, named_only, grantor_id, modality, policy_area, global_value);
--> statement-breakpoint
INSERT INTO program_openings (program_id, uf, kind, starts, ends, named_only, code, grantor_id, modality, policy_area, global_value) SELECT r.* FROM programs p CROSS JOIN LATERAL program_openings_rows(p) AS r;
--> statement-breakpoint
-- Statistics now, so the first radar after the upgrade plans with the real row counts.
ANALYZE program_openings;
