import { createHmac, randomUUID } from 'node:crypto';
import type { FetchLike } from '../couriers/index.js';

/**
 * The platform account's bank statements, as the Romanian banks serve them to their account
 * holders through their Berlin Group NextGenPSD2 interfaces (BT, BCR, BRD, ING): a day's booked
 * transactions, asked for as ISO 20022 camt.053 (`Accept: application/xml`):
 *   GET {base}/v1/accounts/{accountId}/transactions?bookingStatus=booked&dateFrom=D&dateTo=D
 *   headers X-Request-ID (a UUID), Consent-ID, Authorization: Bearer {token}
 * The simulator answers the same call under /sim/bank (bank-simulator.ts).
 */

export const BANK_SIM_PREFIX = '/sim/bank';
/** The simulated bank's access token of this deployment (derived from the token key; a real bank issues its own through the consent). */
export const simBankToken = (key: Buffer) => createHmac('sha256', key).update('bank-sim access token').digest('hex');
export const SIM_BANK_CONSENT = 'sim-consent-platform-account';

export class BankApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export type BankStatementsOptions = { fetch: FetchLike; baseUrl: string; accountId: string; consentId: string; token: string };

export function bankStatementsClient(o: BankStatementsOptions) {
  return {
    /** The camt.053 XML of one day's booked transactions (YYYY-MM-DD). */
    async dayStatement(day: string): Promise<string> {
      const q = new URLSearchParams({ bookingStatus: 'booked', dateFrom: day, dateTo: day });
      const res = await o.fetch(`${o.baseUrl}/v1/accounts/${encodeURIComponent(o.accountId)}/transactions?${q}`, {
        headers: { accept: 'application/xml', 'x-request-id': randomUUID(), 'consent-id': o.consentId, authorization: `Bearer ${o.token}` },
      });
      if (!res.ok) throw new BankApiError(res.status, `bank statement ${day}: HTTP ${res.status}`);
      return res.text();
    },
  };
}
export type BankStatementsClient = ReturnType<typeof bankStatementsClient>;
