-- Full-text search over the content library (issue 13): Portuguese stemming on unaccented text.
-- pt_unaccent is the portuguese configuration with accents removed before stemming, used by ts_headline so
-- that the snippet (taken from the original, accented text) highlights the words the query matched.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'pt_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION pt_unaccent (COPY = portuguese);
    ALTER TEXT SEARCH CONFIGURATION pt_unaccent ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, portuguese_stem;
  END IF;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_fts_idx" ON "blog_posts" USING gin (to_tsvector('portuguese', f_unaccent(coalesce("title", '') || ' ' || coalesce("excerpt", '') || ' ' || coalesce("body", ''))));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legislations_fts_idx" ON "legislations" USING gin (to_tsvector('portuguese', f_unaccent(coalesce("title", '') || ' ' || coalesce("number", '') || ' ' || coalesce("summary", ''))));
