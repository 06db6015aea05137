-- Issue 28: a large upload's progress is kept in the database, so that the page's polls may reach
-- any server instance (the upload itself runs on one). Rows are forgotten minutes after the end.
CREATE TABLE IF NOT EXISTS "upload_progress" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upload_progress_updated_idx" ON "upload_progress" USING btree ("updated_at");
