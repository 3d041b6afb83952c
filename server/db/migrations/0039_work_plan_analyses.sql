CREATE TABLE "work_plan_analyses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_plan_analyses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"work_plan_id" integer,
	"analysis_id" integer,
	"body_code" integer,
	"body_name" text NOT NULL,
	"planning_status" varchar(40),
	"opinion" varchar(60),
	"analysis_status" varchar(30),
	"analyzed_at" timestamp with time zone,
	"opinion_text" text,
	"rejected_value" numeric(15, 2),
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_plan_pending_bodies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_plan_pending_bodies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"work_plan_id" integer,
	"body_id" integer,
	"body_name" text NOT NULL,
	"pending_since" timestamp with time zone DEFAULT now() NOT NULL,
	"still_pending" boolean DEFAULT true NOT NULL,
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "work_plan_id" integer;--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "work_plan_status" varchar(60);--> statement-breakpoint
ALTER TABLE "imposition_transfers" ADD COLUMN "work_plan_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_plan_analyses" ADD CONSTRAINT "work_plan_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plan_analyses" ADD CONSTRAINT "work_plan_analyses_transfer_fk" FOREIGN KEY ("transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plan_pending_bodies" ADD CONSTRAINT "work_plan_pending_bodies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plan_pending_bodies" ADD CONSTRAINT "work_plan_pending_bodies_transfer_fk" FOREIGN KEY ("transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_plan_analyses_source_key" ON "work_plan_analyses" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "work_plan_analyses_transfer_idx" ON "work_plan_analyses" USING btree ("transfer_id","analyzed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_plan_pending_bodies_source_key" ON "work_plan_pending_bodies" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "work_plan_pending_bodies_transfer_idx" ON "work_plan_pending_bodies" USING btree ("transfer_id");