import type { Executor } from '../../db/client.js';
import type { CompanyCheck } from '../../integrations/company-check/company-check.js';
import { recordVerification, type VerifyStatus } from './billing-queries.js';

/**
 * Asks the register about a company entry and records the answer: found and active is
 * 'verified'; not found, or deregistered/inactive, is 'invalid' (no invoices are issued to it).
 * A failed look-up throws and leaves the entry 'pendingVerification' for the job to retry.
 */
export async function verifyCompany(db: Executor, check: CompanyCheck, entry: { id: number; identificationCode: string }): Promise<VerifyStatus> {
  const answer = await check.lookup(entry.identificationCode);
  const status = answer.found && answer.active ? 'verified' : 'invalid';
  const recorded = await recordVerification(db, entry.id, entry.identificationCode, status);
  // Not recorded: the entry was edited or deleted meanwhile, and its new state stands.
  return recorded ? status : 'pendingVerification';
}
