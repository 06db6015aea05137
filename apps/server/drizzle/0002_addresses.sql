CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"short_name" text NOT NULL,
	"contact_company" text,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_phone2" text,
	"contact_email" text,
	"country_code" text DEFAULT 'RO' NOT NULL,
	"county_code" text NOT NULL,
	"county" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"street" text,
	"number" text,
	"block" text,
	"entrance" text,
	"intercom" text,
	"floor" text,
	"apartment" text,
	"additional_info" text,
	"type" smallint DEFAULT 1 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_counties" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_localities" (
	"id" integer PRIMARY KEY NOT NULL,
	"county_code" text NOT NULL,
	"name" text NOT NULL,
	"up_locality" text,
	"name_norm" text NOT NULL,
	"search_words" text NOT NULL,
	"postal_code" text NOT NULL,
	"location_type" text NOT NULL,
	"population" integer,
	"latitude" text,
	"longitude" text
);
--> statement-breakpoint
CREATE TABLE "geo_streets" (
	"id" integer PRIMARY KEY NOT NULL,
	"locality_id" integer NOT NULL,
	"street_type" text NOT NULL,
	"street_name" text NOT NULL,
	"full_name" text NOT NULL,
	"full_name_norm" text NOT NULL,
	"search_words" text NOT NULL,
	"numbers" text NOT NULL,
	"postal_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_localities" ADD CONSTRAINT "geo_localities_county_code_geo_counties_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."geo_counties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_streets" ADD CONSTRAINT "geo_streets_locality_id_geo_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."geo_localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "geo_localities_county_idx" ON "geo_localities" USING btree ("county_code","name_norm");--> statement-breakpoint
CREATE INDEX "geo_localities_postal_idx" ON "geo_localities" USING btree ("postal_code");--> statement-breakpoint
CREATE INDEX "geo_streets_locality_idx" ON "geo_streets" USING btree ("locality_id","full_name_norm");--> statement-breakpoint
CREATE INDEX "geo_streets_postal_idx" ON "geo_streets" USING btree ("postal_code");