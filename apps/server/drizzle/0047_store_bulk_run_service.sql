ALTER TABLE "store_bulk_runs" ADD COLUMN "service_id" text;
