CREATE TABLE "store_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text DEFAULT 'shopify' NOT NULL,
	"shop" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"access_token_enc" text,
	"scopes" text DEFAULT '' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	"disconnect_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"shop" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_webhook_deliveries" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_sim_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shopify_sim_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_accounts" ADD CONSTRAINT "store_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_accounts_user_shop_key" ON "store_accounts" USING btree ("user_id","shop");--> statement-breakpoint
CREATE INDEX "store_accounts_shop_idx" ON "store_accounts" USING btree ("shop");--> statement-breakpoint
CREATE INDEX "store_authorizations_expiry_idx" ON "store_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "store_webhook_deliveries_received_idx" ON "store_webhook_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "shopify_sim_codes_expiry_idx" ON "shopify_sim_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shopify_sim_tokens_shop_idx" ON "shopify_sim_tokens" USING btree ("shop");