CREATE INDEX "fund_transfer_plans_validity_end_idx" ON "fund_transfer_plans" USING btree ("validity_end");--> statement-breakpoint
CREATE INDEX "imposition_transfers_execution_end_idx" ON "imposition_transfers" USING btree ("execution_end");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_accountability_idx" ON "voluntary_transfers" USING btree ("company_id","accountability_deadline");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_accountability_idx" ON "voluntary_transfers" USING btree ("accountability_deadline");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_suspensive_idx" ON "voluntary_transfers" USING btree ("suspensive_clause_due") WHERE contracting_situation = 'CLAUSULA_SUSPENSIVA';