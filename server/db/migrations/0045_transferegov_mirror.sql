CREATE TABLE "transferegov_mirror_rows" (
	"table_name" text NOT NULL,
	"row_key" text NOT NULL,
	"parent_key" text,
	"position" bigint NOT NULL,
	"source_version" text NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "transferegov_mirror_rows_table_name_row_key_pk" PRIMARY KEY("table_name","row_key")
);
--> statement-breakpoint
CREATE TABLE "transferegov_mirror_tables" (
	"table_name" text PRIMARY KEY NOT NULL,
	"source_version" text NOT NULL,
	"next_page" integer DEFAULT 1 NOT NULL,
	"total_pages" integer,
	"total_items" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_refused" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transferegov_mirror_rows_parent_idx" ON "transferegov_mirror_rows" USING btree ("table_name","parent_key");