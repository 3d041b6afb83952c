CREATE TABLE "client_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"requested_by" integer,
	"data" jsonb NOT NULL,
	"storage_path" text NOT NULL,
	"mail_status" varchar(14) NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail_error" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_reports_company_month_idx" ON "client_reports" USING btree ("company_id","month","generated_at");--> statement-breakpoint
CREATE INDEX "client_reports_generated_idx" ON "client_reports" USING btree ("generated_at","id");