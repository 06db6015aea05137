-- Issue 28: rate limits counted in the database, so that every server instance counts the same
-- calls (the company look-up per client, the public tracking page per address). One row per
-- limit, key and fixed window; the limiter weighs the previous window in (a sliding estimate).
CREATE TABLE IF NOT EXISTS "rate_windows" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_windows_pkey" PRIMARY KEY ("scope", "key", "window_start")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_windows_start_idx" ON "rate_windows" USING btree ("window_start");
