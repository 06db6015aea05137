-- Issue 27, the dashboard: its reads walk these indexes instead of a client's whole history.
-- A client's returned and refused shipments by the time of that status (the 'needs attention' tile),
-- with the courier's reason for the address check.
CREATE INDEX IF NOT EXISTS "shipments_user_failed_idx" ON "shipments" ("user_id","status_at") INCLUDE ("status","status_reason") WHERE "status" in ('returned', 'refused');--> statement-breakpoint
-- A client's AWBs still waiting for the courier, by their estimated pick-up day (the late pick-ups).
CREATE INDEX IF NOT EXISTS "shipments_user_pickup_idx" ON "shipments" ("user_id","estimated_pickup_date") WHERE "status" = 'created';--> statement-breakpoint
-- A client's activations per day and courier (the shipments chart): an index-only walk of the window.
CREATE INDEX IF NOT EXISTS "shipments_user_activated_idx" ON "shipments" ("user_id","activated_at") INCLUDE ("courier_id","status") WHERE "activated_at" is not null;--> statement-breakpoint
-- The platform's activations today and in the last 30 days (the admins' dashboard).
CREATE INDEX IF NOT EXISTS "shipments_activated_idx" ON "shipments" ("activated_at") WHERE "activated_at" is not null;--> statement-breakpoint
-- A client's cash on delivery collected and paid per day (the cash on delivery chart).
CREATE INDEX IF NOT EXISTS "repayments_user_delivered_idx" ON "repayments" ("user_id","delivered_at") INCLUDE ("amount_bani") WHERE "delivered_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "repayments_user_paid_idx" ON "repayments" ("user_id","paid_at") INCLUDE ("amount_bani") WHERE "paid_at" is not null;
