-- Issue 28 §4: a bulk run's merged labels kept per format and first position, with the labels they
-- hold; a reprint reads the file instead of merging a hundred labels again.
CREATE TABLE IF NOT EXISTS "store_bulk_label_files" (
	"run_id" integer NOT NULL REFERENCES "store_bulk_runs"("id") ON DELETE cascade,
	"format" text NOT NULL,
	"start" smallint NOT NULL,
	"labels" text NOT NULL,
	"pdf" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_bulk_label_files_pkey" PRIMARY KEY("run_id","format","start")
);
