-- Issue 26: the documents a connected company sends through e-Factura (the platform's own invoices
-- first), sent once under retries, several instances and a kill -9, and their status history.
CREATE TABLE IF NOT EXISTS "einvoice_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"billing_entity_id" integer REFERENCES "billing_entities"("id") ON DELETE SET NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_identification" text NOT NULL,
	"buyer_search" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"deadline" date NOT NULL,
	"tax_excluded_bani" bigint NOT NULL,
	"tax_bani" bigint NOT NULL,
	"total_bani" bigint NOT NULL,
	"status" text DEFAULT 'initial' NOT NULL,
	"xml" text,
	"upload_index" text,
	"answer_zip" bytea,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"done_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoice_sent_source_key" ON "einvoice_sent" ("source","source_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_due_idx" ON "einvoice_sent" ("next_at") WHERE "status" in ('initial', 'pending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_list_idx" ON "einvoice_sent" ("billing_entity_id","issue_date","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_deadline_idx" ON "einvoice_sent" ("deadline") WHERE "status" in ('initial', 'pending', 'error');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "einvoice_sent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sent_id" integer NOT NULL REFERENCES "einvoice_sent"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"text" text NOT NULL,
	"upload_index" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_events_sent_idx" ON "einvoice_sent_events" ("sent_id","id");
