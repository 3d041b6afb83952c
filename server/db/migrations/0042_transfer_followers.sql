CREATE TABLE "transfer_followers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_followers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"imposition_transfer_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"notified_state" jsonb,
	"notified_hash" varchar(64),
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_followers_status" CHECK ("transfer_followers"."status" in ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED'))
);
--> statement-breakpoint
ALTER TABLE "transfer_followers" ADD CONSTRAINT "transfer_followers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_followers" ADD CONSTRAINT "transfer_followers_transfer_fk" FOREIGN KEY ("imposition_transfer_id","company_id") REFERENCES "public"."imposition_transfers"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_followers_transfer_email_key" ON "transfer_followers" USING btree ("imposition_transfer_id","email");--> statement-breakpoint
CREATE INDEX "transfer_followers_confirmed_idx" ON "transfer_followers" USING btree ("status","imposition_transfer_id");