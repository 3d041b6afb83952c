CREATE TYPE "public"."contracting_situation" AS ENUM('NORMAL', 'CLAUSULA_SUSPENSIVA', 'LIMINAR');--> statement-breakpoint
CREATE TYPE "public"."expense_category" AS ENUM('CUSTEIO', 'INVESTIMENTO', 'CUSTEIO E INVESTIMENTO');--> statement-breakpoint
CREATE TYPE "public"."fund_situation" AS ENUM('EM_ELABORACAO', 'ENVIADO_ANALISE', 'EM_COMPLEMENTACAO', 'AUTORIZADO', 'EM_EXECUCAO', 'CONCLUIDO', 'CANCELADO');--> statement-breakpoint
CREATE TYPE "public"."imposition_situation" AS ENUM('AGUARDANDO_CIENCIA', 'CIENTE', 'AGUARDANDO_CONCLUSAO_PLANO_TRABALHO', 'IMPEDIDO', 'IMPEDIDO_REJEICAO_PLANO_TRABALHO', 'CONCLUIDO', 'CANCELADO');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('COMMITMENT', 'BANK_ORDER', 'DISBURSEMENT', 'SUPPLIER_PAYMENT', 'COUNTERPART_DEPOSIT', 'YIELD');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('PENDENTE', 'EFETIVADO', 'CANCELADO');--> statement-breakpoint
CREATE TYPE "public"."voluntary_modality" AS ENUM('CONVENIO', 'CONTRATO_DE_REPASSE', 'TERMO_DE_FOMENTO', 'TERMO_DE_COLABORACAO');--> statement-breakpoint
CREATE TYPE "public"."voluntary_status" AS ENUM('PROPOSTA_APROVADA', 'ASSINADO', 'EM_EXECUCAO', 'AGUARDANDO_PRESTACAO_CONTAS', 'PRESTACAO_CONTAS_EM_ANALISE', 'PRESTACAO_CONTAS_EM_COMPLEMENTACAO', 'PRESTACAO_CONTAS_APROVADA', 'PRESTACAO_CONTAS_APROVADA_RESSALVAS', 'PRESTACAO_CONTAS_REJEITADA', 'INADIMPLENTE', 'CONCLUIDO', 'ANULADO', 'RESCINDIDO', 'CANCELADO');--> statement-breakpoint
CREATE TABLE "fund_transfer_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_transfer_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"cod_plan" varchar(21) NOT NULL,
	"year" smallint NOT NULL,
	"situation" "fund_situation" NOT NULL,
	"program_code" varchar(20),
	"program_name" text,
	"grantor_acronym" varchar(20),
	"grantor_name" text,
	"transferring_fund_name" text,
	"receiving_fund_cnpj" varchar(14),
	"receiving_fund_name" text,
	"parliamentarian_name" text,
	"validity_start" date,
	"validity_end" date,
	"objectives" text,
	"amendment_transfer_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"specific_transfer_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"voluntary_transfer_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_transfer_value" numeric(15, 2) GENERATED ALWAYS AS (amendment_transfer_value + specific_transfer_value + voluntary_transfer_value) STORED NOT NULL,
	"own_resources_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"committed_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"paid_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"internal_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_transfer_plans_cod_plan_format" CHECK ("fund_transfer_plans"."cod_plan" ~ '^[0-9]{14}-[0-9]{6}$'),
	CONSTRAINT "fund_transfer_plans_year_range" CHECK ("fund_transfer_plans"."year" between 2000 and 2100),
	CONSTRAINT "fund_transfer_plans_values_non_negative" CHECK ("fund_transfer_plans"."amendment_transfer_value" >= 0 and "fund_transfer_plans"."specific_transfer_value" >= 0 and "fund_transfer_plans"."voluntary_transfer_value" >= 0 and "fund_transfer_plans"."own_resources_value" >= 0 and "fund_transfer_plans"."committed_value" >= 0 and "fund_transfer_plans"."paid_value" >= 0),
	CONSTRAINT "fund_transfer_plans_validity_order" CHECK ("fund_transfer_plans"."validity_end" is null or "fund_transfer_plans"."validity_start" is null or "fund_transfer_plans"."validity_end" >= "fund_transfer_plans"."validity_start")
);
--> statement-breakpoint
CREATE TABLE "imposition_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imposition_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"nr_transfer" varchar(15) NOT NULL,
	"year" smallint NOT NULL,
	"situation" "imposition_situation" NOT NULL,
	"impediment_reason" text,
	"amendment_number" varchar(12) NOT NULL,
	"parliamentarian_name" text NOT NULL,
	"parliamentarian_code" smallint,
	"program_code" varchar(20),
	"program_name" text,
	"grantor_acronym" varchar(20),
	"grantor_name" text,
	"expense_category" "expense_category" NOT NULL,
	"costing_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"investment_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"planned_value" numeric(15, 2) GENERATED ALWAYS AS (costing_value + investment_value) STORED NOT NULL,
	"committed_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"paid_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"accepted_at" date,
	"object_name" text,
	"object_detail" text,
	"policy_areas" text,
	"bank_code" varchar(3),
	"bank_name" text,
	"agency" varchar(10),
	"account" varchar(20),
	"execution_start" date,
	"execution_end" date,
	"legislative_notified_at" date,
	"is_public" boolean DEFAULT true NOT NULL,
	"internal_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imposition_transfers_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "imposition_transfers_nr_format" CHECK ("imposition_transfers"."nr_transfer" ~ '^[0-9]{8}-[0-9]{6}$'),
	CONSTRAINT "imposition_transfers_year_range" CHECK ("imposition_transfers"."year" between 2000 and 2100),
	CONSTRAINT "imposition_transfers_values_non_negative" CHECK ("imposition_transfers"."costing_value" >= 0 and "imposition_transfers"."investment_value" >= 0 and "imposition_transfers"."committed_value" >= 0 and "imposition_transfers"."paid_value" >= 0),
	CONSTRAINT "imposition_transfers_execution_order" CHECK ("imposition_transfers"."execution_end" is null or "imposition_transfers"."execution_start" is null or "imposition_transfers"."execution_end" >= "imposition_transfers"."execution_start")
);
--> statement-breakpoint
CREATE TABLE "transaction_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer,
	"voluntary_transfer_id" integer,
	"kind" "payment_kind" NOT NULL,
	"status" "payment_status" DEFAULT 'EFETIVADO' NOT NULL,
	"document_number" varchar(30) NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"payee_name" text,
	"payee_document" varchar(14),
	"description" text,
	"internal_notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_payments_one_transfer" CHECK (num_nonnulls("transaction_payments"."imposition_transfer_id", "transaction_payments"."voluntary_transfer_id") = 1),
	CONSTRAINT "transaction_payments_amount_non_negative" CHECK ("transaction_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voluntary_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voluntary_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"nr_transfer" varchar(6) NOT NULL,
	"proposal_number" varchar(12),
	"year" smallint NOT NULL,
	"modality" "voluntary_modality" NOT NULL,
	"status" "voluntary_status" NOT NULL,
	"object" text NOT NULL,
	"program_code" varchar(20),
	"program_name" text,
	"grantor_acronym" varchar(20),
	"grantor_name" text,
	"amendment_number" varchar(12),
	"parliamentarian_name" text,
	"transfer_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"counterpart_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"global_value" numeric(15, 2) GENERATED ALWAYS AS (transfer_value + counterpart_value) STORED NOT NULL,
	"committed_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"paid_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"signed_at" date,
	"published_at" date,
	"validity_start" date,
	"validity_end" date,
	"accountability_deadline" date,
	"contracting_situation" "contracting_situation" DEFAULT 'NORMAL' NOT NULL,
	"suspensive_clause_due" date,
	"process_number" varchar(40),
	"is_public" boolean DEFAULT true NOT NULL,
	"internal_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voluntary_transfers_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "voluntary_transfers_nr_format" CHECK ("voluntary_transfers"."nr_transfer" ~ '^[0-9]{6}$'),
	CONSTRAINT "voluntary_transfers_year_range" CHECK ("voluntary_transfers"."year" between 2000 and 2100),
	CONSTRAINT "voluntary_transfers_values_non_negative" CHECK ("voluntary_transfers"."transfer_value" >= 0 and "voluntary_transfers"."counterpart_value" >= 0 and "voluntary_transfers"."committed_value" >= 0 and "voluntary_transfers"."paid_value" >= 0),
	CONSTRAINT "voluntary_transfers_validity_order" CHECK ("voluntary_transfers"."validity_end" is null or "voluntary_transfers"."validity_start" is null or "voluntary_transfers"."validity_end" >= "voluntary_transfers"."validity_start")
);
--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD CONSTRAINT "fund_transfer_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD CONSTRAINT "imposition_transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD CONSTRAINT "transaction_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD CONSTRAINT "transaction_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD CONSTRAINT "transaction_payments_imposition_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD CONSTRAINT "transaction_payments_voluntary_fk" FOREIGN KEY ("voluntary_transfer_id","company_id") REFERENCES "public"."voluntary_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD CONSTRAINT "voluntary_transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_transfer_plans_company_cod_plan_key" ON "fund_transfer_plans" USING btree ("company_id","cod_plan");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_company_year_idx" ON "fund_transfer_plans" USING btree ("company_id","year","cod_plan");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_year_idx" ON "fund_transfer_plans" USING btree ("year","cod_plan");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_company_situation_idx" ON "fund_transfer_plans" USING btree ("company_id","situation");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_company_program_idx" ON "fund_transfer_plans" USING btree ("company_id","program_code");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_company_grantor_idx" ON "fund_transfer_plans" USING btree ("company_id","grantor_acronym");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_company_total_idx" ON "fund_transfer_plans" USING btree ("company_id","total_transfer_value");--> statement-breakpoint
CREATE INDEX "fund_transfer_plans_company_validity_end_idx" ON "fund_transfer_plans" USING btree ("company_id","validity_end");--> statement-breakpoint
CREATE UNIQUE INDEX "imposition_transfers_company_nr_key" ON "imposition_transfers" USING btree ("company_id","nr_transfer");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_year_idx" ON "imposition_transfers" USING btree ("company_id","year","nr_transfer");--> statement-breakpoint
CREATE INDEX "imposition_transfers_year_idx" ON "imposition_transfers" USING btree ("year","nr_transfer");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_situation_idx" ON "imposition_transfers" USING btree ("company_id","situation");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_parliamentarian_idx" ON "imposition_transfers" USING btree ("company_id","parliamentarian_name");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_program_idx" ON "imposition_transfers" USING btree ("company_id","program_code");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_grantor_idx" ON "imposition_transfers" USING btree ("company_id","grantor_acronym");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_planned_idx" ON "imposition_transfers" USING btree ("company_id","planned_value");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_paid_idx" ON "imposition_transfers" USING btree ("company_id","paid_value");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_accepted_idx" ON "imposition_transfers" USING btree ("company_id","accepted_at");--> statement-breakpoint
CREATE INDEX "imposition_transfers_company_execution_end_idx" ON "imposition_transfers" USING btree ("company_id","execution_end");--> statement-breakpoint
CREATE INDEX "transaction_payments_imposition_idx" ON "transaction_payments" USING btree ("imposition_transfer_id","payment_date");--> statement-breakpoint
CREATE INDEX "transaction_payments_voluntary_idx" ON "transaction_payments" USING btree ("voluntary_transfer_id","payment_date");--> statement-breakpoint
CREATE INDEX "transaction_payments_company_date_idx" ON "transaction_payments" USING btree ("company_id","payment_date","id");--> statement-breakpoint
CREATE INDEX "transaction_payments_date_idx" ON "transaction_payments" USING btree ("payment_date","id");--> statement-breakpoint
CREATE INDEX "transaction_payments_company_kind_idx" ON "transaction_payments" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "transaction_payments_company_amount_idx" ON "transaction_payments" USING btree ("company_id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "voluntary_transfers_company_nr_key" ON "voluntary_transfers" USING btree ("company_id","nr_transfer");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_year_idx" ON "voluntary_transfers" USING btree ("company_id","year","nr_transfer");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_year_idx" ON "voluntary_transfers" USING btree ("year","nr_transfer");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_status_idx" ON "voluntary_transfers" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_parliamentarian_idx" ON "voluntary_transfers" USING btree ("company_id","parliamentarian_name");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_program_idx" ON "voluntary_transfers" USING btree ("company_id","program_code");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_grantor_idx" ON "voluntary_transfers" USING btree ("company_id","grantor_acronym");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_transfer_value_idx" ON "voluntary_transfers" USING btree ("company_id","transfer_value");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_paid_idx" ON "voluntary_transfers" USING btree ("company_id","paid_value");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_signed_idx" ON "voluntary_transfers" USING btree ("company_id","signed_at");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_company_validity_end_idx" ON "voluntary_transfers" USING btree ("company_id","validity_end");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_validity_end_idx" ON "voluntary_transfers" USING btree ("validity_end");