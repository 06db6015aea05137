import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { payoutRuns, repaymentSheetItems, repaymentSheets, repayments, users } from '../src/db/schema.js';
import { payoutService, sheetActions } from '../src/modules/repayments/index.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { validatePain001 } from './support/pain001.js';
import { IBAN_A, IBAN_B, newAwb } from './support/repayment-money.js';

/*
 * Random histories of the money (issue 15): repayments received on random days, payout runs
 * (scheduled or pay now, sometimes two at once), sheets marked unprocessed (with or without
 * markForPayment) and accounts changed. After each history: every sheet's amount is the sum of
 * its repayments, no repayment is in two live sheets, a paid repayment is in exactly its live
 * sheet, and every run's pain.001 adds up and validates.
 */

let ctx: TestContext;
let admin: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await createUser(ctx)).id;
}, 120_000);
afterAll(async () => ctx?.close());

const STEP = fc.oneof(
  fc.record({ kind: fc.constant('receive' as const), amounts: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 4 }), day: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('schedule' as const), day: fc.integer({ min: 0, max: 8 }), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('pay_now' as const), day: fc.integer({ min: 0, max: 8 }), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('unprocessed' as const), type: fc.constantFrom(1 as const, 2 as const), markForPayment: fc.boolean(), pick: fc.nat() }),
  fc.record({ kind: fc.constant('account' as const), valid: fc.boolean() }),
);

const dayOf = (n: number) => `2026-10-${String(10 + n).padStart(2, '0')}`;

describe('payouts on random histories', () => {
  it('every sheet’s amount is the sum of its repayments; no repayment is paid twice', async () => {
    const db = ctx.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom(200, 500, 999999), async (steps, interval, min) => {
        const client = (await createUser(ctx)).id;
        await db.update(users).set({ bankAccount: IBAN_A, bankAccountHolder: 'Ion Popescu', repaymentSendInterval: interval, repaymentSendMinAmount: min, repaymentWaitPending: 0 }).where(eq(users.id, client));
        const at = (n: number) => payoutService({ database: ctx.database, platformIban: ctx.config.platformIban, platformName: 'Colete Online SRL', now: () => new Date(`${dayOf(n)}T12:00:00Z`) });
        let clock = 0;
        for (const step of steps) {
          if (step.kind === 'receive') {
            for (const amountBani of step.amounts) {
              await insertRepaymentRow(db, { userId: client, courierId: 'rapidcarpati', awb: newAwb(), amountBani, status: 'received', orderedAt: new Date('2026-10-01T10:00:00Z'), receivedOn: dayOf(Math.min(clock, step.day)) });
            }
          } else if (step.kind === 'schedule' || step.kind === 'pay_now') {
            clock = Math.max(clock, step.day);
            const req = step.kind === 'schedule' ? ({ kind: 'scheduled' } as const) : ({ kind: 'pay_now', clientId: client, requestedBy: admin } as const);
            await Promise.all(Array.from({ length: step.twice ? 2 : 1 }, () => at(clock).run(req)));
          } else if (step.kind === 'unprocessed') {
            const paid = await db.select().from(repaymentSheets).where(eq(repaymentSheets.userId, client));
            const live = paid.filter((s) => s.status === 'paid');
            const sheet = live[step.pick % Math.max(1, live.length)];
            if (sheet) await sheetActions({ database: ctx.database, platformIban: ctx.config.platformIban }).markUnprocessed(admin, sheet.id, { type: step.type, date: sheet.sheetDate, markForPayment: step.markForPayment });
          } else {
            await db.update(users).set({ bankAccount: step.valid ? IBAN_B : null }).where(eq(users.id, client));
          }
        }

        const sheets = await db.select().from(repaymentSheets).where(eq(repaymentSheets.userId, client));
        const items = sheets.length ? await db.select().from(repaymentSheetItems).where(inArray(repaymentSheetItems.sheetId, sheets.map((s) => s.id))) : [];
        for (const s of sheets) {
          const mine = items.filter((i) => i.sheetId === s.id);
          expect(s.amountBani).toBe(mine.reduce((a, i) => a + i.amountBani, 0));
          expect(s.repaymentsAmountBani).toBe(s.amountBani);
          // A paid sheet's items are live; an unprocessed one's were all released.
          expect(mine.every((i) => (s.status === 'paid' ? i.releasedAt === null : i.releasedAt !== null))).toBe(true);
        }
        const liveItems = items.filter((i) => i.releasedAt === null);
        expect(new Set(liveItems.map((i) => i.repaymentId)).size).toBe(liveItems.length);
        const rows = await db.select().from(repayments).where(eq(repayments.userId, client));
        for (const r of rows) {
          const live = liveItems.filter((i) => i.repaymentId === r.id);
          if (r.status === 'paid') expect(live.map((i) => i.sheetId)).toEqual([r.sheetId]);
          else expect([live.length, r.sheetId]).toEqual([0, null]);
        }
        // Each run's file: one credit transfer per sheet, the control sum their total.
        const runIds = [...new Set(sheets.map((s) => s.runId))];
        for (const run of runIds.length ? await db.select().from(payoutRuns).where(inArray(payoutRuns.id, runIds)) : []) {
          const ofRun = await db.select().from(repaymentSheets).where(eq(repaymentSheets.runId, run.id));
          expect(run.totalBani).toBe(ofRun.reduce((a, s) => a + s.amountBani, 0));
          expect(run.painXml!.match(/<CdtTrfTxInf>/g)!.length).toBe(ofRun.length);
          expect((await validatePain001(run.painXml!)).valid).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
