import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { insertRepaymentRow } from '../../src/db/seed-repayment-rows.js';
import { repayments, users } from '../../src/db/schema.js';
import { buildCamt053 } from '../../src/integrations/bank/index.js';
import { reconcileReport } from '../../src/modules/repayments/index.js';
import type { TestContext, TestUser } from '../helper.js';

/** Valid Romanian IBANs that are not the platform's (mod-97 checked). */
export const IBAN_A = 'RO24BTRLRONCRT0000000001';
export const IBAN_B = 'RO02INGB0000999900000002';
export const IBAN_C = 'RO56RNCB0000000000000003';

let awbSeq = 0;
export const newAwb = () => `T${Date.now().toString(36).toUpperCase()}${(awbSeq += 1)}${randomUUID().slice(0, 4)}`.toUpperCase();

export async function setAccount(ctx: TestContext, u: TestUser, account: string | null, holder: string | null, settings: { interval?: number; min?: number; wait?: number } = {}) {
  await ctx.database.db
    .update(users)
    .set({ bankAccount: account, bankAccountHolder: holder, repaymentSendInterval: settings.interval ?? 1, repaymentSendMinAmount: settings.min ?? 999999, repaymentWaitPending: settings.wait ?? 0 })
    .where(eq(users.id, u.id));
}

/** Received repayments of a client (straight into the tables), on `receivedOn`. */
export async function received(ctx: TestContext, u: TestUser, amounts: number[], receivedOn = '2026-11-20') {
  const rows = [];
  for (const amountBani of amounts) {
    rows.push(await insertRepaymentRow(ctx.database.db, { userId: u.id, courierId: 'rapidcarpati', awb: newAwb(), amountBani, status: 'received', orderedAt: new Date('2026-11-15T10:00:00Z'), receivedOn }));
  }
  return rows;
}

/** Repayments the courier reported as sent under `reference` (through the reconciliation, as a report does). */
export async function sentByCourier(ctx: TestContext, u: TestUser, amounts: number[], reference: string, courierId = 'rapidcarpati') {
  const rows = [];
  for (const amountBani of amounts) {
    rows.push(await insertRepaymentRow(ctx.database.db, { userId: u.id, courierId, awb: newAwb(), amountBani, status: 'delivered', orderedAt: new Date('2026-11-15T10:00:00Z'), deliveredAt: new Date('2026-11-17T10:00:00Z') }));
  }
  await reconcileReport(ctx.database, { source: 'upload', courierId, sha256: randomUUID(), fileName: null, uploadedBy: null }, rows.map((r) => ({ awb: r.awb, amountBani: r.amountBani, transferDate: '2026-11-18', reference })));
  return rows;
}

export const statusOf = async (ctx: TestContext, ids: number[]) =>
  Promise.all(ids.map(async (id) => (await ctx.database.db.select().from(repayments).where(eq(repayments.id, id)))[0]!));

export function camt(iban: string, statementId: string, entries: { amountBani: number; reference: string | null; direction?: 'CRDT' | 'DBIT' }[], date = '2026-11-18') {
  return buildCamt053({
    messageId: `M-${statementId}`,
    createdAt: new Date('2026-11-19T05:00:00Z'),
    statementId,
    iban,
    date,
    openingBani: 0,
    entries: entries.map((e, i) => ({ entryRef: `${statementId}-${i + 1}`, amountBani: e.amountBani, direction: e.direction ?? 'CRDT', bookingDate: date, valueDate: date, reference: e.reference, debtorName: 'Rapid Carpati' })),
  });
}
