-- Issue 24: a courier report's line is known by its courier, AWB and transfer reference (or day), whatever file brought it.
ALTER TABLE "courier_report_lines" ADD COLUMN "courier_id" text;--> statement-breakpoint
ALTER TABLE "courier_report_lines" ADD COLUMN "line_key" text;--> statement-breakpoint
UPDATE "courier_report_lines" AS l SET "courier_id" = r."courier_id" FROM "courier_reports" AS r WHERE r."id" = l."report_id";--> statement-breakpoint
ALTER TABLE "courier_report_lines" ALTER COLUMN "courier_id" SET NOT NULL;--> statement-breakpoint
-- The first line of each key keeps it; a repeat taken in before (the defect) keeps a null key, so the index can be built.
UPDATE "courier_report_lines" AS l SET "line_key" = k."key"
FROM (
  SELECT "id", "key", row_number() OVER (PARTITION BY "courier_id", "awb", "key" ORDER BY "id") AS n
  FROM (SELECT "id", "courier_id", "awb", coalesce('ref:' || "transfer_reference", 'day:' || "transfer_date"::text) AS "key" FROM "courier_report_lines") AS x
) AS k
WHERE k."id" = l."id" AND k.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_report_lines_key" ON "courier_report_lines" USING btree ("courier_id","awb","line_key");
