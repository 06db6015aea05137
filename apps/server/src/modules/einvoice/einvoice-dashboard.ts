import { SENT_MESSAGE_STATUS } from '@colete/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { eInvoiceConnections, eInvoiceReceivedDays, eInvoiceSentMessages } from '../../db/schema/einvoice.js';

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const c = eInvoiceConnections;
const days = eInvoiceReceivedDays;
const m = eInvoiceSentMessages;

/**
 * The dashboard's e-invoicing tile (issue 27), over the client's connected companies: received
 * invoices still in their first status ('initial': nobody acted on them), from the received list's
 * daily counts (each invoice counted once, under its e-invoice's day), and the buyers' unread messages.
 */
export async function einvoiceInbox(ex: Executor, userId: number): Promise<{ connected: boolean; newReceived: number; unreadMessages: number }> {
  const res = await ex.execute(sql`
    with companies as (select ${c.billingEntityId} as id from ${c} where ${c.userId} = ${userId})
    select
      (select count(*)::int from companies) as "companies",
      (select coalesce(sum(${days.n}), 0)::int from ${days}
        where ${days.billingEntityId} in (select id from companies) and ${days.dateKind} = 'eInvoiceDate' and ${days.status} = 'initial') as "newReceived",
      (select count(*)::int from ${m}
        where ${m.billingEntityId} in (select id from companies) and ${m.status} = ${SENT_MESSAGE_STATUS.unread} and ${m.sender} = 'client') as "unreadMessages"`);
  const row = rowsOf<{ companies: number; newReceived: number; unreadMessages: number }>(res)[0]!;
  return { connected: row.companies > 0, newReceived: row.newReceived, unreadMessages: row.unreadMessages };
}
