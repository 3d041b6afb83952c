CREATE TYPE "public"."grantor_kind" AS ENUM('MINISTERIO', 'SECRETARIA', 'FUNDO', 'AUTARQUIA', 'FUNDACAO');--> statement-breakpoint
CREATE TYPE "public"."grantor_sphere" AS ENUM('FEDERAL', 'ESTADUAL');--> statement-breakpoint
CREATE TYPE "public"."program_modality" AS ENUM('CONVENIO', 'CONTRATO_DE_REPASSE', 'TERMO_DE_FOMENTO', 'TERMO_DE_COLABORACAO', 'FUNDO_A_FUNDO');--> statement-breakpoint
CREATE TYPE "public"."program_situation" AS ENUM('CADASTRADO', 'DISPONIBILIZADO', 'INATIVO');--> statement-breakpoint
CREATE TYPE "public"."proposal_modality" AS ENUM('CONVENIO', 'CONTRATO_DE_REPASSE', 'TERMO_DE_FOMENTO', 'TERMO_DE_COLABORACAO');--> statement-breakpoint
CREATE TYPE "public"."proposal_status" AS ENUM('CADASTRADA', 'ENVIADA_ANALISE', 'EM_ANALISE', 'COMPLEMENTACAO_SOLICITADA', 'COMPLEMENTACAO_ENVIADA', 'APROVADA', 'REJEITADA', 'CANCELADA', 'CONVENIADA');--> statement-breakpoint
CREATE TABLE "grantors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grantors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"siafi_code" varchar(6) NOT NULL,
	"superior_code" varchar(6),
	"acronym" varchar(20) NOT NULL,
	"name" varchar(200) NOT NULL,
	"cnpj" varchar(14),
	"sphere" "grantor_sphere" DEFAULT 'FEDERAL' NOT NULL,
	"kind" "grantor_kind" NOT NULL,
	"parent_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grantors_not_own_parent" CHECK ("grantors"."parent_id" <> "grantors"."id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(13) NOT NULL,
	"name" varchar(250) NOT NULL,
	"year" smallint NOT NULL,
	"modality" "program_modality" NOT NULL,
	"situation" "program_situation" DEFAULT 'DISPONIBILIZADO' NOT NULL,
	"legal_nature" varchar(120),
	"budget_action" varchar(20),
	"policy_area" varchar(80),
	"grantor_id" integer NOT NULL,
	"objective" text,
	"global_value" numeric(15, 2),
	"enabled_ufs" varchar(2)[] DEFAULT '{}'::varchar[] NOT NULL,
	"beneficiary_cnpjs" varchar(14)[] DEFAULT '{}'::varchar[] NOT NULL,
	"voluntary_start" date,
	"voluntary_end" date,
	"amendment_start" date,
	"amendment_end" date,
	"specific_start" date,
	"specific_end" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_voluntary_order" CHECK ("programs"."voluntary_end" >= "programs"."voluntary_start"),
	CONSTRAINT "programs_amendment_order" CHECK ("programs"."amendment_end" >= "programs"."amendment_start"),
	CONSTRAINT "programs_specific_order" CHECK ("programs"."specific_end" >= "programs"."specific_start")
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"nr_proposal" varchar(11) NOT NULL,
	"proponent_cnpj" varchar(14) NOT NULL,
	"proponent_name" varchar(200) NOT NULL,
	"program_id" integer,
	"grantor_id" integer,
	"modality" "proposal_modality" NOT NULL,
	"object" text NOT NULL,
	"status" "proposal_status" DEFAULT 'CADASTRADA' NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proposal_date" date,
	"validity_start" date,
	"validity_end" date,
	"global_value" numeric(15, 2) NOT NULL,
	"transfer_value" numeric(15, 2) NOT NULL,
	"counterpart_value" numeric(15, 2) NOT NULL,
	"amendments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_name" varchar(120),
	"agency" varchar(10),
	"account" varchar(20),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_validity_order" CHECK ("proposals"."validity_end" >= "proposals"."validity_start")
);
--> statement-breakpoint
ALTER TABLE "grantors" ADD CONSTRAINT "grantors_parent_id_grantors_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."grantors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_grantor_id_grantors_id_fk" FOREIGN KEY ("grantor_id") REFERENCES "public"."grantors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_grantor_id_grantors_id_fk" FOREIGN KEY ("grantor_id") REFERENCES "public"."grantors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grantors_siafi_code_key" ON "grantors" USING btree ("siafi_code");--> statement-breakpoint
CREATE INDEX "grantors_parent_idx" ON "grantors" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_code_key" ON "programs" USING btree ("code");--> statement-breakpoint
CREATE INDEX "programs_grantor_idx" ON "programs" USING btree ("grantor_id");--> statement-breakpoint
CREATE INDEX "programs_enabled_ufs_idx" ON "programs" USING gin ("enabled_ufs");--> statement-breakpoint
CREATE INDEX "programs_voluntary_window_idx" ON "programs" USING btree ("voluntary_end","voluntary_start");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_company_nr_entity_key" ON "proposals" USING btree ("company_id","nr_proposal","proponent_cnpj");--> statement-breakpoint
CREATE INDEX "proposals_company_status_idx" ON "proposals" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "proposals_program_idx" ON "proposals" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "proposals_grantor_idx" ON "proposals" USING btree ("grantor_id");