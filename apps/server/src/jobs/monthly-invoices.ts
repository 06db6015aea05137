import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { PLATFORM_TIME_ZONE, bucharestMonthStart } from '../lib/dates.js';
import { invoiceOpenChargesBefore, type InvoicingDeps } from '../modules/invoicing/invoicing-service.js';

export const MONTHLY_INVOICES_QUEUE = 'invoicing-monthly';

/** The first moment of the current month in Bucharest, as an instant. */
export function startOfMonthInBucharest(now = new Date()): Date {
  return bucharestMonthStart(now);
}

/** On the 1st of each month, one invoice per client for last month's unbilled shipments. */
export async function registerMonthlyInvoices(boss: PgBoss, database: Database, deps: InvoicingDeps, log: FastifyBaseLogger) {
  await boss.createQueue(MONTHLY_INVOICES_QUEUE);
  await boss.schedule(MONTHLY_INVOICES_QUEUE, '0 6 1 * *', undefined, { tz: PLATFORM_TIME_ZONE });
  await boss.work(MONTHLY_INVOICES_QUEUE, async () => {
    const result = await invoiceOpenChargesBefore(database, deps, startOfMonthInBucharest());
    if (result.invoiced || result.skipped) log.info(result, 'monthly invoices issued');
  });
}
