import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { CompanyCheck } from '../integrations/company-check/company-check.js';
import { pendingCompanies, verifyCompany } from '../modules/billing/index.js';
import { defineJob } from './define-job.js';

export const COMPANY_VERIFICATION_QUEUE = 'billing-company-verification';
/**
 * At most this many look-ups a run: the tax authority allows one call a second (the adapter
 * spaces them), so a run stays under a minute and well inside the 10-minute schedule.
 */
const BATCH = 50;

/**
 * Re-checks companies left 'pendingVerification' (the register failed or was busy when they were
 * saved). The first failed look-up ends the run: the register is likely down or limiting us, and
 * the rest wait for the next run instead of each waiting for a timeout.
 */
export async function verifyPendingCompanies(database: Database, check: CompanyCheck, limit = BATCH) {
  const result = { checked: 0, verified: 0, invalid: 0, failed: 0 };
  for (const entry of await pendingCompanies(database.db, limit)) {
    let status;
    try {
      status = await verifyCompany(database.db, check, entry);
    } catch {
      result.failed += 1;
      break;
    }
    result.checked += 1;
    if (status === 'verified') result.verified += 1;
    if (status === 'invalid') result.invalid += 1;
  }
  return result;
}

export const registerCompanyVerification = (boss: PgBoss, database: Database, check: CompanyCheck, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: COMPANY_VERIFICATION_QUEUE,
    cron: '*/10 * * * *',
    work: () => verifyPendingCompanies(database, check),
    report: { message: 'pending companies re-checked', when: (r) => !!(r.checked || r.failed) },
  });
