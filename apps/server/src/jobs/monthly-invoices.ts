import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { PLATFORM_TIME_ZONE, bucharestMonthStart } from '../lib/dates.js';
import type { InvoicingService } from '../modules/invoicing/index.js';
import { defineJob } from './define-job.js';

export const MONTHLY_INVOICES_QUEUE = 'invoicing-monthly';

/** The first moment of the current month in Bucharest, as an instant. */
export function startOfMonthInBucharest(now = new Date()): Date {
  return bucharestMonthStart(now);
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
