import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { COD_REPORTS, simulatedTransfer } from '../couriers/index.js';
import { BANK_SIM_PREFIX, SIM_BANK_CONSENT, simBankToken } from './bank-statements.js';
import { buildCamt053, type StatementEntry } from './iso20022.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The platform's bank, simulated: the account's booked transactions of a day as a camt.053.001.02
 * statement. Each simulated courier's transfer of the day (the sum of its report's lines, with the
 * report's reference, FAN's reimbursementAwbNumber or Cargus's DeductionId) is one credit entry,
 * the file-only couriers' included. Only the platform's account is known (404 otherwise); the
 * PSD2 headers are asked for as a real bank would (401 without the token, 400 without the consent).
 */
export function bankSimulatorRoutes(deps: { database: Database; key: Buffer; platformIban: string; minutesPerStep?: number; courierName?: (id: string) => string; now?: () => Date }) {
  return async (app: FastifyInstance) => {
    const token = Buffer.from(`Bearer ${simBankToken(deps.key)}`);
    app.get<{ Params: { account: string }; Querystring: Record<string, string | undefined> }>(
      `${BANK_SIM_PREFIX}/v1/accounts/:account/transactions`,
      { schema: { tags: ['bank-simulator'] } },
      async (req, reply) => {
        const given = Buffer.from(req.headers.authorization ?? '');
        if (given.length !== token.length || !timingSafeEqual(given, token)) return reply.status(401).send({ tppMessages: [{ category: 'ERROR', code: 'TOKEN_INVALID' }] });
        if (req.headers['consent-id'] !== SIM_BANK_CONSENT) return reply.status(400).send({ tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN' }] });
        if (req.params.account !== deps.platformIban) return reply.status(404).send({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] });
        const { dateFrom, dateTo, bookingStatus } = req.query;
        if (!dateFrom || !DAY.test(dateFrom) || dateTo !== dateFrom || (bookingStatus ?? 'booked') !== 'booked') {
          return reply.status(400).send({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'one booked day: dateFrom = dateTo' }] });
        }
        const entries: StatementEntry[] = [];
        for (const courierId of Object.keys(COD_REPORTS)) {
          const lines = await simulatedTransfer(deps.database, courierId, dateFrom, deps.minutesPerStep);
          if (lines.length === 0) continue;
          entries.push({
            entryRef: `${dateFrom.replace(/-/g, '')}-${entries.length + 1}`,
            amountBani: lines.reduce((a, l) => a + l.amountBani, 0),
            direction: 'CRDT',
            bookingDate: dateFrom,
            valueDate: dateFrom,
            reference: lines[0]!.reference,
            debtorName: deps.courierName?.(courierId) ?? courierId,
          });
        }
        const xml = buildCamt053({
          messageId: `STMT-${dateFrom.replace(/-/g, '')}`,
          createdAt: deps.now?.() ?? new Date(),
          statementId: `${deps.platformIban.slice(-12)}-${dateFrom.replace(/-/g, '')}`,
          iban: deps.platformIban,
          date: dateFrom,
          openingBani: 0,
          entries,
        });
        return reply.type('application/xml; charset=utf-8').send(xml);
      },
    );
  };
}
