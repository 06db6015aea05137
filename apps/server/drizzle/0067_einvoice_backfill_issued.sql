-- Issue 26: the invoices and credit notes issued before the invoicing module wrote its
-- 'invoice.issued' event (migration 0062) are reported too. Each gets the event the module writes
-- today (the same payload as invoiceIssuedOf), so the e-invoicing listener queues it with its legal
-- deadline: such a document is already late, and the admins' deadline view shows it until it is
-- accepted. An invoice already queued, or whose event is still waiting, gets none (a second run adds nothing).
INSERT INTO "domain_events" ("type", "payload", "created_at")
SELECT 'invoice.issued',
       jsonb_build_object(
         'invoiceId', i."id",
         'number', i."series" || ' ' || lpad(i."number"::text, greatest(6, length(i."number"::text)), '0'),
         'kind', CASE WHEN i."kind" = 'credit_note' THEN 'creditNote' ELSE 'invoice' END,
         'buyerName', i."buyer"->>'name',
         'buyerIdentification', i."buyer"->>'identificationCode',
         'issueDay', to_char(i."issued_at" AT TIME ZONE 'Europe/Bucharest', 'YYYY-MM-DD'),
         'netBani', i."net_bani",
         'vatBani', i."vat_bani",
         'totalBani', i."total_bani"
       ),
       now()
FROM "invoices" i
WHERE NOT EXISTS (SELECT 1 FROM "einvoice_sent" s WHERE s."source" = 'platform' AND s."source_id" = i."id")
  AND NOT EXISTS (SELECT 1 FROM "domain_events" e WHERE e."type" = 'invoice.issued' AND e."payload"->>'invoiceId' = i."id"::text)
ORDER BY i."id";
