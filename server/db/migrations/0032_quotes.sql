CREATE TYPE "public"."quote_source" AS ENUM('FORNECEDOR', 'PAINEL_PRECOS', 'PNCP', 'CONTRATACAO_SIMILAR', 'MIDIA_ESPECIALIZADA');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('EM_ANDAMENTO', 'CONCLUIDA');--> statement-breakpoint
ALTER TYPE "public"."project_history_entity" ADD VALUE 'QUOTE';--> statement-breakpoint
ALTER TYPE "public"."project_history_entity" ADD VALUE 'QUOTE_PRICE';--> statement-breakpoint
CREATE TABLE "quote_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"supplier_cnpj" varchar(14) NOT NULL,
	"supplier_name" varchar(200) NOT NULL,
	"unit_price" numeric(15, 4) NOT NULL,
	"quote_date" date NOT NULL,
	"valid_until" date,
	"source" "quote_source" NOT NULL,
	"file_path" text,
	"file_name" varchar(120),
	"content_type" varchar(120),
	"file_size" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_prices_unit_price_positive" CHECK ("quote_prices"."unit_price" > 0),
	CONSTRAINT "quote_prices_validity_order" CHECK ("quote_prices"."valid_until" >= "quote_prices"."quote_date")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"item_description" text NOT NULL,
	"catmat_code" varchar(9),
	"unit" varchar(20) NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"status" "quote_status" DEFAULT 'EM_ANDAMENTO' NOT NULL,
	"notes" text,
	"price_count" integer DEFAULT 0 NOT NULL,
	"mean_price" numeric(15, 4),
	"median_price" numeric(15, 4),
	"lowest_price" numeric(15, 4),
	"estimated_total" numeric(24, 2),
	"outlier_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_id_company_key" UNIQUE("id","company_id"),
	CONSTRAINT "quotes_quantity_positive" CHECK ("quotes"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "quote_prices" ADD CONSTRAINT "quote_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_prices" ADD CONSTRAINT "quote_prices_quote_fk" FOREIGN KEY ("quote_id","company_id") REFERENCES "public"."quotes"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_prices_quote_idx" ON "quote_prices" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_company_project_idx" ON "quotes" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "quotes_company_status_idx" ON "quotes" USING btree ("company_id","status");