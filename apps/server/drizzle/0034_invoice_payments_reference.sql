DROP INDEX "invoice_payments_invoice_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_invoice_reference_key" ON "invoice_payments" USING btree ("invoice_id","reference");