CREATE TABLE "report_proposal_totals" (
	"year" smallint,
	"status" "proposal_status" NOT NULL,
	"grantor_id" integer,
	"program_id" integer,
	"reached" text[] NOT NULL,
	"open_status" text,
	"count" integer DEFAULT 0 NOT NULL,
	"transfer_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"global_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"days_cadastrada" numeric DEFAULT '0' NOT NULL,
	"days_enviada_analise" numeric DEFAULT '0' NOT NULL,
	"days_em_analise" numeric DEFAULT '0' NOT NULL,
	"days_complementacao_solicitada" numeric DEFAULT '0' NOT NULL,
	"days_complementacao_enviada" numeric DEFAULT '0' NOT NULL,
	"days_aprovada" numeric DEFAULT '0' NOT NULL,
	"open_since_epoch" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_proposal_totals_key" UNIQUE NULLS NOT DISTINCT("year","status","grantor_id","program_id","reached","open_status")
);
