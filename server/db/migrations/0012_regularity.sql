CREATE TYPE "public"."cauc_group" AS ENUM('I', 'II', 'III', 'IV', 'V');--> statement-breakpoint
CREATE TYPE "public"."regularity_kind" AS ENUM('CAUC', 'OUTRA');--> statement-breakpoint
CREATE TYPE "public"."regularity_status" AS ENUM('REGULAR', 'A_COMPROVAR', 'IRREGULAR', 'DESABILITADO', 'SEM_INFORMACAO');--> statement-breakpoint
CREATE TYPE "public"."regularity_updated_by" AS ENUM('IMPORTACAO', 'MANUAL');--> statement-breakpoint
CREATE TYPE "public"."recipient_kind" AS ENUM('PARLAMENTAR', 'MINISTERIO', 'CAMARA', 'TRIBUNAL_CONTAS');--> statement-breakpoint
CREATE TYPE "public"."requirement_status" AS ENUM('RASCUNHO', 'ENVIADO', 'PROTOCOLADO', 'RESPONDIDO');--> statement-breakpoint
CREATE TYPE "public"."requirement_transfer_kind" AS ENUM('IMPOSITION', 'VOLUNTARY');--> statement-breakpoint
CREATE TYPE "public"."requirement_type" AS ENUM('CONVENIO', 'IMPOSITIVA', 'TEV');--> statement-breakpoint
CREATE TABLE "regularity_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regularity_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" "regularity_kind" NOT NULL,
	"code" varchar(20) NOT NULL,
	"group" "cauc_group",
	"label" varchar(300) NOT NULL,
	"source" varchar(60) NOT NULL,
	"legal_basis" text,
	"status" "regularity_status" NOT NULL,
	"valid_until" date,
	"raw_value" varchar(40),
	"checked_on" date NOT NULL,
	"evidence_url" text,
	"responsible_name" varchar(120),
	"notes" text,
	"updated_by" "regularity_updated_by" DEFAULT 'MANUAL' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regularity_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regularity_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"taken_on" date NOT NULL,
	"regular" smallint NOT NULL,
	"a_comprovar" smallint NOT NULL,
	"irregular" smallint NOT NULL,
	"desabilitado" smallint NOT NULL,
	"sem_informacao" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirement_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" "requirement_type" NOT NULL,
	"title" varchar(200) NOT NULL,
	"purpose" varchar(120) NOT NULL,
	"description" text NOT NULL,
	"recipient_kind" "recipient_kind" NOT NULL,
	"subject" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"template_id" integer,
	"type" "requirement_type",
	"transfer_kind" "requirement_transfer_kind",
	"transfer_id" integer,
	"transfer_number" varchar(21),
	"recipient_kind" "recipient_kind" NOT NULL,
	"recipient_name" varchar(200) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"status" "requirement_status" DEFAULT 'RASCUNHO' NOT NULL,
	"protocol_number" varchar(60),
	"sent_on" date,
	"responded_on" date,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regularity_items" ADD CONSTRAINT "regularity_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularity_snapshots" ADD CONSTRAINT "regularity_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_template_id_requirement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."requirement_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regularity_items_company_code_key" ON "regularity_items" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "regularity_items_company_valid_idx" ON "regularity_items" USING btree ("company_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "regularity_snapshots_company_day_key" ON "regularity_snapshots" USING btree ("company_id","taken_on");--> statement-breakpoint
CREATE INDEX "requirement_templates_type_idx" ON "requirement_templates" USING btree ("type");--> statement-breakpoint
CREATE INDEX "requirements_company_status_idx" ON "requirements" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "requirements_company_sent_idx" ON "requirements" USING btree ("company_id","sent_on");