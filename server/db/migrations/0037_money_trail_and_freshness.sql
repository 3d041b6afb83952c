CREATE TABLE "sync_source_freshness" (
	"company_id" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_updated_at" text,
	"last_success_at" timestamp with time zone,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_source_freshness_company_id_source_pk" PRIMARY KEY("company_id","source")
);
--> statement-breakpoint
CREATE TABLE "transfer_account_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_account_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer NOT NULL,
	"balance_date" date,
	"balance" numeric(15, 2) NOT NULL,
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_account_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_account_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer NOT NULL,
	"account_key" varchar(40) NOT NULL,
	"entry_date" date NOT NULL,
	"operation" varchar(1) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"description" text,
	"counterparty_name" text,
	"counterparty_document" varchar(14),
	"reference" text,
	"subtransaction_count" integer DEFAULT 0 NOT NULL,
	"match_status" varchar(12) DEFAULT 'NONE' NOT NULL,
	"matched_payment_id" integer,
	"match_note" text,
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_account_entries_operation" CHECK ("transfer_account_entries"."operation" in ('C', 'D')),
	CONSTRAINT "transfer_account_entries_amount_non_negative" CHECK ("transfer_account_entries"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_account_subtransactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_account_subtransactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"payment_date" date,
	"amount" numeric(15, 2) NOT NULL,
	"beneficiary_name" text,
	"beneficiary_document" varchar(14),
	"description" text,
	"match_status" varchar(12) DEFAULT 'NONE' NOT NULL,
	"matched_payment_id" integer,
	"match_note" text,
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_account_subtransactions_amount_non_negative" CHECK ("transfer_account_subtransactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"status" text,
	"requested_at" date,
	"paid_at" date,
	"due_at" date,
	"competence" varchar(10),
	"reason" text,
	"amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"fine" numeric(15, 2) DEFAULT '0' NOT NULL,
	"interest" numeric(15, 2) DEFAULT '0' NOT NULL,
	"additions" numeric(15, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"deductions" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total" numeric(15, 2) DEFAULT '0' NOT NULL,
	"source" "data_source" NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"synced_at" timestamp with time zone,
	"raw" jsonb,
	"source_missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_source_freshness" ADD CONSTRAINT "sync_source_freshness_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_balances" ADD CONSTRAINT "transfer_account_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_balances" ADD CONSTRAINT "transfer_account_balances_transfer_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_entries" ADD CONSTRAINT "transfer_account_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_entries" ADD CONSTRAINT "transfer_account_entries_matched_payment_id_transaction_payments_id_fk" FOREIGN KEY ("matched_payment_id") REFERENCES "public"."transaction_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_entries" ADD CONSTRAINT "transfer_account_entries_transfer_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_subtransactions" ADD CONSTRAINT "transfer_account_subtransactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_subtransactions" ADD CONSTRAINT "transfer_account_subtransactions_entry_id_transfer_account_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."transfer_account_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_subtransactions" ADD CONSTRAINT "transfer_account_subtransactions_matched_payment_id_transaction_payments_id_fk" FOREIGN KEY ("matched_payment_id") REFERENCES "public"."transaction_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_subtransactions" ADD CONSTRAINT "transfer_account_subtransactions_transfer_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_returns" ADD CONSTRAINT "transfer_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_returns" ADD CONSTRAINT "transfer_returns_transfer_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_account_balances_company_source_key" ON "transfer_account_balances" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "transfer_account_balances_transfer_idx" ON "transfer_account_balances" USING btree ("imposition_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_account_entries_company_source_key" ON "transfer_account_entries" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "transfer_account_entries_transfer_idx" ON "transfer_account_entries" USING btree ("imposition_transfer_id","entry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_account_subtransactions_company_source_key" ON "transfer_account_subtransactions" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "transfer_account_subtransactions_transfer_idx" ON "transfer_account_subtransactions" USING btree ("imposition_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_returns_company_source_key" ON "transfer_returns" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "transfer_returns_transfer_idx" ON "transfer_returns" USING btree ("imposition_transfer_id");