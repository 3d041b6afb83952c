CREATE TYPE "public"."alert_audience" AS ENUM('ALL', 'CHOSEN');--> statement-breakpoint
CREATE TYPE "public"."alert_severity" AS ENUM('INFO', 'ATENCAO', 'URGENTE');--> statement-breakpoint
CREATE TABLE "alert_reads" (
	"alert_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(160) NOT NULL,
	"message" text NOT NULL,
	"severity" "alert_severity" DEFAULT 'INFO' NOT NULL,
	"audience" "alert_audience" DEFAULT 'ALL' NOT NULL,
	"company_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"link_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_reads_user_idx" ON "alert_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_valid_idx" ON "alerts" USING btree ("valid_from","valid_until");