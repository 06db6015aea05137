CREATE TABLE "store_packing_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_account_id" integer NOT NULL,
	"products_key" text NOT NULL,
	"packing" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_packing_configurations" ADD CONSTRAINT "store_packing_configurations_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_packing_configurations_key" ON "store_packing_configurations" USING btree ("store_account_id","products_key");