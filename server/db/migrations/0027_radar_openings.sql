CREATE TABLE "program_openings" (
	"program_id" integer NOT NULL,
	"uf" varchar(2) NOT NULL,
	"kind" varchar(9) NOT NULL,
	"starts" date NOT NULL,
	"ends" date NOT NULL,
	"named_only" boolean NOT NULL,
	"code" varchar(13) NOT NULL,
	"grantor_id" integer NOT NULL,
	"modality" "program_modality" NOT NULL,
	"policy_area" varchar(80),
	"global_value" numeric(15, 2),
	CONSTRAINT "program_openings_uf_program_id_kind_pk" PRIMARY KEY("uf","program_id","kind")
);
--> statement-breakpoint
ALTER TABLE "program_openings" ADD CONSTRAINT "program_openings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_openings_program_idx" ON "program_openings" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "programs_beneficiary_cnpjs_idx" ON "programs" USING gin ("beneficiary_cnpjs");