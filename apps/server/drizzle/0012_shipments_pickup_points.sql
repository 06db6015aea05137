CREATE TABLE "courier_sim_awbs" (
	"awb" text PRIMARY KEY NOT NULL,
	"courier_id" text NOT NULL,
	"service_id" text NOT NULL,
	"reference" text NOT NULL,
	"request" jsonb NOT NULL,
	"price_bani" bigint NOT NULL,
	"price_no_vat_bani" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "courier_sim_counters" (
	"courier_id" text PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"courier_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"printer_available" boolean NOT NULL,
	"pick_up_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_orders_count" integer NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"text" text NOT NULL,
	"reason" text,
	"location" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'shipment' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sender" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"packages" jsonb NOT NULL,
	"content" text NOT NULL,
	"client_reference" text,
	"options" jsonb NOT NULL,
	"courier_id" text,
	"service_id" text,
	"service_name" text,
	"point" jsonb,
	"price_no_vat_bani" bigint,
	"price_bani" bigint,
	"awb" text,
	"parcel_count" smallint DEFAULT 1 NOT NULL,
	"estimated_pickup_date" text,
	"payment_type" text,
	"request_key" text,
	"search_text" text DEFAULT '' NOT NULL,
	"extra" jsonb,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_type" text DEFAULT 'prepaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_sim_awbs_reference_key" ON "courier_sim_awbs" USING btree ("courier_id","reference");--> statement-breakpoint
CREATE INDEX "pickup_points_user_idx" ON "pickup_points" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_points_live_key" ON "pickup_points" USING btree ("address_id","courier_id") WHERE "pickup_points"."deleted" <> 2 and "pickup_points"."rejected_at" is null;--> statement-breakpoint
CREATE INDEX "pickup_points_pending_idx" ON "pickup_points" USING btree ("created_at") WHERE not "pickup_points"."enabled" and "pickup_points"."deleted" = 0 and "pickup_points"."rejected_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key" ON "shipment_events" USING btree ("shipment_id","status","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_unique_id_key" ON "shipments" USING btree ("unique_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_key" ON "shipments" USING btree ("courier_id","awb");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_request_key" ON "shipments" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "shipments_user_created_idx" ON "shipments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_user_status_created_idx" ON "shipments" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("status_at") WHERE "shipments"."status" in ('activating', 'created', 'picked_up', 'in_transit', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "shipments_search_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);