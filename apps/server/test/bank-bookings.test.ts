import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines, reconciliationFlags } from '../src/db/schema.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { camt, sentByCourier, statusOf } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * Issue 24, item 4 and "bank files as banks write them": a booking is taken in once (its bank
 * references), and a second booking of one courier transfer (booked twice by the bank) is never
 * matched again: it is flagged as a duplicate.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const upload = (xml: string) => as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/statements', ...multipartFile('extras.xml', xml) });
const linesOf = (reference: string) => db().select().from(bankStatementLines).where(eq(bankStatementLines.reference, reference)).orderBy(bankStatementLines.id);
const flagsOf = (reference: string) => db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, reference));

describe('a courier transfer booked twice (two bookings, one reference)', () => {
  it('the second booking is flagged a duplicate, not matched again; the repayments are received once', async () => {
    const c = await createUser(ctx);
    const reference = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
    const rows = await sentByCourier(ctx, c, [5_000, 2_500], reference);
    const first = await upload(camt(ctx.config.platformIban, `S-${randomUUID().slice(0, 8)}`, [{ amountBani: 7_500, reference }]));
    expect(first.json().result).toMatchObject({ matched: 1, received: 2, flagged: 0 });
    const received = await statusOf(ctx, rows.map((r) => r.id));
    // The bank books the same transfer again the next day (another statement, other references).
    const second = await upload(camt(ctx.config.platformIban, `S-${randomUUID().slice(0, 8)}`, [{ amountBani: 7_500, reference }], '2026-11-19'));
    expect(second.json().result).toMatchObject({ matched: 0, received: 0, flagged: 1, known: 0 });
    expect((await linesOf(reference)).map((l) => l.outcome)).toEqual(['matched', 'duplicate']);
    expect((await flagsOf(reference)).map((f) => [f.kind, f.reportedBani])).toEqual([['duplicate', 7_500]]);
    expect(await statusOf(ctx, rows.map((r) => r.id))).toEqual(received);
  });
});

describe('the same bookings in a later statement', () => {
  it('add no line and no flag (known by their NtryRef), whatever the statement’s id', async () => {
    const c = await createUser(ctx);
    const reference = `DUNAREA-${randomUUID().slice(0, 8)}`;
    const unknown = `DUNAREA-${randomUUID().slice(0, 8)}`;
    await sentByCourier(ctx, c, [3_000], reference, 'dunarea');
    const id = `S-${randomUUID().slice(0, 8)}`;
    const xml = camt(ctx.config.platformIban, id, [{ amountBani: 3_000, reference }, { amountBani: 999, reference: unknown }]);
    expect((await upload(xml)).json().result).toMatchObject({ imported: true, matched: 1, flagged: 1, known: 0 });
    // The bank's next statement repeats them (a new Stmt/Id, the same bookings).
    const again = await upload(xml.replaceAll(`<Id>${id}</Id>`, `<Id>${id}-2</Id>`));
    expect(again.json().result).toMatchObject({ imported: true, entries: 2, matched: 0, flagged: 0, known: 2 });
    expect((await linesOf(reference)).map((l) => l.outcome)).toEqual(['matched']);
    expect((await flagsOf(unknown)).map((f) => f.kind)).toEqual(['unknown_transfer']);
  });
});
