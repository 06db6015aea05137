-- Issue 26: the buyers' messages about the documents a company sent (e-Factura's 'MESAJ CUMPARATOR',
-- a RASP uploaded by the buyer), kept once each by the sync, unread (1) until marked read (2).
CREATE TABLE IF NOT EXISTS "einvoice_sent_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sent_id" integer NOT NULL REFERENCES "einvoice_sent"("id") ON DELETE CASCADE,
	"billing_entity_id" integer NOT NULL REFERENCES "billing_entities"("id") ON DELETE CASCADE,
	"message_id" text NOT NULL,
	"upload_index" text NOT NULL,
	"text" text NOT NULL,
	"sender" text DEFAULT 'client' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"message_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoice_sent_messages_message_key" ON "einvoice_sent_messages" ("billing_entity_id","message_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_messages_sent_idx" ON "einvoice_sent_messages" ("sent_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_upload_idx" ON "einvoice_sent" ("upload_index") WHERE "upload_index" IS NOT NULL;
