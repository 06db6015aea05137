-- Issue 24: the Shopify simulator's outage of a shop's fulfillments, shared by every instance.
CREATE TABLE IF NOT EXISTS "shopify_sim_outages" (
	"shop" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
