ALTER TYPE "public"."data_source" ADD VALUE 'transferegov_parcerias' BEFORE 'siconv';--> statement-breakpoint
ALTER TYPE "public"."voluntary_modality" ADD VALUE 'FUNDO_A_FUNDO_SAUDE';--> statement-breakpoint
ALTER TYPE "public"."voluntary_modality" ADD VALUE 'PARCERIA';--> statement-breakpoint
CREATE TABLE "fund_plan_analyses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_plan_analyses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"subject" varchar(16) NOT NULL,
	"report_id" integer,
	"analysis_type" varchar(40),
	"result" varchar(40),
	"analyzed_on" date,
	"opinion" text,
	"origin" varchar(60),
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_plan_analyses" ADD CONSTRAINT "fund_plan_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_plan_analyses" ADD CONSTRAINT "fund_plan_analyses_plan_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fund_transfer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_plan_analyses_source_key" ON "fund_plan_analyses" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "fund_plan_analyses_plan_idx" ON "fund_plan_analyses" USING btree ("plan_id","analyzed_on");