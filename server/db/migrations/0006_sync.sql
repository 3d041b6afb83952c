CREATE TYPE "public"."data_source" AS ENUM('transferegov_especiais', 'transferegov_fundoafundo', 'siconv');--> statement-breakpoint
CREATE TYPE "public"."sync_run_source" AS ENUM('transferegov', 'siconv');--> statement-breakpoint
CREATE TYPE "public"."sync_run_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."sync_run_trigger" AS ENUM('manual', 'schedule', 'cli');--> statement-breakpoint
CREATE TABLE "siconv_proposals" (
	"id_proposta" bigint PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"nr_proposta" varchar(12),
	"proposal_date" text,
	"modality" text,
	"status" text,
	"object" text,
	"grantor_code" varchar(10),
	"grantor_acronym" varchar(20),
	"grantor_name" text,
	"superior_grantor_name" text,
	"global_value" numeric(15, 2),
	"amendment_number" varchar(12),
	"parliamentarian_name" text,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" "sync_run_source" NOT NULL,
	"company_id" integer,
	"status" "sync_run_status" DEFAULT 'queued' NOT NULL,
	"trigger" "sync_run_trigger" DEFAULT 'manual' NOT NULL,
	"requested_by" integer,
	"counts" jsonb DEFAULT '{"created":0,"updated":0,"unchanged":0,"skipped":0,"failed":0}'::jsonb NOT NULL,
	"progress" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "source_status" text;--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "management_report_status" text;--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "source" "data_source";--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "external_id" varchar(60);--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "raw" jsonb;--> statement-breakpoint
ALTER TABLE "fund_transfer_plans" ADD COLUMN "source_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "source" "data_source";--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "external_id" varchar(60);--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "raw" jsonb;--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "source_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD COLUMN "source" "data_source";--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD COLUMN "external_id" varchar(60);--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD COLUMN "raw" jsonb;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD COLUMN "source_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD COLUMN "source_status" text;--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD COLUMN "source" "data_source";--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD COLUMN "external_id" varchar(60);--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD COLUMN "raw" jsonb;--> statement-breakpoint
ALTER TABLE "voluntary_transfers" ADD COLUMN "source_missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "siconv_proposals" ADD CONSTRAINT "siconv_proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "siconv_proposals_company_idx" ON "siconv_proposals" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sync_runs_company_created_idx" ON "sync_runs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sync_runs_created_idx" ON "sync_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sync_runs_active_idx" ON "sync_runs" USING btree ("company_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_payments_company_source_key" ON "transaction_payments" USING btree ("company_id","source","external_id");