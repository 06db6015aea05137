ALTER TABLE "billable_charges" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "billable_charges" ADD COLUMN "credit_note_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credits_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "billable_charges" ADD CONSTRAINT "billable_charges_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billable_charges_invoice_idx" ON "billable_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billable_charges_credit_note_idx" ON "billable_charges" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "invoices_user_entity_idx" ON "invoices" USING btree ("user_id","billing_entity_id","issued_at");--> statement-breakpoint
UPDATE "billable_charges" SET "shipment_id" = split_part("reference", ':', 2)::integer WHERE "reference" ~ '^shipment:[0-9]+$';
