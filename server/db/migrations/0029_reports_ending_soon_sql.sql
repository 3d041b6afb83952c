-- The transfers report's "menor execução perto do fim da vigência" (server/domain/reports.ts): across
-- every municipality it took the in-force transfers ending in the next days from the *_in_force_end_idx
-- indexes and sorted all of them by paid ÷ planned, a numeric division per row (4,693 convênios at
-- national scale: most of the report's 16–19 ms). These indexes hold the transfers in force in that
-- very order, so the 15 lowest are the first 15 of the window (0.04 ms a kind). One municipality's
-- report keeps using its company indexes.
CREATE INDEX IF NOT EXISTS "imposition_transfers_in_force_execution_idx" ON "imposition_transfers" ((paid_value / nullif(planned_value, 0)) NULLS FIRST, "execution_end") INCLUDE ("id", "company_id", "year", "planned_value", "paid_value") WHERE "situation" IN ('AGUARDANDO_CIENCIA', 'CIENTE', 'AGUARDANDO_CONCLUSAO_PLANO_TRABALHO');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voluntary_transfers_in_force_execution_idx" ON "voluntary_transfers" ((paid_value / nullif(transfer_value, 0)) NULLS FIRST, "validity_end") INCLUDE ("id", "company_id", "year", "transfer_value", "paid_value") WHERE "status" IN ('PROPOSTA_APROVADA', 'ASSINADO', 'EM_EXECUCAO', 'INADIMPLENTE');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fund_transfer_plans_in_force_execution_idx" ON "fund_transfer_plans" ((paid_value / nullif(total_transfer_value, 0)) NULLS FIRST, "validity_end") INCLUDE ("id", "company_id", "year", "total_transfer_value", "paid_value") WHERE "situation" IN ('AUTORIZADO', 'EM_EXECUCAO');
