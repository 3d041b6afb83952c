-- Full-text search over the library's document models and tutorials (issue 13), the expressions
-- GET /api/content-search uses, as for blog posts and norms in 0015.
CREATE INDEX IF NOT EXISTS "document_models_fts_idx" ON "document_models" USING gin (to_tsvector('portuguese', f_unaccent(coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("file_name", ''))));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tutorials_fts_idx" ON "tutorials" USING gin (to_tsvector('portuguese', f_unaccent(coalesce("title", '') || ' ' || coalesce("summary", '') || ' ' || coalesce("body", ''))));
