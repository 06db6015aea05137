CREATE TABLE "store_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"fulfillment_order_id" text NOT NULL,
	"shipment_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"activation_id" text NOT NULL,
	"fulfillment_id" text,
	"fulfilled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_fulfillment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"activation_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"happened_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "store_saved_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_account_id" integer NOT NULL,
	"fulfillment_order_id" text NOT NULL,
	"saved" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_activations" ADD CONSTRAINT "store_activations_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_activations" ADD CONSTRAINT "store_activations_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_fulfillment_events" ADD CONSTRAINT "store_fulfillment_events_activation_id_store_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."store_activations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_saved_orders" ADD CONSTRAINT "store_saved_orders_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_activations_key" ON "store_activations" USING btree ("store_account_id","fulfillment_order_id");--> statement-breakpoint
CREATE INDEX "store_activations_shipment_idx" ON "store_activations" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_fulfillment_events_key" ON "store_fulfillment_events" USING btree ("activation_id","status");--> statement-breakpoint
CREATE INDEX "store_fulfillment_events_pending_idx" ON "store_fulfillment_events" USING btree ("id") WHERE "store_fulfillment_events"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_saved_orders_key" ON "store_saved_orders" USING btree ("store_account_id","fulfillment_order_id");--> statement-breakpoint
CREATE INDEX "shipments_awb_idx" ON "shipments" USING btree ("awb") WHERE "shipments"."awb" is not null;