CREATE TABLE "transfer_instruments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_instruments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer,
	"voluntary_transfer_id" integer,
	"fund_transfer_plan_id" integer,
	"storage_path" text NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_instruments_one_transfer" CHECK (num_nonnulls("transfer_instruments"."imposition_transfer_id", "transfer_instruments"."voluntary_transfer_id", "transfer_instruments"."fund_transfer_plan_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "transfer_instruments" ADD CONSTRAINT "transfer_instruments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_instruments" ADD CONSTRAINT "transfer_instruments_imposition_transfer_id_imposition_transfers_id_fk" FOREIGN KEY ("imposition_transfer_id") REFERENCES "public"."imposition_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_instruments" ADD CONSTRAINT "transfer_instruments_voluntary_transfer_id_voluntary_transfers_id_fk" FOREIGN KEY ("voluntary_transfer_id") REFERENCES "public"."voluntary_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_instruments" ADD CONSTRAINT "transfer_instruments_fund_transfer_plan_id_fund_transfer_plans_id_fk" FOREIGN KEY ("fund_transfer_plan_id") REFERENCES "public"."fund_transfer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_instruments" ADD CONSTRAINT "transfer_instruments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_instruments_imposition_key" ON "transfer_instruments" USING btree ("imposition_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_instruments_voluntary_key" ON "transfer_instruments" USING btree ("voluntary_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_instruments_fund_key" ON "transfer_instruments" USING btree ("fund_transfer_plan_id");--> statement-breakpoint
CREATE INDEX "transfer_instruments_company_idx" ON "transfer_instruments" USING btree ("company_id");