CREATE TYPE "public"."digest_run_status" AS ENUM('SENT', 'NOTHING_NEW', 'NO_RECIPIENTS', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."digest_trigger" AS ENUM('SCHEDULE', 'MANUAL');--> statement-breakpoint
CREATE TYPE "public"."lc210_recipient" AS ENUM('CAMARA', 'TCU', 'TCE');--> statement-breakpoint
CREATE TYPE "public"."obligation_kind" AS ENUM('CONVENIO', 'ESPECIAL_PARCIAL', 'ESPECIAL_FINAL', 'FUNDO_PARCIAL', 'FUNDO_FINAL', 'LC210');--> statement-breakpoint
CREATE TYPE "public"."obligation_status" AS ENUM('AGUARDANDO', 'ENVIADA', 'EM_ANALISE', 'EM_COMPLEMENTACAO', 'APROVADA', 'APROVADA_COM_RESSALVAS', 'REJEITADA', 'PENDENTE', 'EM_ELABORACAO', 'DISPONIBILIZADO', 'ENVIADO_ANALISE_CONSELHO', 'ENVIADO_ANALISE', 'ANALISE_CONCLUIDA_CONSELHO', 'ANALISE_CONCLUIDA', 'REJEITADO', 'PARCIAL', 'COMUNICADA');--> statement-breakpoint
CREATE TABLE "accountability_checklist_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accountability_checklist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"obligation_id" integer NOT NULL,
	"label" varchar(200) NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 100 NOT NULL,
	"file_path" text,
	"file_name" varchar(120),
	"file_type" varchar(120),
	"done_by" integer,
	"done_by_name" varchar(120),
	"done_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accountability_obligations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accountability_obligations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" "obligation_kind" NOT NULL,
	"status" "obligation_status" NOT NULL,
	"imposition_transfer_id" integer,
	"voluntary_transfer_id" integer,
	"fund_transfer_plan_id" integer,
	"transfer_key" varchar(21) NOT NULL,
	"title" text,
	"due_date" date,
	"due_date_manual" boolean DEFAULT false NOT NULL,
	"responsible_user_id" integer,
	"responsible_name" varchar(120),
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accountability_obligations_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "accountability_obligations_one_transfer" CHECK (num_nonnulls("accountability_obligations"."imposition_transfer_id", "accountability_obligations"."voluntary_transfer_id", "accountability_obligations"."fund_transfer_plan_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "digest_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"trigger" "digest_trigger" NOT NULL,
	"status" "digest_run_status" NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_sent_items" (
	"company_id" integer NOT NULL,
	"item_key" varchar(80) NOT NULL,
	"signature" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "digest_sent_items_company_id_item_key_pk" PRIMARY KEY("company_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "lc210_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lc210_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"obligation_id" integer NOT NULL,
	"recipient" "lc210_recipient" NOT NULL,
	"recipient_name" varchar(200),
	"sent_on" date NOT NULL,
	"protocol" varchar(60),
	"proof_path" text,
	"proof_name" varchar(120),
	"proof_type" varchar(120),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accountability_checklist_items" ADD CONSTRAINT "accountability_checklist_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_checklist_items" ADD CONSTRAINT "accountability_checklist_items_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_checklist_items" ADD CONSTRAINT "accountability_checklist_items_obligation_fk" FOREIGN KEY ("obligation_id","company_id") REFERENCES "public"."accountability_obligations"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_obligations" ADD CONSTRAINT "accountability_obligations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_obligations" ADD CONSTRAINT "accountability_obligations_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_obligations" ADD CONSTRAINT "accountability_obligations_imposition_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_obligations" ADD CONSTRAINT "accountability_obligations_voluntary_fk" FOREIGN KEY ("voluntary_transfer_id","company_id") REFERENCES "public"."voluntary_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accountability_obligations" ADD CONSTRAINT "accountability_obligations_fund_fk" FOREIGN KEY ("fund_transfer_plan_id") REFERENCES "public"."fund_transfer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_sent_items" ADD CONSTRAINT "digest_sent_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lc210_notices" ADD CONSTRAINT "lc210_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lc210_notices" ADD CONSTRAINT "lc210_notices_obligation_fk" FOREIGN KEY ("obligation_id","company_id") REFERENCES "public"."accountability_obligations"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accountability_checklist_items_obligation_idx" ON "accountability_checklist_items" USING btree ("obligation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "accountability_obligations_imposition_key" ON "accountability_obligations" USING btree ("kind","imposition_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accountability_obligations_voluntary_key" ON "accountability_obligations" USING btree ("kind","voluntary_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accountability_obligations_fund_key" ON "accountability_obligations" USING btree ("kind","fund_transfer_plan_id");--> statement-breakpoint
CREATE INDEX "accountability_obligations_company_due_idx" ON "accountability_obligations" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE INDEX "accountability_obligations_company_kind_idx" ON "accountability_obligations" USING btree ("company_id","kind","status");--> statement-breakpoint
CREATE INDEX "accountability_obligations_responsible_idx" ON "accountability_obligations" USING btree ("responsible_user_id");--> statement-breakpoint
CREATE INDEX "digest_runs_company_created_idx" ON "digest_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lc210_notices_obligation_recipient_key" ON "lc210_notices" USING btree ("obligation_id","recipient");