-- Issue 25: the received invoices' seller name searched without diacritics and case (normalizeText).
ALTER TABLE "einvoice_received" ADD COLUMN "seller_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "einvoice_received" SET "seller_search" = lower(translate("seller_name", 'ĂÂÎȘŞȚŢăâîșşțţÁÉÍÓÚÖÜŐŰáéíóúöüőű', 'AAISSTTaaissttAEIOUOUOUaeiououou'));
