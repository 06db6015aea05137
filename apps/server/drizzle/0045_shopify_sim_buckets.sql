CREATE TABLE "shopify_sim_buckets" (
	"shop" text PRIMARY KEY NOT NULL,
	"available" double precision NOT NULL,
	"read_at" timestamp (3) with time zone NOT NULL
);
