CREATE TYPE "public"."municipal_amendment_beneficiary_kind" AS ENUM('ORGAO_MUNICIPAL', 'ENTIDADE');--> statement-breakpoint
CREATE TYPE "public"."municipal_amendment_kind" AS ENUM('INDIVIDUAL', 'BANCADA', 'COMISSAO');--> statement-breakpoint
CREATE TYPE "public"."municipal_amendment_stage" AS ENUM('INDICADA', 'PLANO_ENVIADO', 'PLANO_DEVOLVIDO', 'APROVADA', 'EMPENHADA', 'PAGA', 'EXECUTADA', 'CONTAS_PRESTADAS', 'IMPEDIDA');--> statement-breakpoint
CREATE TYPE "public"."municipal_amendment_movement_kind" AS ENUM('EMPENHO', 'PAGAMENTO', 'PAGAMENTO_FORNECEDOR', 'DEVOLUCAO');--> statement-breakpoint
CREATE TYPE "public"."municipal_amendment_plan_status" AS ENUM('EM_ELABORACAO', 'ENVIADO', 'APROVADO', 'DEVOLVIDO');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'CAMARA';--> statement-breakpoint
CREATE TABLE "municipal_amendment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "municipal_amendment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"amendment_id" integer NOT NULL,
	"stage" "municipal_amendment_stage" NOT NULL,
	"occurred_on" date NOT NULL,
	"user_id" integer,
	"person_name" varchar(160) NOT NULL,
	"document_number" varchar(120),
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipal_amendment_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "municipal_amendment_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"amendment_id" integer NOT NULL,
	"kind" "municipal_amendment_movement_kind" NOT NULL,
	"occurred_on" date NOT NULL,
	"value" numeric(15, 2) NOT NULL,
	"document_number" varchar(60) NOT NULL,
	"bank_code" varchar(3),
	"agency" varchar(7),
	"account" varchar(14),
	"supplier_name" varchar(200),
	"supplier_document" varchar(14),
	"description" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipal_amendment_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"camara_may_indicate" boolean DEFAULT false NOT NULL,
	"plan_due_days" integer DEFAULT 30 NOT NULL,
	"decision_due_days" integer DEFAULT 15 NOT NULL,
	"idle_days" integer DEFAULT 60 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipal_amendments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "municipal_amendments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"identifier" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"author_name" varchar(160) NOT NULL,
	"author_party" varchar(20) NOT NULL,
	"kind" "municipal_amendment_kind" NOT NULL,
	"function_code" varchar(2) NOT NULL,
	"subfunction_code" varchar(3) NOT NULL,
	"program_code" varchar(4) NOT NULL,
	"action_code" varchar(4) NOT NULL,
	"expense_nature" varchar(14) NOT NULL,
	"value" numeric(15, 2) NOT NULL,
	"object" varchar(500) NOT NULL,
	"beneficiary_kind" "municipal_amendment_beneficiary_kind" NOT NULL,
	"beneficiary_name" varchar(200) NOT NULL,
	"beneficiary_cnpj" varchar(14),
	"final_beneficiary_name" varchar(200),
	"final_beneficiary_document" varchar(14),
	"indicated_on" date NOT NULL,
	"impediment_reason" text,
	"stage" "municipal_amendment_stage" DEFAULT 'INDICADA' NOT NULL,
	"plan_status" "municipal_amendment_plan_status" DEFAULT 'EM_ELABORACAO' NOT NULL,
	"plan_object" text,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_code" varchar(3),
	"agency" varchar(7),
	"account" varchar(14),
	"plan_submitted_on" date,
	"plan_decided_on" date,
	"plan_decision_reason" text,
	"executed_on" date,
	"accounted_on" date,
	"committed_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"paid_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"supplier_paid_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"returned_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "municipal_amendment_events" ADD CONSTRAINT "municipal_amendment_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipal_amendment_events" ADD CONSTRAINT "municipal_amendment_events_amendment_id_municipal_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."municipal_amendments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipal_amendment_events" ADD CONSTRAINT "municipal_amendment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipal_amendment_movements" ADD CONSTRAINT "municipal_amendment_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipal_amendment_movements" ADD CONSTRAINT "municipal_amendment_movements_amendment_id_municipal_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."municipal_amendments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipal_amendment_settings" ADD CONSTRAINT "municipal_amendment_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipal_amendments" ADD CONSTRAINT "municipal_amendments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "municipal_amendment_events_amendment_idx" ON "municipal_amendment_events" USING btree ("amendment_id","occurred_on");--> statement-breakpoint
CREATE INDEX "municipal_amendment_movements_amendment_idx" ON "municipal_amendment_movements" USING btree ("amendment_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "municipal_amendments_company_identifier_key" ON "municipal_amendments" USING btree ("company_id","identifier");--> statement-breakpoint
CREATE INDEX "municipal_amendments_company_year_idx" ON "municipal_amendments" USING btree ("company_id","year");--> statement-breakpoint
CREATE INDEX "municipal_amendments_company_stage_idx" ON "municipal_amendments" USING btree ("company_id","stage");--> statement-breakpoint
CREATE INDEX "municipal_amendments_company_author_idx" ON "municipal_amendments" USING btree ("company_id","author_name");