-- Issue 25: the e-Factura simulator's SPV: uploads with their state, the messages each company's
-- list shows (with the XML their ZIP holds), and the downloads per message and day (10 allowed).
CREATE SEQUENCE IF NOT EXISTS "efactura_sim_upload_index_seq" START WITH 5000000001;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "efactura_sim_message_id_seq" START WITH 3000000001;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "efactura_sim_uploads" (
	"upload_index" bigint PRIMARY KEY NOT NULL,
	"cif" text NOT NULL,
	"standard" text NOT NULL,
	"b2c" boolean DEFAULT false NOT NULL,
	"xml" text NOT NULL,
	"state" text NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"download_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "efactura_sim_uploads_cif_idx" ON "efactura_sim_uploads" USING btree ("cif","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "efactura_sim_messages" (
	"id" bigint PRIMARY KEY NOT NULL,
	"cif" text NOT NULL,
	"type" text NOT NULL,
	"upload_index" bigint NOT NULL,
	"details" text NOT NULL,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "efactura_sim_messages_cif_idx" ON "efactura_sim_messages" USING btree ("cif","created_at","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "efactura_sim_downloads" (
	"message_id" bigint NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "efactura_sim_downloads_message_id_day_pk" PRIMARY KEY("message_id","day")
);
