import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { issueDailySupplierInvoices } from '../integrations/e-invoicing/simulator-daily.js';
import { PLATFORM_TIME_ZONE } from '../lib/dates.js';
import { defineJob } from './define-job.js';

export const EFACTURA_SIM_SUPPLIERS_QUEUE = 'efactura-sim-suppliers';

/**
 * The e-Factura simulator's suppliers (only with EINVOICE=simulator): every day at 09:00 in
 * Bucharest each company connected to the simulator's SPV receives an invoice, once a day; the
 * sync brings it into the company's list.
 */
export const registerEFacturaSimSuppliers = (boss: PgBoss, database: Database, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: EFACTURA_SIM_SUPPLIERS_QUEUE,
    cron: '0 9 * * *',
    tz: PLATFORM_TIME_ZONE,
    queue: { policy: 'stately' },
    work: () => issueDailySupplierInvoices(database.db),
    report: { message: 'e-Factura simulator suppliers issued invoices', when: (r) => r.issued > 0 },
  });
