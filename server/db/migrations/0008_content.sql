CREATE TYPE "public"."category_scope" AS ENUM('blog', 'legislation', 'model', 'tutorial', 'link');--> statement-breakpoint
CREATE TYPE "public"."legislation_kind" AS ENUM('CF', 'EC', 'LC', 'LEI', 'DECRETO', 'PORTARIA', 'PORTARIA_CONJUNTA', 'IN', 'RESOLUCAO', 'ACORDAO', 'NOTA_TECNICA');--> statement-breakpoint
CREATE TYPE "public"."legislation_sphere" AS ENUM('FEDERAL', 'ESTADUAL', 'MUNICIPAL');--> statement-breakpoint
CREATE TYPE "public"."legislation_status" AS ENUM('VIGENTE', 'REVOGADA', 'ALTERADA');--> statement-breakpoint
CREATE TYPE "public"."post_status" AS ENUM('RASCUNHO', 'PUBLICADO');--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"excerpt" varchar(500) NOT NULL,
	"body" text NOT NULL,
	"cover_url" text,
	"category_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "post_status" DEFAULT 'RASCUNHO' NOT NULL,
	"published_at" timestamp with time zone,
	"author_name" varchar(200),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" "category_scope" NOT NULL,
	"name" varchar(80) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"color" varchar(7) DEFAULT '#1677ff' NOT NULL,
	"order" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legislations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legislations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "legislation_kind" NOT NULL,
	"number" varchar(40) NOT NULL,
	"year" smallint NOT NULL,
	"date" date,
	"title" varchar(200) NOT NULL,
	"issuer" varchar(200),
	"summary" text NOT NULL,
	"official_url" text,
	"sphere" "legislation_sphere" DEFAULT 'FEDERAL' NOT NULL,
	"status" "legislation_status" DEFAULT 'VIGENTE' NOT NULL,
	"category_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "useful_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "useful_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(160) NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"category_id" integer,
	"order" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legislations" ADD CONSTRAINT "legislations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "useful_links" ADD CONSTRAINT "useful_links_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_status_published_idx" ON "blog_posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "blog_posts_category_idx" ON "blog_posts" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_scope_slug_key" ON "categories" USING btree ("scope","slug");--> statement-breakpoint
CREATE INDEX "categories_scope_order_idx" ON "categories" USING btree ("scope","order");--> statement-breakpoint
CREATE UNIQUE INDEX "legislations_kind_number_year_key" ON "legislations" USING btree ("kind","number","year");--> statement-breakpoint
CREATE INDEX "legislations_date_idx" ON "legislations" USING btree ("date");--> statement-breakpoint
CREATE INDEX "legislations_category_idx" ON "legislations" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "useful_links_order_idx" ON "useful_links" USING btree ("order");--> statement-breakpoint
CREATE INDEX "useful_links_category_idx" ON "useful_links" USING btree ("category_id");