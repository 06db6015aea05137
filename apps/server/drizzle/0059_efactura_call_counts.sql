-- Issue 25: our own count of e-Factura calls, shared by every instance (half of each ANAF limit).
CREATE TABLE IF NOT EXISTS "efactura_call_counts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "efactura_call_counts_key_window_start_pk" PRIMARY KEY("key","window_start")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "efactura_call_counts_window_idx" ON "efactura_call_counts" ("window_start");
