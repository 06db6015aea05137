-- Issue 24: a part whose AWB was cancelled (its shop never fulfilled) may be activated again; each
-- activation of the part is a generation of its claim, and its shipment's request key carries it.
ALTER TABLE "store_activations" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;
