-- Issue 25: the received list's count from daily counts (a year of a company with 100,000 invoices
-- from three suppliers is about 1,100 rows, not 50,000): per company, date kind (the invoice's date,
-- or the e-invoice's day in Bucharest), day, status and seller, kept by a trigger on every insert,
-- status change and delete.
CREATE TABLE IF NOT EXISTS "einvoice_received_days" (
	"billing_entity_id" integer NOT NULL,
	"date_kind" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"seller_identification" text NOT NULL,
	"seller_search" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "einvoice_received_days_pk" PRIMARY KEY("billing_entity_id","date_kind","day","status","seller_identification")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION einvoice_received_days_add(e integer, issue date, msg timestamptz, st text, seller text, search text, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO einvoice_received_days AS d (billing_entity_id, date_kind, day, status, seller_identification, seller_search, n) VALUES (e, 'invoiceDate', issue, st, seller, search, delta)
    ON CONFLICT (billing_entity_id, date_kind, day, status, seller_identification) DO UPDATE SET n = d.n + EXCLUDED.n, seller_search = EXCLUDED.seller_search;
  INSERT INTO einvoice_received_days AS d (billing_entity_id, date_kind, day, status, seller_identification, seller_search, n) VALUES (e, 'eInvoiceDate', (msg AT TIME ZONE 'Europe/Bucharest')::date, st, seller, search, delta)
    ON CONFLICT (billing_entity_id, date_kind, day, status, seller_identification) DO UPDATE SET n = d.n + EXCLUDED.n, seller_search = EXCLUDED.seller_search;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION einvoice_received_days_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM einvoice_received_days_add(OLD.billing_entity_id, OLD.issue_date, OLD.message_at, OLD.status, OLD.seller_identification, OLD.seller_search, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM einvoice_received_days_add(NEW.billing_entity_id, NEW.issue_date, NEW.message_at, NEW.status, NEW.seller_identification, NEW.seller_search, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS einvoice_received_days_trigger ON einvoice_received;--> statement-breakpoint
CREATE TRIGGER einvoice_received_days_trigger AFTER INSERT OR DELETE OR UPDATE OF billing_entity_id, issue_date, message_at, status, seller_identification, seller_search ON einvoice_received
  FOR EACH ROW EXECUTE FUNCTION einvoice_received_days_keep();--> statement-breakpoint
DELETE FROM einvoice_received_days;--> statement-breakpoint
INSERT INTO einvoice_received_days (billing_entity_id, date_kind, day, status, seller_identification, seller_search, n)
  SELECT billing_entity_id, 'invoiceDate', issue_date, status, seller_identification, max(seller_search), count(*) FROM einvoice_received GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT billing_entity_id, 'eInvoiceDate', (message_at AT TIME ZONE 'Europe/Bucharest')::date, status, seller_identification, max(seller_search), count(*) FROM einvoice_received GROUP BY 1, 2, 3, 4, 5;
