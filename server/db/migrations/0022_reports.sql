CREATE TABLE "report_payee_totals" (
	"payee" text NOT NULL,
	"document" text NOT NULL,
	"month" date NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"status" "payment_status" NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_payee_totals_pkey" PRIMARY KEY("payee","document","month","kind","status")
);
--> statement-breakpoint
CREATE TABLE "report_payment_totals" (
	"month" date NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"status" "payment_status" NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_payment_totals_pkey" PRIMARY KEY("month","kind","status")
);
--> statement-breakpoint
CREATE TABLE "report_transfer_totals" (
	"dimension" text NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"key" text NOT NULL,
	"captured" boolean NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"planned_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"committed_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"paid_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_transfer_totals_pkey" PRIMARY KEY("dimension","kind","year","key","captured")
);
--> statement-breakpoint
CREATE INDEX "imposition_transfers_nr_idx" ON "imposition_transfers" USING btree ("nr_transfer");--> statement-breakpoint
CREATE INDEX "voluntary_transfers_nr_idx" ON "voluntary_transfers" USING btree ("nr_transfer");