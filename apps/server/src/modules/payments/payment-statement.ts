import { sql, type SQL } from 'drizzle-orm';
import { invoicePayments } from '../../db/schema/payments.js';
import { invoiceOfSeller } from '../invoicing/index.js';

/**
 * A client's recorded payments for the balance views' statement (issue 17; one SQL for its 30 ms
 * target, so this answers a sub-select the balance places in its FROM; issue 28 §2): columns id,
 * invoice_id, paid_at, amount_bani, reverted_bani, active, reference and net_bani (what counts:
 * an activated payment less its reverts, else 0). Paid in [from, to) when given; by the seller of
 * the invoice it pays when a company is given.
 */
export function recordedPaymentsOf(userId: number, p: { from?: Date; to?: Date; company?: string } = {}): SQL {
  return sql`select p.id, p.invoice_id, p.paid_at, p.amount_bani, p.reverted_bani, p.active, p.reference,
      case when p.active then p.amount_bani - p.reverted_bani else 0 end as net_bani
    from ${invoicePayments} p
    where p.user_id = ${userId}${p.to ? sql` and p.paid_at < ${p.to}` : sql``}${p.from ? sql` and p.paid_at >= ${p.from}` : sql``}${
      p.company ? sql` and ${invoiceOfSeller(sql`p.invoice_id`, p.company)}` : sql``
    }`;
}
