CREATE TABLE "card_subscriptions" (
	"identifier" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"payment_amount_bani" bigint NOT NULL,
	"trigger_amount_bani" bigint NOT NULL,
	"card_brand" text,
	"last_digits" text,
	"expiry_date" text,
	"card_token" text,
	"armed" boolean DEFAULT true NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "subscription_identifier" text;--> statement-breakpoint
ALTER TABLE "card_subscriptions" ADD CONSTRAINT "card_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_subscriptions_user_idx" ON "card_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "card_subscriptions_active_idx" ON "card_subscriptions" USING btree ("status","armed");