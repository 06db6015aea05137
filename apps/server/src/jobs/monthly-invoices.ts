import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { PLATFORM_TIME_ZONE } from '../lib/dates.js';
import type { InvoicingService } from '../modules/invoicing/index.js';
import { defineJob } from './define-job.js';

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
export const registerMonthlyInvoices = (boss: PgBoss, invoicing: InvoicingService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: MONTHLY_INVOICES_QUEUE,
    cron: '0 6 1 * *',
    tz: PLATFORM_TIME_ZONE,
    work: () => invoicing.invoiceOpenChargesBefore(startOfMonthInBucharest()),
    report: { message: 'monthly invoices issued', when: (r) => !!(r.invoiced || r.skipped) },
  });
