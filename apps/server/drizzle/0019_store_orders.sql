CREATE TABLE "store_location_associations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_account_id" integer NOT NULL,
	"location_id" text NOT NULL,
	"address_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_checks" (
	"store_account_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"order_updated_at" text NOT NULL,
	"needs_address_fix" boolean NOT NULL,
	"needs_contact_fix" boolean NOT NULL,
	"ready_for_activation" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_checks_store_account_id_order_id_pk" PRIMARY KEY("store_account_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "store_product_dimensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_account_id" integer NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text,
	"sku" text,
	"name" text NOT NULL,
	"weight" double precision,
	"width" double precision NOT NULL,
	"length" double precision NOT NULL,
	"height" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_sim_fulfillment_orders" (
	"shop" text NOT NULL,
	"fulfillment_order_id" text NOT NULL,
	"order_id" text NOT NULL,
	"fulfillment_order" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_sim_fulfillment_orders_shop_fulfillment_order_id_pk" PRIMARY KEY("shop","fulfillment_order_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_sim_orders" (
	"shop" text NOT NULL,
	"number" integer NOT NULL,
	"order" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_sim_orders_shop_number_pk" PRIMARY KEY("shop","number")
);
--> statement-breakpoint
CREATE TABLE "shopify_sim_webhooks" (
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"callback_url" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_sim_webhooks_shop_topic_callback_url_pk" PRIMARY KEY("shop","topic","callback_url")
);
--> statement-breakpoint
ALTER TABLE "store_location_associations" ADD CONSTRAINT "store_location_associations_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_location_associations" ADD CONSTRAINT "store_location_associations_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_checks" ADD CONSTRAINT "store_order_checks_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_dimensions" ADD CONSTRAINT "store_product_dimensions_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_location_associations_key" ON "store_location_associations" USING btree ("store_account_id","location_id");--> statement-breakpoint
CREATE INDEX "store_location_associations_address_idx" ON "store_location_associations" USING btree ("address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_product_dimensions_key" ON "store_product_dimensions" USING btree ("store_account_id","variant_id");--> statement-breakpoint
CREATE INDEX "shopify_sim_fulfillment_orders_order_idx" ON "shopify_sim_fulfillment_orders" USING btree ("shop","order_id");