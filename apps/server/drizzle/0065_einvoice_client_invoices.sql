-- Issue 26, 'Trimite factura': a client's connected company issues its own invoices and credit notes
-- through the platform (source 'client'). The form as validated is kept (each attempt builds the XML
-- from it); a company's series and number is one document, so a double submit stores one.
ALTER TABLE "einvoice_sent" ALTER COLUMN "source_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoice_sent" ADD COLUMN IF NOT EXISTS "document" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoice_sent_client_number_key" ON "einvoice_sent" ("billing_entity_id","number") WHERE "source" = 'client';--> statement-breakpoint
-- The specification's participation request ('Sunt interesat'): once per client.
CREATE TABLE IF NOT EXISTS "einvoice_participation_requests" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
