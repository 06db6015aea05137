-- Issue 25: the new-invoice mail, once per received invoice; the invoices kept before it count as told.
ALTER TABLE "einvoice_received" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "einvoice_received" SET "notified_at" = now();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_unnotified_idx" ON "einvoice_received" ("billing_entity_id") WHERE "notified_at" IS NULL;
