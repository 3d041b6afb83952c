CREATE TABLE "risk_calendar" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_calendar_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" smallint NOT NULL,
	"impediment_date" date NOT NULL,
	"alert_days" integer DEFAULT 30 NOT NULL,
	"idle_months" integer DEFAULT 3 NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_calendar_alert_days" CHECK ("risk_calendar"."alert_days" between 1 and 180),
	CONSTRAINT "risk_calendar_idle_months" CHECK ("risk_calendar"."idle_months" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "risk_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_key" varchar(80) NOT NULL,
	"author_user_id" integer,
	"author_name" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_handlings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_handlings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_key" varchar(80) NOT NULL,
	"owner_user_id" integer,
	"state" varchar(24) DEFAULT 'OPEN' NOT NULL,
	"snoozed_until" date,
	"done_at" timestamp with time zone,
	"updated_by_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_handlings_snooze" CHECK (("risk_handlings"."state" = 'SNOOZED') = ("risk_handlings"."snoozed_until" is not null))
);
--> statement-breakpoint
ALTER TABLE "risk_comments" ADD CONSTRAINT "risk_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_comments" ADD CONSTRAINT "risk_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_handlings" ADD CONSTRAINT "risk_handlings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_handlings" ADD CONSTRAINT "risk_handlings_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_handlings" ADD CONSTRAINT "risk_handlings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_calendar_year_key" ON "risk_calendar" USING btree ("year");--> statement-breakpoint
CREATE INDEX "risk_comments_item_idx" ON "risk_comments" USING btree ("company_id","item_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_handlings_company_key" ON "risk_handlings" USING btree ("company_id","item_key");--> statement-breakpoint
CREATE INDEX "risk_handlings_owner_idx" ON "risk_handlings" USING btree ("owner_user_id");