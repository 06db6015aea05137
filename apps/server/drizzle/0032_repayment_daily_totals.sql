CREATE TABLE "repayment_daily_totals" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"account" text NOT NULL,
	"amount_bani" bigint NOT NULL,
	"repayments" integer NOT NULL,
	CONSTRAINT "repayment_daily_totals_user_id_day_status_account_pk" PRIMARY KEY("user_id","day","status","account")
);
--> statement-breakpoint
ALTER TABLE "repayment_daily_totals" ADD CONSTRAINT "repayment_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The repayments list's totals per client, order day (Bucharest), status and account, kept by
-- statement-level triggers like the balance's (0031). A row's account is its sheet's once paid
-- (a sheet's account never changes and sheets are never deleted), else its own, else '' (the
-- client's current account).
CREATE FUNCTION repayment_daily_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO repayment_daily_totals AS t (user_id, day, status, account, amount_bani, repayments)
  SELECT n.user_id, (n.ordered_at AT TIME ZONE 'Europe/Bucharest')::date, n.status, coalesce(rs.bank_account, n.bank_account, ''), sum(n.amount_bani), count(*)
  FROM new_rows n LEFT JOIN repayment_sheets rs ON rs.id = n.sheet_id
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, day, status, account) DO UPDATE SET amount_bani = t.amount_bani + excluded.amount_bani, repayments = t.repayments + excluded.repayments;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION repayment_daily_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO repayment_daily_totals AS t (user_id, day, status, account, amount_bani, repayments)
  SELECT user_id, day, status, account, sum(amount_bani), sum(repayments) FROM (
    SELECT n.user_id, (n.ordered_at AT TIME ZONE 'Europe/Bucharest')::date AS day, n.status, coalesce(rs.bank_account, n.bank_account, '') AS account, n.amount_bani, 1 AS repayments
    FROM new_rows n LEFT JOIN repayment_sheets rs ON rs.id = n.sheet_id
    UNION ALL
    SELECT o.user_id, (o.ordered_at AT TIME ZONE 'Europe/Bucharest')::date, o.status, coalesce(rs.bank_account, o.bank_account, ''), -o.amount_bani, -1
    FROM old_rows o LEFT JOIN repayment_sheets rs ON rs.id = o.sheet_id
  ) d GROUP BY user_id, day, status, account ORDER BY user_id, day, status, account
  ON CONFLICT (user_id, day, status, account) DO UPDATE SET amount_bani = t.amount_bani + excluded.amount_bani, repayments = t.repayments + excluded.repayments;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION repayment_daily_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE repayment_daily_totals t SET amount_bani = t.amount_bani - d.amount_bani, repayments = t.repayments - d.repayments
  FROM (
    SELECT o.user_id, (o.ordered_at AT TIME ZONE 'Europe/Bucharest')::date AS day, o.status, coalesce(rs.bank_account, o.bank_account, '') AS account,
      sum(o.amount_bani) AS amount_bani, count(*) AS repayments
    FROM old_rows o LEFT JOIN repayment_sheets rs ON rs.id = o.sheet_id GROUP BY 1, 2, 3, 4
  ) d
  WHERE t.user_id = d.user_id AND t.day = d.day AND t.status = d.status AND t.account = d.account;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER repayment_daily_totals_insert AFTER INSERT ON repayments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION repayment_daily_totals_add();
--> statement-breakpoint
CREATE TRIGGER repayment_daily_totals_update AFTER UPDATE ON repayments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION repayment_daily_totals_change();
--> statement-breakpoint
CREATE TRIGGER repayment_daily_totals_delete AFTER DELETE ON repayments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION repayment_daily_totals_remove();
--> statement-breakpoint
INSERT INTO repayment_daily_totals (user_id, day, status, account, amount_bani, repayments)
SELECT r.user_id, (r.ordered_at AT TIME ZONE 'Europe/Bucharest')::date, r.status, coalesce(rs.bank_account, r.bank_account, ''), sum(r.amount_bani), count(*)
FROM repayments r LEFT JOIN repayment_sheets rs ON rs.id = r.sheet_id GROUP BY 1, 2, 3, 4;
