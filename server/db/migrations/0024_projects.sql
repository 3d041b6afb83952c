CREATE TYPE "public"."bid_modality" AS ENUM('PREGAO_ELETRONICO', 'PREGAO_PRESENCIAL', 'CONCORRENCIA_ELETRONICA', 'CONCORRENCIA_PRESENCIAL', 'CONCURSO', 'LEILAO', 'DIALOGO_COMPETITIVO', 'DISPENSA', 'INEXIGIBILIDADE');--> statement-breakpoint
CREATE TYPE "public"."bid_status" AS ENUM('EM_PREPARACAO', 'PUBLICADA', 'EM_JULGAMENTO', 'HOMOLOGADA', 'DESERTA', 'FRACASSADA', 'REVOGADA', 'ANULADA');--> statement-breakpoint
CREATE TYPE "public"."execution_kind" AS ENUM('MEDICAO', 'PAGAMENTO');--> statement-breakpoint
CREATE TYPE "public"."project_file_category" AS ENUM('PROJETO_BASICO', 'ART', 'LICENCA', 'MEDICAO', 'FOTO_OBRA', 'NOTA_FISCAL', 'OUTROS');--> statement-breakpoint
CREATE TYPE "public"."funding_kind" AS ENUM('IMPOSITION', 'VOLUNTARY', 'FUND_TO_FUND', 'OWN', 'COUNTERPART', 'STATE');--> statement-breakpoint
CREATE TYPE "public"."project_history_action" AS ENUM('CREATE', 'UPDATE', 'DELETE', 'NOTE');--> statement-breakpoint
CREATE TYPE "public"."project_history_entity" AS ENUM('PROJECT', 'WORK_PLAN', 'FUNDING_SOURCE', 'BID', 'EXECUTION', 'FILE', 'NOTE');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('PLANEJAMENTO', 'LICITACAO', 'EXECUCAO', 'PARALISADA', 'CONCLUIDA', 'CANCELADA');--> statement-breakpoint
CREATE TYPE "public"."purchase_process_type" AS ENUM('LICITACAO', 'DISPENSA', 'INEXIGIBILIDADE', 'ADESAO_ATA', 'COTACAO_PREVIA');--> statement-breakpoint
CREATE TYPE "public"."work_plan_kind" AS ENUM('META', 'ETAPA');--> statement-breakpoint
CREATE TABLE "project_bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" varchar(40) NOT NULL,
	"modality" "bid_modality" NOT NULL,
	"purchase_process_type" "purchase_process_type" DEFAULT 'LICITACAO' NOT NULL,
	"object" text,
	"published_at" date,
	"opened_at" date,
	"homologated_at" date,
	"estimated_value" numeric(15, 2),
	"homologated_value" numeric(15, 2),
	"status" "bid_status" DEFAULT 'EM_PREPARACAO' NOT NULL,
	"winner_cnpj" varchar(14),
	"winner_name" varchar(200),
	"contract_number" varchar(40),
	"contract_value" numeric(15, 2),
	"contract_start" date,
	"contract_end" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_bids_number_key" UNIQUE("project_id","number"),
	CONSTRAINT "project_bids_contract_order" CHECK ("project_bids"."contract_end" >= "project_bids"."contract_start")
);
--> statement-breakpoint
CREATE TABLE "project_executions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_executions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"work_plan_item_id" integer NOT NULL,
	"funding_source_id" integer,
	"kind" "execution_kind" DEFAULT 'MEDICAO' NOT NULL,
	"reference_date" date NOT NULL,
	"physical_pct" numeric(5, 2) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"document_number" varchar(60),
	"payee_cnpj" varchar(14),
	"payee_name" varchar(200),
	"notes" text,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_executions_pct_range" CHECK ("project_executions"."physical_pct" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"category" "project_file_category" NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"file_name" varchar(120) NOT NULL,
	"file_path" text NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"file_size" integer NOT NULL,
	"taken_at" timestamp with time zone,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"uploaded_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_funding_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_funding_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" "funding_kind" NOT NULL,
	"imposition_transfer_id" integer,
	"voluntary_transfer_id" integer,
	"fund_transfer_plan_id" integer,
	"amount" numeric(15, 2) NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_funding_sources_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "project_funding_sources_amount_positive" CHECK ("project_funding_sources"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "project_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"entity" "project_history_entity" NOT NULL,
	"entity_id" integer,
	"action" "project_history_action" NOT NULL,
	"subject" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"actor_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_work_plan_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_work_plan_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" "work_plan_kind" NOT NULL,
	"parent_id" integer,
	"number" varchar(8) NOT NULL,
	"description" text NOT NULL,
	"unit" varchar(20),
	"quantity" numeric(14, 2),
	"value" numeric(15, 2),
	"start_date" date,
	"end_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_work_plan_items_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "project_work_plan_items_number_key" UNIQUE("project_id","number"),
	CONSTRAINT "project_work_plan_items_dates_order" CHECK ("project_work_plan_items"."end_date" >= "project_work_plan_items"."start_date")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"object" text NOT NULL,
	"status" "project_status" DEFAULT 'PLANEJAMENTO' NOT NULL,
	"policy_area" varchar(120),
	"address" varchar(300),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"start_date" date,
	"end_date" date,
	"total_value" numeric(15, 2) NOT NULL,
	"responsible_user_id" integer,
	"proposal_id" integer,
	"physical_progress" numeric(5, 2) DEFAULT '0' NOT NULL,
	"financial_progress" numeric(5, 2) DEFAULT '0' NOT NULL,
	"work_plan_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"funded_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"executed_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"next_deadline" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "projects_dates_order" CHECK ("projects"."end_date" >= "projects"."start_date"),
	CONSTRAINT "projects_progress_range" CHECK ("projects"."physical_progress" between 0 and 100 and "projects"."financial_progress" between 0 and 100),
	CONSTRAINT "projects_total_non_negative" CHECK ("projects"."total_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "project_bids" ADD CONSTRAINT "project_bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_bids" ADD CONSTRAINT "project_bids_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_executions" ADD CONSTRAINT "project_executions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_executions" ADD CONSTRAINT "project_executions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_executions" ADD CONSTRAINT "project_executions_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_executions" ADD CONSTRAINT "project_executions_item_fk" FOREIGN KEY ("work_plan_item_id","company_id") REFERENCES "public"."project_work_plan_items"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_executions" ADD CONSTRAINT "project_executions_source_fk" FOREIGN KEY ("funding_source_id","company_id") REFERENCES "public"."project_funding_sources"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_funding_sources" ADD CONSTRAINT "project_funding_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_funding_sources" ADD CONSTRAINT "project_funding_sources_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_funding_sources" ADD CONSTRAINT "project_funding_sources_imposition_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_funding_sources" ADD CONSTRAINT "project_funding_sources_voluntary_fk" FOREIGN KEY ("voluntary_transfer_id","company_id") REFERENCES "public"."voluntary_transfers"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_funding_sources" ADD CONSTRAINT "project_funding_sources_fund_fk" FOREIGN KEY ("fund_transfer_plan_id") REFERENCES "public"."fund_transfer_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_history" ADD CONSTRAINT "project_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_history" ADD CONSTRAINT "project_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_history" ADD CONSTRAINT "project_history_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_plan_items" ADD CONSTRAINT "project_work_plan_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_plan_items" ADD CONSTRAINT "project_work_plan_items_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_work_plan_items" ADD CONSTRAINT "project_work_plan_items_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."project_work_plan_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_bids_project_idx" ON "project_bids" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_executions_project_idx" ON "project_executions" USING btree ("project_id","reference_date");--> statement-breakpoint
CREATE INDEX "project_executions_item_idx" ON "project_executions" USING btree ("work_plan_item_id");--> statement-breakpoint
CREATE INDEX "project_executions_source_idx" ON "project_executions" USING btree ("funding_source_id");--> statement-breakpoint
CREATE INDEX "project_files_project_idx" ON "project_files" USING btree ("project_id","category");--> statement-breakpoint
CREATE INDEX "project_funding_sources_project_idx" ON "project_funding_sources" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_funding_sources_imposition_idx" ON "project_funding_sources" USING btree ("imposition_transfer_id");--> statement-breakpoint
CREATE INDEX "project_funding_sources_voluntary_idx" ON "project_funding_sources" USING btree ("voluntary_transfer_id");--> statement-breakpoint
CREATE INDEX "project_funding_sources_fund_idx" ON "project_funding_sources" USING btree ("fund_transfer_plan_id");--> statement-breakpoint
CREATE INDEX "project_history_project_idx" ON "project_history" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_work_plan_items_project_idx" ON "project_work_plan_items" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_company_status_idx" ON "projects" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "projects_company_deadline_idx" ON "projects" USING btree ("company_id","next_deadline");