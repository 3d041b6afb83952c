-- btree_gin lets a GIN index lead with company_id beside a trigram expression: the search indexes of
-- tenant tables (server/resources/search-indexes.ts) are (company_id, f_unaccent(col) gin_trgm_ops), so a
-- municipality's search reads its own entries rather than a common word's national posting list.
CREATE EXTENSION IF NOT EXISTS btree_gin;
