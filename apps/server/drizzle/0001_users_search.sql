-- Trigram search over clients' names and emails, for the admin's client selector.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ((lower("name") || ' ' || "email") gin_trgm_ops);
