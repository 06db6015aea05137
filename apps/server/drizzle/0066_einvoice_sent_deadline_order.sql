-- Issue 26, the admins' documents near or past their deadline: every company's documents not yet
-- accepted, soonest deadline first, a page at a time. The index takes the order's tie-break (id) too,
-- so a page is read in order from it without a sort.
DROP INDEX IF EXISTS "einvoice_sent_deadline_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoice_sent_deadline_idx" ON "einvoice_sent" ("deadline","id") WHERE "status" in ('initial', 'pending', 'error');
