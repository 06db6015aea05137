CREATE TABLE "efactura_sim_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"certificate" text NOT NULL,
	"represented_cui" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "efactura_sim_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"certificate" text NOT NULL,
	"represented_cui" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "efactura_sim_codes_expiry_idx" ON "efactura_sim_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "efactura_sim_tokens_code_idx" ON "efactura_sim_tokens" USING btree ("code_hash");