CREATE TABLE "proposal_facts" (
	"proposal_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" smallint,
	"status" "proposal_status" NOT NULL,
	"grantor_id" integer,
	"program_id" integer,
	"transfer_value" numeric(15, 2) NOT NULL,
	"global_value" numeric(15, 2) NOT NULL,
	"proposal_date" date,
	"reached" text[] NOT NULL,
	"days_cadastrada" double precision NOT NULL,
	"days_enviada_analise" double precision NOT NULL,
	"days_em_analise" double precision NOT NULL,
	"days_complementacao_solicitada" double precision NOT NULL,
	"days_complementacao_enviada" double precision NOT NULL,
	"days_aprovada" double precision NOT NULL,
	"open_status" text,
	"open_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proposal_facts" ADD CONSTRAINT "proposal_facts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_facts_company_idx" ON "proposal_facts" USING btree ("company_id","year");--> statement-breakpoint
CREATE INDEX "proposal_facts_date_idx" ON "proposal_facts" USING btree ("proposal_date" DESC NULLS LAST,"proposal_id" DESC NULLS LAST);