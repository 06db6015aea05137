-- Issue 28 §4: the store's own copy of each connected shop: its orders (summary, whole order,
-- verdict and corrected recipient per version) and each shop's sync (backfill progress, locations,
-- the reconciliation's mark). The orders list and the order page read it instead of the shop.
CREATE TABLE IF NOT EXISTS "store_shop_orders" (
	"shop" text NOT NULL,
	"order_id" text NOT NULL,
	"number" bigint,
	"name" text,
	"created_at" timestamp with time zone,
	"version" text,
	"awaiting" boolean DEFAULT false NOT NULL,
	"cash_on_delivery" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"location_ids" text[] DEFAULT '{}' NOT NULL,
	"fulfillment_order_ids" text[] DEFAULT '{}' NOT NULL,
	"needs_address_fix" boolean DEFAULT false NOT NULL,
	"needs_contact_fix" boolean DEFAULT false NOT NULL,
	"ready_for_activation" boolean DEFAULT false NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"summary" jsonb,
	"detail" jsonb,
	"detail_version" text,
	"recipient" jsonb,
	"stale" boolean DEFAULT false NOT NULL,
	"marked_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_shop_orders_shop_order_id_pk" PRIMARY KEY("shop","order_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_shop_orders_awaiting_idx" ON "store_shop_orders" USING btree ("shop","created_at","number") WHERE awaiting;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_shop_orders_stale_idx" ON "store_shop_orders" USING btree ("shop") WHERE stale;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_shop_orders_detail_idx" ON "store_shop_orders" USING btree ("shop","created_at") WHERE awaiting and detail_version is distinct from version;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "store_shop_syncs" (
	"shop" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'BACKFILLING' NOT NULL,
	"cursor" text,
	"copied" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"locations" jsonb,
	"locations_at" timestamp with time zone,
	"reconciled_from" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
