import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { invoiceOpenChargesBefore, type InvoicingDeps } from '../modules/invoicing/invoicing-service.js';

export const MONTHLY_INVOICES_QUEUE = 'invoicing-monthly';

/** The first moment of the current month in Bucharest, as an instant. */
export function startOfMonthInBucharest(now = new Date()): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  // Midnight of day 1 in Bucharest: try both offsets Romania uses (+02 winter, +03 summer).
  for (const offset of ['+02:00', '+03:00']) {
    const candidate = new Date(`${parts.year}-${parts.month}-01T00:00:00${offset}`);
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', hour: '2-digit', hourCycle: 'h23' }).format(candidate);
    if (local === '00') return candidate;
  }
  return new Date(`${parts.year}-${parts.month}-01T00:00:00+02:00`);
}

/** On the 1st of each month, one invoice per client for last month's unbilled shipments. */
export async function registerMonthlyInvoices(boss: PgBoss, database: Database, deps: InvoicingDeps, log: FastifyBaseLogger) {
  await boss.createQueue(MONTHLY_INVOICES_QUEUE);
  await boss.schedule(MONTHLY_INVOICES_QUEUE, '0 6 1 * *', undefined, { tz: 'Europe/Bucharest' });
  await boss.work(MONTHLY_INVOICES_QUEUE, async () => {
    const result = await invoiceOpenChargesBefore(database, deps, startOfMonthInBucharest());
    if (result.invoiced || result.skipped) log.info(result, 'monthly invoices issued');
  });
}
