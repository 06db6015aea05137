import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { bankStatementLines, reconciliationFlags, repayments } from '../src/db/schema.js';
import type { ParsedStatement, StatementEntry } from '../src/integrations/bank/index.js';
import { importStatement, reconcileReport } from '../src/modules/repayments/index.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/**
 * A bank statement's bookings taken in, at the edges its mutants showed untested (npm run mutate):
 * the reference found among an entry's candidates (never for a debit), each outcome's flag with
 * its amounts and courier, a transfer booked twice in one statement and again in a later one, a
 * booking known by its key or (without one) by its entry reference, and the exact counts.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const db = () => database.db;
const IBAN = 'RO49AAAA1B31007593840000';

const newClient = () => insertClient(db());
/** A delivered repayment on the courier's AWB; the report (with its transfer reference) marks it sent by the courier. */
async function reported(userId: number, amountBani: number, reference: string, courierId = 'rapidcarpati') {
  const awb = `R${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const row = await insertRepaymentRow(db(), { userId, courierId, awb, amountBani, status: 'delivered', orderedAt: new Date('2026-11-01T10:00:00Z'), deliveredAt: new Date('2026-11-02T10:00:00Z') });
  await reconcileReport(database, { source: 'upload', courierId, sha256: randomUUID(), fileName: 'raport.csv', uploadedBy: null }, [{ awb, amountBani, transferDate: '2026-11-18', reference }]);
  return row;
}
const ref = (courier = 'RAPIDCARPATI') => `${courier}-${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
let n = 0;
const entry = (e: Partial<StatementEntry> & Pick<StatementEntry, 'amountBani'>): StatementEntry => ({
  entryRef: `E${++n}-${randomUUID().slice(0, 6)}`,
  bookingKey: `acct:${randomUUID()}`,
  direction: 'CRDT',
  bookingDate: '2026-11-19',
  valueDate: '2026-11-19',
  reference: null,
  debtorName: 'Curier SA',
  ...e,
});
const statement = (entries: StatementEntry[]): ParsedStatement => ({ statementId: `ST-${randomUUID()}`, iban: IBAN, currency: 'RON', date: '2026-11-19', openingBani: 0, closingBani: 0, entries, setAside: [] });
const from = () => ({ source: 'upload' as const, sha256: randomUUID(), fileName: 'extras.xml', uploadedBy: null });
const lineOf = async (entryRef: string) => (await db().select().from(bankStatementLines).where(eq(bankStatementLines.entryRef, entryRef)))[0]!;
const flagsOfLine = (id: number) => db().select().from(reconciliationFlags).where(eq(reconciliationFlags.bankLineId, id));

describe('a statement’s bookings, one by one', () => {
  it('finds a credit’s reference among its candidates; a debit keeps its own and is never matched', async () => {
    const u = await newClient();
    const known = ref();
    const r = await reported(u, 120_00, known);
    const credit = entry({ amountBani: 120_00, reference: 'PLATA', candidates: ['E2E-NOTHING', `Plata ${known}`, known] });
    const debit = entry({ amountBani: 120_00, direction: 'DBIT', reference: 'COMISION', candidates: [known] });
    const guess = ref('COLET24');
    const unknown = entry({ amountBani: 5_00, reference: guess, candidates: ['E2E-X', 'nimic'] });
    const bare = entry({ amountBani: 7_00, reference: null });
    const result = await importStatement(database, statement([credit, debit, unknown, bare]), from());
    expect(result).toEqual({ imported: true, entries: 4, matched: 1, received: 1, flagged: 2, known: 0 });

    expect(await lineOf(credit.entryRef)).toMatchObject({ reference: known, outcome: 'matched', courierId: 'rapidcarpati', reportedBani: 120_00, amountBani: 120_00 });
    expect((await db().select().from(repayments).where(eq(repayments.id, r.id)))[0]).toMatchObject({ status: 'received', receivedOn: '2026-11-19' });
    const d = await lineOf(debit.entryRef);
    expect(d).toMatchObject({ reference: 'COMISION', outcome: 'debit', direction: 'DBIT' });
    expect(await flagsOfLine(d.id)).toEqual([]);
    // Not known to any report: the reader's guess stays, flagged for the courier its prefix names.
    const un = await lineOf(unknown.entryRef);
    expect(un).toMatchObject({ reference: guess, outcome: 'unknown_reference', courierId: 'colet24', reportedBani: null });
    expect(await flagsOfLine(un.id)).toMatchObject([{ kind: 'unknown_transfer', courierId: 'colet24', awb: guess, expectedBani: null, reportedBani: 5_00 }]);
    // No reference at all: flagged under its entry reference, courier unknown.
    const b = await lineOf(bare.entryRef);
    expect(b).toMatchObject({ reference: null, outcome: 'unknown_reference', courierId: 'necunoscut' });
    expect(await flagsOfLine(b.id)).toMatchObject([{ kind: 'unknown_transfer', awb: bare.entryRef, reportedBani: 7_00 }]);
  });

  it('a transfer booked twice in one statement: the first matched, the second a duplicate; a wrong amount a mismatch with both amounts', async () => {
    const u = await newClient();
    const [twice, wrong] = [ref(), ref()];
    await reported(u, 300_00, twice);
    await reported(u, 80_00, wrong);
    const first = entry({ amountBani: 300_00, reference: twice });
    const second = entry({ amountBani: 300_00, reference: twice });
    const off = entry({ amountBani: 80_01, reference: wrong });
    const result = await importStatement(database, statement([first, second, off]), from());
    expect(result).toMatchObject({ matched: 1, received: 1, flagged: 2, known: 0 });
    const outcomes = await Promise.all([first, second].map((e) => lineOf(e.entryRef)));
    expect(outcomes.map((l) => l.outcome).sort()).toEqual(['duplicate', 'matched']);
    const dup = outcomes.find((l) => l.outcome === 'duplicate')!;
    expect(await flagsOfLine(dup.id)).toMatchObject([{ kind: 'duplicate', courierId: 'rapidcarpati', awb: twice, expectedBani: 300_00, reportedBani: 300_00 }]);
    const o = await lineOf(off.entryRef);
    expect(o).toMatchObject({ outcome: 'amount_mismatch', reportedBani: 80_00, amountBani: 80_01 });
    expect(await flagsOfLine(o.id)).toMatchObject([{ kind: 'transfer_mismatch', expectedBani: 80_00, reportedBani: 80_01 }]);

    // Booked again in a later statement (another booking): a duplicate of the one matched before.
    const later = entry({ amountBani: 300_00, reference: twice });
    expect(await importStatement(database, statement([later]), from())).toEqual({ imported: true, entries: 1, matched: 0, received: 0, flagged: 1, known: 0 });
    expect(await lineOf(later.entryRef)).toMatchObject({ outcome: 'duplicate' });
  });

  it('a booking is known by its key in a later statement; one without a key cannot be recognised there: its transfer is a duplicate', async () => {
    const u = await newClient();
    const [keyed, unkeyed] = [ref(), ref()];
    await reported(u, 10_00, keyed);
    await reported(u, 20_00, unkeyed);
    const a = entry({ amountBani: 10_00, reference: keyed });
    const b = entry({ amountBani: 20_00, reference: unkeyed, bookingKey: null });
    expect(await importStatement(database, statement([a, b]), from())).toMatchObject({ matched: 2, received: 2, flagged: 0, known: 0 });
    // The same bookings in the next day's statement (another file, another id): the keyed one is
    // known and adds nothing; the other is taken in again, and its transfer is a duplicate.
    const again = await importStatement(database, statement([{ ...a, entryRef: `${a.entryRef}-bis` }, { ...b }]), from());
    expect(again).toEqual({ imported: true, entries: 2, matched: 0, received: 0, flagged: 1, known: 1 });
    const lines = await db().select().from(bankStatementLines).where(inArray(bankStatementLines.reference, [keyed, unkeyed]));
    expect(lines.map((l) => `${l.reference === keyed ? 'keyed' : 'unkeyed'} ${l.outcome}`).sort()).toEqual(['keyed matched', 'unkeyed duplicate', 'unkeyed matched']);
    // The very same file again is not imported at all.
    const same = statement([entry({ amountBani: 1_00 })]);
    const file = from();
    expect((await importStatement(database, same, file)).imported).toBe(true);
    expect(await importStatement(database, same, file)).toEqual({ imported: false, entries: 1, matched: 0, received: 0, flagged: 0, known: 0 });
  });

  it('two bookings without a key in one statement are two lines (known by their entry references); the progress counts the entries written', async () => {
    const u = await newClient();
    const [one, two] = [ref(), ref()];
    await reported(u, 11_00, one);
    await reported(u, 22_00, two);
    const a = entry({ amountBani: 11_00, reference: one, bookingKey: null });
    const b = entry({ amountBani: 22_00, reference: two, bookingKey: null });
    const written: number[] = [];
    const result = await importStatement(database, statement([a, b, entry({ amountBani: 1_00, direction: 'DBIT' })]), from(), (n) => written.push(n));
    expect(result).toEqual({ imported: true, entries: 3, matched: 2, received: 2, flagged: 0, known: 0 });
    expect(await lineOf(a.entryRef)).toMatchObject({ bookingKey: null, outcome: 'matched' });
    expect(await lineOf(b.entryRef)).toMatchObject({ bookingKey: null, outcome: 'matched' });
    expect(written).toEqual([3]);
  });

  it('an empty statement and one of debits only take nothing in and flag nothing', async () => {
    expect(await importStatement(database, statement([]), from())).toEqual({ imported: true, entries: 0, matched: 0, received: 0, flagged: 0, known: 0 });
    const fee = entry({ amountBani: 3_50, direction: 'DBIT', reference: ref() });
    expect(await importStatement(database, statement([fee]), from())).toEqual({ imported: true, entries: 1, matched: 0, received: 0, flagged: 0, known: 0 });
    expect(await lineOf(fee.entryRef)).toMatchObject({ outcome: 'debit' });
  });
});
