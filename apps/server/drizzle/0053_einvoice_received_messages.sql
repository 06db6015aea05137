-- Issue 25: the comments sent to a received invoice's supplier with a rejection (e-Factura RASP
-- messages): 'uploading' until the upload index is known, then 'uploadSuccessful'. attempted_at is
-- set before an upload whose outcome is not known yet: the next try first looks for it in SPV.
CREATE TABLE IF NOT EXISTS "einvoice_received_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_invoice_id" integer NOT NULL REFERENCES "einvoice_received"("id") ON DELETE cascade,
	"message" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"upload_index" text,
	"attempted_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_messages_invoice_idx" ON "einvoice_received_messages" USING btree ("received_invoice_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_received_messages_due_idx" ON "einvoice_received_messages" USING btree ("next_at") WHERE "status" = 'uploading';
