-- Issue 25: the received list's indexes carry the filtered columns, so its count is an index-only scan.
DROP INDEX IF EXISTS "einvoice_received_list_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "einvoice_received_message_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_list_idx" ON "einvoice_received" USING btree ("billing_entity_id","issue_date","id","status","seller_identification","seller_search");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_message_at_idx" ON "einvoice_received" USING btree ("billing_entity_id","message_at","id","status","seller_identification","seller_search");
