CREATE TYPE "public"."tutorial_audience" AS ENUM('TODOS', 'GESTORES', 'EQUIPE_TECNICA');--> statement-breakpoint
CREATE TABLE "document_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"description" text,
	"category_id" integer,
	"file_path" text NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"file_size" integer NOT NULL,
	"revision" varchar(20),
	"published_on" date NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutorials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tutorials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) NOT NULL,
	"body" text NOT NULL,
	"video_url" text,
	"order" smallint DEFAULT 0 NOT NULL,
	"audience" "tutorial_audience" DEFAULT 'TODOS' NOT NULL,
	"category_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regularity_items" ADD COLUMN "evidence_path" text;--> statement-breakpoint
ALTER TABLE "regularity_items" ADD COLUMN "evidence_name" varchar(120);--> statement-breakpoint
ALTER TABLE "regularity_items" ADD COLUMN "evidence_type" varchar(120);--> statement-breakpoint
ALTER TABLE "document_models" ADD CONSTRAINT "document_models_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorials" ADD CONSTRAINT "tutorials_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_models_category_idx" ON "document_models" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "document_models_published_idx" ON "document_models" USING btree ("published_on");--> statement-breakpoint
CREATE INDEX "tutorials_order_idx" ON "tutorials" USING btree ("order");--> statement-breakpoint
CREATE INDEX "tutorials_category_idx" ON "tutorials" USING btree ("category_id");