ALTER TABLE "shipments" ADD COLUMN "store_account_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "store_order_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "store_order_name" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "store_fulfillment_order_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_store_created_idx" ON "shipments" USING btree ("store_account_id","status","created_at") WHERE "shipments"."store_account_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_store_order_idx" ON "shipments" USING btree ("store_account_id","store_order_id") WHERE "shipments"."store_account_id" is not null;