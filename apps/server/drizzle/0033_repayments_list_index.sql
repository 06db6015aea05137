DROP INDEX "repayments_user_totals_idx";--> statement-breakpoint
DROP INDEX "repayments_user_ordered_idx";--> statement-breakpoint
CREATE INDEX "repayments_user_ordered_idx" ON "repayments" USING btree ("user_id","ordered_at","id","status","amount_bani","sheet_id","bank_account");