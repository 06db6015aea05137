-- Issue 27, the customer search's speed: each client's number of customers per 1-4 letter prefix of
-- a word of their names ('ma': the customers with a word starting with 'ma', each counted once), so
-- the count of a one-word search of up to 4 letters is one row instead of a range of thousands of
-- index entries. Kept by the row trigger that writes customer_name_words: on insert, rename
-- (search_words) and delete, one upsert per customer and changed prefix. The writes start with an
-- advisory lock per client (held to the end of the transaction), so writers of the same client never
-- take the same prefixes in different orders (a multi-row insert, or a batch of several customers).
-- Customers written while this runs wait for it (the lock below), so the fill misses none.
LOCK TABLE "customers" IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "customer_prefix_counts" (
	"user_id" integer NOT NULL,
	"prefix" text COLLATE "C" NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_prefix_counts_pk" PRIMARY KEY("user_id","prefix")
);
--> statement-breakpoint
ALTER TABLE "customer_prefix_counts" ADD CONSTRAINT "customer_prefix_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The distinct 1-4 letter prefixes of the words of a search_words (' stefan pop ': s, st, ste, stef,
-- p, po, pop). A loop, not a query of set-returning functions: those are planned for a thousand rows
-- each (a hash table sized for them, per customer), which made the trigger ten times slower.
CREATE FUNCTION customer_name_prefixes(search_words text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  p text;
  prefixes text[] := '{}';
BEGIN
  FOREACH w IN ARRAY string_to_array(btrim(search_words), ' ') LOOP
    CONTINUE WHEN w = '';
    FOR n IN 1 .. least(4, length(w)) LOOP
      p := left(w, n);
      IF NOT p = ANY(prefixes) THEN prefixes := prefixes || p; END IF;
    END LOOP;
  END LOOP;
  RETURN prefixes;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  had text[] := '{}';
  has text[] := '{}';
  lost text[];
  gained text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.search_words IS NOT DISTINCT FROM OLD.search_words AND NEW.name_key IS NOT DISTINCT FROM OLD.name_key AND NEW.user_id = OLD.user_id THEN RETURN NULL; END IF;
    DELETE FROM customer_name_words WHERE customer_id = NEW.id;
  END IF;
  -- The prefix counts: the clients' locks in key order, then the prefixes the row lost and gained
  -- (a rename within a client touches only the prefixes that changed).
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock(hashtext('customer-prefix-counts'), NEW.user_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock(hashtext('customer-prefix-counts'), OLD.user_id);
  ELSE
    PERFORM pg_advisory_xact_lock(hashtext('customer-prefix-counts'), least(OLD.user_id, NEW.user_id));
    PERFORM pg_advisory_xact_lock(hashtext('customer-prefix-counts'), greatest(OLD.user_id, NEW.user_id));
  END IF;
  IF TG_OP <> 'INSERT' THEN had := customer_name_prefixes(OLD.search_words); END IF;
  IF TG_OP <> 'DELETE' THEN has := customer_name_prefixes(NEW.search_words); END IF;
  lost := had;
  gained := has;
  IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id THEN
    lost := ARRAY(SELECT p FROM unnest(had) AS p WHERE NOT p = ANY(has));
    gained := ARRAY(SELECT p FROM unnest(has) AS p WHERE NOT p = ANY(had));
  END IF;
  IF cardinality(lost) > 0 THEN
    UPDATE customer_prefix_counts t SET customers = t.customers - 1 WHERE t.user_id = OLD.user_id AND t.prefix = ANY(lost);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  IF cardinality(gained) > 0 THEN
    INSERT INTO customer_prefix_counts AS t (user_id, prefix, customers)
    SELECT NEW.user_id, p, 1 FROM unnest(gained) AS p ORDER BY p
    ON CONFLICT (user_id, prefix) DO UPDATE SET customers = t.customers + 1;
  END IF;
  INSERT INTO customer_name_words (customer_id, user_id, word, prev_word, name_key, search_words)
  SELECT NEW.id, NEW.user_id, d.w, coalesce(lag(d.w) OVER (ORDER BY d.w), ''), NEW.name_key, NEW.search_words
  FROM (SELECT DISTINCT w COLLATE "C" AS w FROM regexp_split_to_table(btrim(NEW.search_words), ' +') AS w WHERE w <> '') d
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "customers_name_words" ON "customers";
--> statement-breakpoint
CREATE TRIGGER customers_name_words AFTER INSERT OR DELETE OR UPDATE OF search_words, name_key, user_id ON customers FOR EACH ROW EXECUTE FUNCTION customer_name_words_sync();
--> statement-breakpoint
-- The customers already in the books.
INSERT INTO customer_prefix_counts (user_id, prefix, customers)
SELECT c.user_id, p, count(*)
FROM customers c, unnest(customer_name_prefixes(c.search_words)) AS p
GROUP BY c.user_id, p;
