CREATE TABLE "invoice_daily_totals" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"seller_code" text NOT NULL,
	"kind" text NOT NULL,
	"total_bani" bigint NOT NULL,
	"postpaid_bani" bigint NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "invoice_daily_totals_user_id_day_seller_code_kind_pk" PRIMARY KEY("user_id","day","seller_code","kind")
);
--> statement-breakpoint
CREATE TABLE "ledger_daily_totals" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"invoiced" boolean NOT NULL,
	"amount_bani" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_daily_totals_user_id_day_kind_invoiced_pk" PRIMARY KEY("user_id","day","kind","invoiced")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "postpaid_bani" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_daily_totals" ADD CONSTRAINT "invoice_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD CONSTRAINT "ledger_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The balance views' sums per client and Bucharest day, kept by statement-level triggers (one
-- aggregated upsert per writing statement). Rows are taken in key order, so two statements never
-- lock the same rows in opposite orders.
CREATE FUNCTION ledger_daily_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_daily_totals AS t (user_id, day, kind, invoiced, amount_bani, entries)
  SELECT user_id, day, kind, invoiced, sum(amount_bani), sum(entries) FROM (
    SELECT n.user_id, (n.created_at AT TIME ZONE 'Europe/Bucharest')::date AS day, n.kind, n.invoice_id IS NOT NULL AS invoiced, n.amount_bani, 1 AS entries
    FROM new_rows n
  ) d GROUP BY user_id, day, kind, invoiced ORDER BY user_id, day, kind, invoiced
  ON CONFLICT (user_id, day, kind, invoiced) DO UPDATE SET amount_bani = t.amount_bani + excluded.amount_bani, entries = t.entries + excluded.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_daily_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_daily_totals AS t (user_id, day, kind, invoiced, amount_bani, entries)
  SELECT user_id, day, kind, invoiced, sum(amount_bani), sum(entries) FROM (
    SELECT n.user_id, (n.created_at AT TIME ZONE 'Europe/Bucharest')::date AS day, n.kind, n.invoice_id IS NOT NULL AS invoiced, n.amount_bani, 1 AS entries
    FROM new_rows n
    UNION ALL
    SELECT o.user_id, (o.created_at AT TIME ZONE 'Europe/Bucharest')::date, o.kind, o.invoice_id IS NOT NULL, -o.amount_bani, -1
    FROM old_rows o
  ) d GROUP BY user_id, day, kind, invoiced ORDER BY user_id, day, kind, invoiced
  ON CONFLICT (user_id, day, kind, invoiced) DO UPDATE SET amount_bani = t.amount_bani + excluded.amount_bani, entries = t.entries + excluded.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_daily_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_daily_totals t SET amount_bani = t.amount_bani - d.amount_bani, entries = t.entries - d.entries
  FROM (
    SELECT user_id, (created_at AT TIME ZONE 'Europe/Bucharest')::date AS day, kind, invoice_id IS NOT NULL AS invoiced, sum(amount_bani) AS amount_bani, count(*) AS entries
    FROM old_rows GROUP BY 1, 2, 3, 4
  ) d
  WHERE t.user_id = d.user_id AND t.day = d.day AND t.kind = d.kind AND t.invoiced = d.invoiced;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_daily_totals_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_totals_add();
--> statement-breakpoint
CREATE TRIGGER ledger_daily_totals_update AFTER UPDATE ON ledger_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_totals_change();
--> statement-breakpoint
CREATE TRIGGER ledger_daily_totals_delete AFTER DELETE ON ledger_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_totals_remove();
--> statement-breakpoint
CREATE FUNCTION invoice_daily_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_daily_totals AS t (user_id, day, seller_code, kind, total_bani, postpaid_bani, documents)
  SELECT user_id, day, seller_code, kind, sum(total_bani), sum(postpaid_bani), sum(documents) FROM (
    SELECT n.user_id, (n.issued_at AT TIME ZONE 'Europe/Bucharest')::date AS day, coalesce(n.seller->>'identificationCode', '') AS seller_code, n.kind,
      n.total_bani, n.postpaid_bani, 1 AS documents
    FROM new_rows n
  ) d GROUP BY user_id, day, seller_code, kind ORDER BY user_id, day, seller_code, kind
  ON CONFLICT (user_id, day, seller_code, kind) DO UPDATE
    SET total_bani = t.total_bani + excluded.total_bani, postpaid_bani = t.postpaid_bani + excluded.postpaid_bani, documents = t.documents + excluded.documents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION invoice_daily_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_daily_totals AS t (user_id, day, seller_code, kind, total_bani, postpaid_bani, documents)
  SELECT user_id, day, seller_code, kind, sum(total_bani), sum(postpaid_bani), sum(documents) FROM (
    SELECT n.user_id, (n.issued_at AT TIME ZONE 'Europe/Bucharest')::date AS day, coalesce(n.seller->>'identificationCode', '') AS seller_code, n.kind,
      n.total_bani, n.postpaid_bani, 1 AS documents
    FROM new_rows n
    UNION ALL
    SELECT o.user_id, (o.issued_at AT TIME ZONE 'Europe/Bucharest')::date, coalesce(o.seller->>'identificationCode', ''), o.kind,
      -o.total_bani, -o.postpaid_bani, -1
    FROM old_rows o
  ) d GROUP BY user_id, day, seller_code, kind ORDER BY user_id, day, seller_code, kind
  ON CONFLICT (user_id, day, seller_code, kind) DO UPDATE
    SET total_bani = t.total_bani + excluded.total_bani, postpaid_bani = t.postpaid_bani + excluded.postpaid_bani, documents = t.documents + excluded.documents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION invoice_daily_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_daily_totals t SET total_bani = t.total_bani - d.total_bani, postpaid_bani = t.postpaid_bani - d.postpaid_bani, documents = t.documents - d.documents
  FROM (
    SELECT user_id, (issued_at AT TIME ZONE 'Europe/Bucharest')::date AS day, coalesce(seller->>'identificationCode', '') AS seller_code, kind,
      sum(total_bani) AS total_bani, sum(postpaid_bani) AS postpaid_bani, count(*) AS documents
    FROM old_rows GROUP BY 1, 2, 3, 4
  ) d
  WHERE t.user_id = d.user_id AND t.day = d.day AND t.seller_code = d.seller_code AND t.kind = d.kind;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_daily_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_daily_totals_add();
--> statement-breakpoint
CREATE TRIGGER invoice_daily_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_daily_totals_change();
--> statement-breakpoint
CREATE TRIGGER invoice_daily_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_daily_totals_remove();
--> statement-breakpoint
-- An invoice's postpaid part follows the charges it covers or reverses: recomputed for every
-- invoice a statement on billable_charges touched (advances have none), by one function.
CREATE FUNCTION invoice_postpaid_recompute(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE invoices i SET postpaid_bani = p.amount
  FROM (
    SELECT x.id, coalesce((
      SELECT sum(CASE WHEN bc.credit_note_id = x.id THEN -bc.amount_bani ELSE bc.amount_bani END)
      FROM billable_charges bc JOIN shipments s ON s.id = bc.shipment_id
      WHERE (bc.invoice_id = x.id OR bc.credit_note_id = x.id) AND s.payment_type = 'postpaid'), 0) AS amount
    FROM unnest(ids) AS x(id)
  ) p
  WHERE i.id = p.id AND i.kind <> 'prepay' AND i.postpaid_bani IS DISTINCT FROM p.amount;
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_postpaid_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_postpaid_recompute(ARRAY(
    SELECT invoice_id FROM changed_rows WHERE invoice_id IS NOT NULL
    UNION SELECT credit_note_id FROM changed_rows WHERE credit_note_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION invoice_postpaid_refresh_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_postpaid_recompute(ARRAY(
    SELECT invoice_id FROM new_rows WHERE invoice_id IS NOT NULL
    UNION SELECT credit_note_id FROM new_rows WHERE credit_note_id IS NOT NULL
    UNION SELECT invoice_id FROM old_rows WHERE invoice_id IS NOT NULL
    UNION SELECT credit_note_id FROM old_rows WHERE credit_note_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_postpaid_insert AFTER INSERT ON billable_charges REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_postpaid_refresh();
--> statement-breakpoint
CREATE TRIGGER invoice_postpaid_delete AFTER DELETE ON billable_charges REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_postpaid_refresh();
--> statement-breakpoint
CREATE TRIGGER invoice_postpaid_update AFTER UPDATE ON billable_charges REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_postpaid_refresh_update();
--> statement-breakpoint
-- What is already there.
SELECT invoice_postpaid_recompute(ARRAY(SELECT id FROM invoices WHERE kind <> 'prepay'));
--> statement-breakpoint
INSERT INTO ledger_daily_totals (user_id, day, kind, invoiced, amount_bani, entries)
SELECT user_id, (created_at AT TIME ZONE 'Europe/Bucharest')::date, kind, invoice_id IS NOT NULL, sum(amount_bani), count(*)
FROM ledger_entries GROUP BY 1, 2, 3, 4
ON CONFLICT (user_id, day, kind, invoiced) DO NOTHING;
--> statement-breakpoint
DELETE FROM invoice_daily_totals;
--> statement-breakpoint
INSERT INTO invoice_daily_totals (user_id, day, seller_code, kind, total_bani, postpaid_bani, documents)
SELECT user_id, (issued_at AT TIME ZONE 'Europe/Bucharest')::date, coalesce(seller->>'identificationCode', ''), kind, sum(total_bani), sum(postpaid_bani), count(*)
FROM invoices GROUP BY 1, 2, 3, 4;
