CREATE TABLE "geo_street_names" (
	"id" integer PRIMARY KEY NOT NULL,
	"locality_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"street_name_norm" text NOT NULL,
	"search_words" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "geo_localities_postal_idx";--> statement-breakpoint
DROP INDEX "geo_streets_postal_idx";--> statement-breakpoint
ALTER TABLE "geo_street_names" ADD CONSTRAINT "geo_street_names_locality_id_geo_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."geo_localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_street_names_locality_idx" ON "geo_street_names" USING btree ("locality_id","street_name_norm");--> statement-breakpoint
CREATE INDEX "geo_localities_postal_id_idx" ON "geo_localities" USING btree ("postal_code","id");--> statement-breakpoint
CREATE INDEX "geo_streets_postal_locality_idx" ON "geo_streets" USING btree ("postal_code","locality_id");