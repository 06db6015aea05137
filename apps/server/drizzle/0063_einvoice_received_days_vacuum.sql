-- Issue 25: the received list's daily counts are updated in place on every invoice received or moved,
-- so a busy company leaves dead row versions behind that the count's index scan walks through (a year's
-- count went from under 1 ms to 15-35 ms after 100,000 invoices arrived). Vacuum and analyse the table
-- after 1% of it changed, not PostgreSQL's default 20%.
ALTER TABLE "einvoice_received_days" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01, autovacuum_vacuum_threshold = 200);
