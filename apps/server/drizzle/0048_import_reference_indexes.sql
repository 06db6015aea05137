-- Issue 24: large uploads matched in batches look up report lines by their transfer reference
-- (a statement's credits) and repayments by the report line that sent them (received on a match).
CREATE INDEX IF NOT EXISTS "courier_report_lines_reference_idx" ON "courier_report_lines" USING btree ("transfer_reference");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "repayments_report_line_idx" ON "repayments" USING btree ("report_line_id");
