CREATE TYPE "public"."fiscal_indicator" AS ENUM('RCL', 'PERSONNEL_PCT_RCL', 'DEBT_PCT_RCL', 'EDUCATION_PCT', 'HEALTH_PCT');--> statement-breakpoint
CREATE TABLE "fiscal_indicators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_indicators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"indicator" "fiscal_indicator" NOT NULL,
	"value" numeric(15, 2) NOT NULL,
	"limit_value" numeric(15, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_indicators_year_range" CHECK ("fiscal_indicators"."year" between 2000 and 2100),
	CONSTRAINT "fiscal_indicators_value_non_negative" CHECK ("fiscal_indicators"."value" >= 0 and ("fiscal_indicators"."limit_value" is null or "fiscal_indicators"."limit_value" >= 0))
);
--> statement-breakpoint
ALTER TABLE "fiscal_indicators" ADD CONSTRAINT "fiscal_indicators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_indicators_company_year_indicator_key" ON "fiscal_indicators" USING btree ("company_id","year","indicator");