-- Issue 25, the platform's own company ('Internal' account): the suppliers on file (a courier's
-- invoices are checked against our AWBs' costs), each received invoice's check, and the AWBs each
-- courier invoice bills (an AWB billed twice is found by its courier and number).
CREATE TABLE IF NOT EXISTS "einvoice_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"identification" text NOT NULL,
	"name" text NOT NULL,
	"courier_id" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoice_suppliers_identification_key" ON "einvoice_suppliers" ("identification");--> statement-breakpoint
ALTER TABLE "einvoice_received" ADD COLUMN IF NOT EXISTS "courier_check" jsonb;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "einvoice_received_awbs" (
	"received_invoice_id" integer NOT NULL REFERENCES "einvoice_received"("id") ON DELETE CASCADE,
	"courier_id" text NOT NULL,
	"awb" text NOT NULL,
	CONSTRAINT "einvoice_received_awbs_pk" PRIMARY KEY("received_invoice_id","awb")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_awbs_awb_idx" ON "einvoice_received_awbs" ("courier_id","awb");
