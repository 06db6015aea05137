-- Issue 25: the received e-invoices of connected companies (one row per e-Factura message, the
-- signed ZIP kept as the legal original), and each connection's last sync.
ALTER TABLE "einvoice_connections" ADD COLUMN IF NOT EXISTS "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "einvoice_connections" ADD COLUMN IF NOT EXISTS "last_sync_error" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "einvoice_received" (
	"id" serial PRIMARY KEY NOT NULL,
	"billing_entity_id" integer NOT NULL REFERENCES "billing_entities"("id") ON DELETE cascade,
	"message_id" text NOT NULL,
	"upload_index" text NOT NULL,
	"message_at" timestamp with time zone NOT NULL,
	"zip" bytea NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"currency" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_identification" text NOT NULL,
	"tax_bani" bigint NOT NULL,
	"total_bani" bigint NOT NULL,
	"document" jsonb NOT NULL,
	"has_pdf" smallint DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warning_status" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'initial' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoice_received_message_key" ON "einvoice_received" USING btree ("billing_entity_id","message_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_list_idx" ON "einvoice_received" USING btree ("billing_entity_id","issue_date","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_message_at_idx" ON "einvoice_received" USING btree ("billing_entity_id","message_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_seller_number_idx" ON "einvoice_received" USING btree ("billing_entity_id","seller_identification","number");
