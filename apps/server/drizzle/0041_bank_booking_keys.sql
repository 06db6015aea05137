-- Issue 24: a bank booking is known by its bank references (AcctSvcrRef, NtryRef), not by the statement or file that brought it.
ALTER TABLE "bank_statement_lines" ADD COLUMN "account_iban" text;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "booking_key" text;--> statement-breakpoint
UPDATE "bank_statement_lines" AS l SET "account_iban" = s."account_iban" FROM "bank_statements" AS s WHERE s."id" = l."statement_id";--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ALTER COLUMN "account_iban" SET NOT NULL;--> statement-breakpoint
-- The lines taken in before: the first of each entry reference keeps it as the key (a repeat, the defect, keeps none).
UPDATE "bank_statement_lines" AS l SET "booking_key" = k."key"
FROM (
  SELECT "id", 'ntry:' || "entry_ref" AS "key", row_number() OVER (PARTITION BY "account_iban", "entry_ref" ORDER BY "id") AS n
  FROM "bank_statement_lines" WHERE "entry_ref" IS NOT NULL
) AS k
WHERE k."id" = l."id" AND k.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_booking_key" ON "bank_statement_lines" USING btree ("account_iban","booking_key");
