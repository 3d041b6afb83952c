-- The search indexes (issue 30: indexes come from migrations, not from a build at start-up). One per
-- searchable field of a resource (`list.search` in its declaration), on the unaccented text that `q` and
-- `_like` compare (server/resources/list-query.ts), so a contains-search is an index scan at a million rows.
-- On a tenant table the index leads with company_id (btree_gin, 0017): one municipality's search walks
-- its own entries, not a common word's national posting list. Each expression keeps 1,000 statistics
-- samples (SEARCH_STATISTICS): with the default 100 the planner misjudged how common a word is by 10-100x.
-- The single-column indexes an earlier start-up build made on tenant tables are dropped. A new searchable
-- field needs its index in a new migration: the resource contract test fails until it exists.
CREATE INDEX IF NOT EXISTS "audit_logs_email_tenant_search_idx" ON "audit_logs" USING gin (company_id, f_unaccent("email"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "audit_logs_email_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_comment_tenant_search_idx" ON "audit_logs" USING gin (company_id, f_unaccent("comment"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "audit_logs_comment_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imposition_transfers_nr_transfer_tenant_search_idx" ON "imposition_transfers" USING gin (company_id, f_unaccent("nr_transfer"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "imposition_transfers_nr_transfer_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imposition_transfers_amendment_number_tenant_search_idx" ON "imposition_transfers" USING gin (company_id, f_unaccent("amendment_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "imposition_transfers_amendment_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imposition_transfers_parliamentarian_name_tenant_search_idx" ON "imposition_transfers" USING gin (company_id, f_unaccent("parliamentarian_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "imposition_transfers_parliamentarian_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imposition_transfers_object_name_tenant_search_idx" ON "imposition_transfers" USING gin (company_id, f_unaccent("object_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "imposition_transfers_object_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imposition_transfers_program_name_tenant_search_idx" ON "imposition_transfers" USING gin (company_id, f_unaccent("program_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "imposition_transfers_program_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imposition_transfers_grantor_name_tenant_search_idx" ON "imposition_transfers" USING gin (company_id, f_unaccent("grantor_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "imposition_transfers_grantor_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_nr_transfer_tenant_search_idx" ON "voluntary_transfers" USING gin (company_id, f_unaccent("nr_transfer"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "voluntary_transfers_nr_transfer_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_proposal_number_tenant_search_idx" ON "voluntary_transfers" USING gin (company_id, f_unaccent("proposal_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "voluntary_transfers_proposal_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_object_tenant_search_idx" ON "voluntary_transfers" USING gin (company_id, f_unaccent("object"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "voluntary_transfers_object_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_parliamentarian_name_tenant_search_idx" ON "voluntary_transfers" USING gin (company_id, f_unaccent("parliamentarian_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "voluntary_transfers_parliamentarian_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_program_name_tenant_search_idx" ON "voluntary_transfers" USING gin (company_id, f_unaccent("program_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "voluntary_transfers_program_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_grantor_name_tenant_search_idx" ON "voluntary_transfers" USING gin (company_id, f_unaccent("grantor_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "voluntary_transfers_grantor_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_cod_plan_tenant_search_idx" ON "fund_transfer_plans" USING gin (company_id, f_unaccent("cod_plan"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "fund_transfer_plans_cod_plan_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_program_name_tenant_search_idx" ON "fund_transfer_plans" USING gin (company_id, f_unaccent("program_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "fund_transfer_plans_program_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_grantor_name_tenant_search_idx" ON "fund_transfer_plans" USING gin (company_id, f_unaccent("grantor_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "fund_transfer_plans_grantor_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_receiving_fund_name_tenant_search_idx" ON "fund_transfer_plans" USING gin (company_id, f_unaccent("receiving_fund_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "fund_transfer_plans_receiving_fund_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_parliamentarian_name_tenant_search_idx" ON "fund_transfer_plans" USING gin (company_id, f_unaccent("parliamentarian_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "fund_transfer_plans_parliamentarian_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transaction_payments_document_number_tenant_search_idx" ON "transaction_payments" USING gin (company_id, f_unaccent("document_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "transaction_payments_document_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transaction_payments_payee_name_tenant_search_idx" ON "transaction_payments" USING gin (company_id, f_unaccent("payee_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "transaction_payments_payee_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transaction_payments_description_tenant_search_idx" ON "transaction_payments" USING gin (company_id, f_unaccent("description"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "transaction_payments_description_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accountability_obligations_transfer_key_tenant_search_idx" ON "accountability_obligations" USING gin (company_id, f_unaccent("transfer_key"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "accountability_obligations_transfer_key_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accountability_obligations_title_tenant_search_idx" ON "accountability_obligations" USING gin (company_id, f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "accountability_obligations_title_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alerts_title_search_idx" ON "alerts" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "alerts_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alerts_message_search_idx" ON "alerts" USING gin (f_unaccent("message"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "alerts_message_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grantors_acronym_search_idx" ON "grantors" USING gin (f_unaccent("acronym"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "grantors_acronym_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grantors_name_search_idx" ON "grantors" USING gin (f_unaccent("name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "grantors_name_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grantors_siafi_code_search_idx" ON "grantors" USING gin (f_unaccent("siafi_code"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "grantors_siafi_code_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_code_search_idx" ON "programs" USING gin (f_unaccent("code"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "programs_code_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_name_search_idx" ON "programs" USING gin (f_unaccent("name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "programs_name_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_objective_search_idx" ON "programs" USING gin (f_unaccent("objective"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "programs_objective_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_nr_proposal_tenant_search_idx" ON "proposals" USING gin (company_id, f_unaccent("nr_proposal"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "proposals_nr_proposal_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_object_tenant_search_idx" ON "proposals" USING gin (company_id, f_unaccent("object"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "proposals_object_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_proponent_name_tenant_search_idx" ON "proposals" USING gin (company_id, f_unaccent("proponent_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "proposals_proponent_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_name_search_idx" ON "categories" USING gin (f_unaccent("name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "categories_name_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legislations_title_search_idx" ON "legislations" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "legislations_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legislations_number_search_idx" ON "legislations" USING gin (f_unaccent("number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "legislations_number_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "legislations_summary_search_idx" ON "legislations" USING gin (f_unaccent("summary"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "legislations_summary_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "useful_links_title_search_idx" ON "useful_links" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "useful_links_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "useful_links_description_search_idx" ON "useful_links" USING gin (f_unaccent("description"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "useful_links_description_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_title_search_idx" ON "blog_posts" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "blog_posts_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_excerpt_search_idx" ON "blog_posts" USING gin (f_unaccent("excerpt"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "blog_posts_excerpt_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_body_search_idx" ON "blog_posts" USING gin (f_unaccent("body"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "blog_posts_body_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "regularity_items_label_tenant_search_idx" ON "regularity_items" USING gin (company_id, f_unaccent("label"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "regularity_items_label_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "regularity_items_code_tenant_search_idx" ON "regularity_items" USING gin (company_id, f_unaccent("code"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "regularity_items_code_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requirement_templates_title_search_idx" ON "requirement_templates" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "requirement_templates_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requirement_templates_purpose_search_idx" ON "requirement_templates" USING gin (f_unaccent("purpose"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "requirement_templates_purpose_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requirements_subject_tenant_search_idx" ON "requirements" USING gin (company_id, f_unaccent("subject"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "requirements_subject_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requirements_recipient_name_tenant_search_idx" ON "requirements" USING gin (company_id, f_unaccent("recipient_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "requirements_recipient_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requirements_protocol_number_tenant_search_idx" ON "requirements" USING gin (company_id, f_unaccent("protocol_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "requirements_protocol_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "requirements_transfer_number_tenant_search_idx" ON "requirements" USING gin (company_id, f_unaccent("transfer_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "requirements_transfer_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_models_title_search_idx" ON "document_models" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "document_models_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_models_description_search_idx" ON "document_models" USING gin (f_unaccent("description"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "document_models_description_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_models_file_name_search_idx" ON "document_models" USING gin (f_unaccent("file_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "document_models_file_name_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tutorials_title_search_idx" ON "tutorials" USING gin (f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "tutorials_title_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tutorials_summary_search_idx" ON "tutorials" USING gin (f_unaccent("summary"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "tutorials_summary_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tutorials_body_search_idx" ON "tutorials" USING gin (f_unaccent("body"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "tutorials_body_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_title_tenant_search_idx" ON "projects" USING gin (company_id, f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "projects_title_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_object_tenant_search_idx" ON "projects" USING gin (company_id, f_unaccent("object"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "projects_object_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_address_tenant_search_idx" ON "projects" USING gin (company_id, f_unaccent("address"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "projects_address_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_work_plan_items_description_tenant_search_idx" ON "project_work_plan_items" USING gin (company_id, f_unaccent("description"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_work_plan_items_description_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_bids_number_tenant_search_idx" ON "project_bids" USING gin (company_id, f_unaccent("number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_bids_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_bids_winner_name_tenant_search_idx" ON "project_bids" USING gin (company_id, f_unaccent("winner_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_bids_winner_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_bids_object_tenant_search_idx" ON "project_bids" USING gin (company_id, f_unaccent("object"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_bids_object_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_executions_document_number_tenant_search_idx" ON "project_executions" USING gin (company_id, f_unaccent("document_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_executions_document_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_executions_payee_name_tenant_search_idx" ON "project_executions" USING gin (company_id, f_unaccent("payee_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_executions_payee_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_files_title_tenant_search_idx" ON "project_files" USING gin (company_id, f_unaccent("title"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_files_title_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_files_file_name_tenant_search_idx" ON "project_files" USING gin (company_id, f_unaccent("file_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_files_file_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_history_note_tenant_search_idx" ON "project_history" USING gin (company_id, f_unaccent("note"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_history_note_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_history_subject_tenant_search_idx" ON "project_history" USING gin (company_id, f_unaccent("subject"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "project_history_subject_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotes_item_description_tenant_search_idx" ON "quotes" USING gin (company_id, f_unaccent("item_description"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "quotes_item_description_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_prices_supplier_name_tenant_search_idx" ON "quote_prices" USING gin (company_id, f_unaccent("supplier_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "quote_prices_supplier_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipal_amendments_identifier_tenant_search_idx" ON "municipal_amendments" USING gin (company_id, f_unaccent("identifier"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "municipal_amendments_identifier_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipal_amendments_author_name_tenant_search_idx" ON "municipal_amendments" USING gin (company_id, f_unaccent("author_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "municipal_amendments_author_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipal_amendments_object_tenant_search_idx" ON "municipal_amendments" USING gin (company_id, f_unaccent("object"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "municipal_amendments_object_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipal_amendments_beneficiary_name_tenant_search_idx" ON "municipal_amendments" USING gin (company_id, f_unaccent("beneficiary_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "municipal_amendments_beneficiary_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipal_amendment_movements_document_number_tenant_search_idx" ON "municipal_amendment_movements" USING gin (company_id, f_unaccent("document_number"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "municipal_amendment_movements_document_number_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipal_amendment_movements_supplier_name_tenant_search_idx" ON "municipal_amendment_movements" USING gin (company_id, f_unaccent("supplier_name"::text) gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "municipal_amendment_movements_supplier_name_tenant_search_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
DROP INDEX IF EXISTS "audit_logs_email_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_logs_comment_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "imposition_transfers_nr_transfer_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "imposition_transfers_amendment_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "imposition_transfers_parliamentarian_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "imposition_transfers_object_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "imposition_transfers_program_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "imposition_transfers_grantor_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "voluntary_transfers_nr_transfer_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "voluntary_transfers_proposal_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "voluntary_transfers_object_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "voluntary_transfers_parliamentarian_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "voluntary_transfers_program_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "voluntary_transfers_grantor_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "fund_transfer_plans_cod_plan_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "fund_transfer_plans_program_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "fund_transfer_plans_grantor_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "fund_transfer_plans_receiving_fund_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "fund_transfer_plans_parliamentarian_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "transaction_payments_document_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "transaction_payments_payee_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "transaction_payments_description_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "accountability_obligations_transfer_key_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "accountability_obligations_title_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "proposals_nr_proposal_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "proposals_object_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "proposals_proponent_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "regularity_items_label_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "regularity_items_code_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "requirements_subject_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "requirements_recipient_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "requirements_protocol_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "requirements_transfer_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "projects_title_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "projects_object_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "projects_address_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_work_plan_items_description_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_bids_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_bids_winner_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_bids_object_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_executions_document_number_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_executions_payee_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_files_title_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_files_file_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_history_note_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "project_history_subject_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "quotes_item_description_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "quote_prices_supplier_name_search_idx";--> statement-breakpoint
ANALYZE "audit_logs";--> statement-breakpoint
ANALYZE "imposition_transfers";--> statement-breakpoint
ANALYZE "voluntary_transfers";--> statement-breakpoint
ANALYZE "fund_transfer_plans";--> statement-breakpoint
ANALYZE "transaction_payments";--> statement-breakpoint
ANALYZE "accountability_obligations";--> statement-breakpoint
ANALYZE "alerts";--> statement-breakpoint
ANALYZE "grantors";--> statement-breakpoint
ANALYZE "programs";--> statement-breakpoint
ANALYZE "proposals";--> statement-breakpoint
ANALYZE "categories";--> statement-breakpoint
ANALYZE "legislations";--> statement-breakpoint
ANALYZE "useful_links";--> statement-breakpoint
ANALYZE "blog_posts";--> statement-breakpoint
ANALYZE "regularity_items";--> statement-breakpoint
ANALYZE "requirement_templates";--> statement-breakpoint
ANALYZE "requirements";--> statement-breakpoint
ANALYZE "document_models";--> statement-breakpoint
ANALYZE "tutorials";--> statement-breakpoint
ANALYZE "projects";--> statement-breakpoint
ANALYZE "project_work_plan_items";--> statement-breakpoint
ANALYZE "project_bids";--> statement-breakpoint
ANALYZE "project_executions";--> statement-breakpoint
ANALYZE "project_files";--> statement-breakpoint
ANALYZE "project_history";--> statement-breakpoint
ANALYZE "quotes";--> statement-breakpoint
ANALYZE "quote_prices";
