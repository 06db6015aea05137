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
	"word" text COLLATE "C" NOT NULL,
	"prev_word" text COLLATE "C" NOT NULL,
	"name_key" text NOT NULL,
	"search_words" text NOT NULL,
	CONSTRAINT "customer_name_words_pk" PRIMARY KEY("customer_id","word")
);
--> statement-breakpoint
CREATE TABLE "customer_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
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
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_shipments" ADD CONSTRAINT "customer_shipments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_user_name_idx" ON "customers" USING btree ("user_id","name_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_identification_key" ON "customers" USING btree ("user_id","identification_key") WHERE "customers"."identification_key" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "customers_contact_key" ON "customers" USING btree ("user_id","name_key","phone") WHERE "customers"."identification_key" = '' and "customers"."phone" <> '';--> statement-breakpoint
CREATE INDEX "customer_name_words_prefix_idx" ON "customer_name_words" USING btree ("user_id","word","name_key","customer_id") INCLUDE ("prev_word","search_words");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_shipments_shipment_key" ON "customer_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "customer_shipments_customer_idx" ON "customer_shipments" USING btree ("customer_id","shipped_at","shipment_id");--> statement-breakpoint
-- The words of a name, from its search_words (the application's searchWords: lower case, no
-- diacritics, ' word word '), each with the word before it in byte order (the words starting with a
-- prefix are consecutive in that order: a customer is counted once, at its first such word), the
-- name's sort key and all its words. A search reads its page, in order, and its count from this
-- table's index alone. Rewritten whenever the name changes.
CREATE FUNCTION customer_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.search_words IS NOT DISTINCT FROM OLD.search_words AND NEW.name_key IS NOT DISTINCT FROM OLD.name_key THEN RETURN NULL; END IF;
    DELETE FROM customer_name_words WHERE customer_id = NEW.id;
  END IF;
  INSERT INTO customer_name_words (customer_id, user_id, word, prev_word, name_key, search_words)
  SELECT NEW.id, NEW.user_id, d.w, coalesce(lag(d.w) OVER (ORDER BY d.w), ''), NEW.name_key, NEW.search_words
  FROM (SELECT DISTINCT w COLLATE "C" AS w FROM regexp_split_to_table(btrim(NEW.search_words), ' +') AS w WHERE w <> '') d
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_name_words AFTER INSERT OR UPDATE OF search_words, name_key ON customers FOR EACH ROW EXECUTE FUNCTION customer_name_words_sync();
--> statement-breakpoint
-- Each client's number of customers (the unsearched list's count), kept by statement-level
-- triggers: one aggregated upsert per writing statement, clients in key order.
CREATE FUNCTION customer_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts AS t (user_id, customers)
  SELECT user_id, count(*) FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET customers = t.customers + excluded.customers;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts t SET customers = t.customers - d.n
  FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id ORDER BY user_id) d WHERE t.user_id = d.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_count_add AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_add();
--> statement-breakpoint
CREATE TRIGGER customers_count_remove AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_remove();
