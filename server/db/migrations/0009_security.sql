CREATE TYPE "public"."log_source" AS ENUM('SESSION', 'ANONYMOUS');--> statement-breakpoint
CREATE TABLE "uploads" (
	"storage_path" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer,
	"company_id" integer,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "source" "log_source" DEFAULT 'SESSION' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_pending_idx" ON "uploads" USING btree ("company_id","created_at") WHERE "uploads"."attached_at" is null;