-- Issue 25: the consent's return page (the billing list, or e-Factura's own pages when started there).
ALTER TABLE "einvoice_authorizations" ADD COLUMN "return_to" text DEFAULT 'billing' NOT NULL;
