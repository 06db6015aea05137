import type { Database } from '../../src/db/client.js';

/*
 * The per-day sums the triggers keep (migrations 0031, 0032) against the source rows summed per
 * Bucharest day: the rows that differ either way (none when the triggers kept up). Rows left at
 * zero by deletes and moves are not differences.
 */
const PAIRS = {
  ledger: [
    `SELECT user_id, day, kind, invoiced, amount_bani::bigint, entries::bigint FROM ledger_daily_totals WHERE entries <> 0`,
    `SELECT user_id, (created_at AT TIME ZONE 'Europe/Bucharest')::date, kind, invoice_id IS NOT NULL, sum(amount_bani)::bigint, count(*) FROM ledger_entries GROUP BY 1, 2, 3, 4`,
  ],
  invoices: [
    `SELECT user_id, day, seller_code, kind, total_bani::bigint, postpaid_bani::bigint, documents::bigint FROM invoice_daily_totals WHERE documents <> 0`,
    `SELECT user_id, (issued_at AT TIME ZONE 'Europe/Bucharest')::date, seller->>'identificationCode', kind, sum(total_bani)::bigint, sum(postpaid_bani)::bigint, count(*) FROM invoices GROUP BY 1, 2, 3, 4`,
  ],
  invoicePostpaid: [
    `SELECT id, postpaid_bani::bigint FROM invoices WHERE kind <> 'prepay'`,
    `SELECT i.id, coalesce((SELECT sum(CASE WHEN bc.credit_note_id = i.id THEN -bc.amount_bani ELSE bc.amount_bani END)
       FROM billable_charges bc JOIN shipments s ON s.id = bc.shipment_id
       WHERE (bc.invoice_id = i.id OR bc.credit_note_id = i.id) AND s.payment_type = 'postpaid'), 0)::bigint FROM invoices i WHERE i.kind <> 'prepay'`,
  ],
  repayments: [
    `SELECT user_id, day, status, account, amount_bani::bigint, repayments::bigint FROM repayment_daily_totals WHERE repayments <> 0`,
    `SELECT r.user_id, (r.ordered_at AT TIME ZONE 'Europe/Bucharest')::date, r.status, coalesce(rs.bank_account, r.bank_account, ''), sum(r.amount_bani)::bigint, count(*)
     FROM repayments r LEFT JOIN repayment_sheets rs ON rs.id = r.sheet_id GROUP BY 1, 2, 3, 4`,
  ],
} as const;

export async function dailyTotalsDrift(database: Database): Promise<Record<keyof typeof PAIRS, unknown[]>> {
  const out = {} as Record<keyof typeof PAIRS, unknown[]>;
  for (const [name, [kept, source]] of Object.entries(PAIRS) as [keyof typeof PAIRS, readonly [string, string]][]) {
    out[name] = (await database.executeSql(`(${kept} EXCEPT ${source}) UNION ALL (${source} EXCEPT ${kept})`)).rows;
  }
  return out;
}

export const NO_DRIFT = { ledger: [], invoices: [], invoicePostpaid: [], repayments: [] };
