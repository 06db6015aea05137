CREATE TABLE "store_order_cod" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_account_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"fulfillment_order_id" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_order_cod" ADD CONSTRAINT "store_order_cod_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_order_cod_key" ON "store_order_cod" USING btree ("store_account_id","order_id");