-- Issue 28 §4: each label kept once the courier drew it; a bulk run's merged PDF reads them instead
-- of drawing every label again for every download.
CREATE TABLE IF NOT EXISTS "shipment_labels" (
	"shipment_id" integer NOT NULL REFERENCES "shipments"("id") ON DELETE cascade,
	"format" text NOT NULL,
	"pdf" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_labels_pkey" PRIMARY KEY("shipment_id","format")
);
