-- Issue 27: the customer book. A client's customers, the words of their names (kept by a trigger,
-- for the search by any word's start: 'stef' finds 'Ștefan Pop'), and the shipments to each.
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"search_words" text NOT NULL,
	"country" text DEFAULT 'RO' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"identification" text DEFAULT '' NOT NULL,
	"identification_key" text DEFAULT '' NOT NULL,
	"address" jsonb,
	"city_key" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"shipment_count" integer DEFAULT 0 NOT NULL,
	"last_shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_name_words" (
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "customer_name_words_pk" PRIMARY KEY("customer_id","word")
);
--> statement-breakpoint
CREATE TABLE "customer_shipments" (
	"customer_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_shipments_pk" PRIMARY KEY("customer_id","shipment_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_name_words" ADD CONSTRAINT "customer_name_words_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_shipments" ADD CONSTRAINT "customer_shipments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_user_name_idx" ON "customers" USING btree ("user_id","name_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_identification_key" ON "customers" USING btree ("user_id","identification_key") WHERE "customers"."identification_key" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "customers_contact_key" ON "customers" USING btree ("user_id","name_key","phone") WHERE "customers"."identification_key" = '' and "customers"."phone" <> '';--> statement-breakpoint
CREATE INDEX "customer_name_words_prefix_idx" ON "customer_name_words" USING btree ("user_id","word" text_pattern_ops,"customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_shipments_shipment_key" ON "customer_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "customer_shipments_customer_idx" ON "customer_shipments" USING btree ("customer_id","shipped_at","shipment_id");--> statement-breakpoint
-- The words of a name, from its search_words (the application's searchWords: lower case, no
-- diacritics, ' word word '), rewritten whenever they change.
CREATE FUNCTION customer_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.search_words IS NOT DISTINCT FROM OLD.search_words THEN RETURN NULL; END IF;
    DELETE FROM customer_name_words WHERE customer_id = NEW.id;
  END IF;
  INSERT INTO customer_name_words (customer_id, user_id, word)
  SELECT DISTINCT NEW.id, NEW.user_id, w FROM regexp_split_to_table(btrim(NEW.search_words), ' +') AS w WHERE w <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_name_words AFTER INSERT OR UPDATE OF search_words ON customers FOR EACH ROW EXECUTE FUNCTION customer_name_words_sync();
