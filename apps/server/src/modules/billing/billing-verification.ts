import { sameCompanyName } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import type { CompanyCheck, CompanyLookup } from '../../integrations/company-check/company-check.js';
import { recordVerification, type VerifyStatus } from './billing-queries.js';

/**
 * The register's verdict on a company entry: 'verified' only when the CUI is registered, the
 * company is active, and the name typed is the register's name (written any usual way: case,
 * diacritics, punctuation, 'S.R.L.'/'SRL'). Not found, deregistered/inactive, or registered under
 * another name is 'invalid' (no invoices are issued to it).
 */
export const verdictOf = (name: string, answer: CompanyLookup): Exclude<VerifyStatus, 'pendingVerification'> =>
  answer.found && answer.active && sameCompanyName(name, answer.name) ? 'verified' : 'invalid';

/**
 * Asks the register about a company entry and records the answer (see verdictOf). A failed
 * look-up throws and leaves the entry 'pendingVerification' for the job to retry.
 */
export async function verifyCompany(db: Executor, check: CompanyCheck, entry: { id: number; name: string; identificationCode: string }): Promise<VerifyStatus> {
  const answer = await check.lookup(entry.identificationCode);
  const status = verdictOf(entry.name, answer);
  const recorded = await recordVerification(db, entry.id, entry.identificationCode, entry.name, status);
  // Not recorded: the entry was edited or deleted meanwhile, and its new state stands.
  return recorded ? status : 'pendingVerification';
}
