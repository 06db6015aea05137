import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { invoices, ledgerEntries, shipments, users } from '../src/db/schema.js';
import { invoiceNumbersByIds } from '../src/modules/invoicing/index.js';
import { shipmentAwbsByIds } from '../src/modules/shipments/index.js';
import {
  attachInvoice,
  backdateMovements,
  balanceBani,
  balanceOf,
  bonus,
  chargeShipment,
  correction,
  creditPayment,
  creditTopUp,
  hasMovement,
  invoicedPayoutsBani,
  invoicedTopUpsBani,
  ledgerStatementPage,
  ledgerTotals,
  paymentsBani,
  payout,
  recentMovements,
  refundShipment,
  reverseCharge,
  revertPayment,
  uninvoicedTopUps,
} from '../src/modules/ledger/index.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/**
 * The ledger's edges that its mutants showed untested (npm run mutate, docs/mutation-scores.md):
 * exact bani, the error texts, another client's movements, the payment kinds kept out of the
 * balance, and the Bucharest day's boundaries of the statements.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const db = () => database.db;

const newClient = () => insertClient(db());

const ref = () => randomUUID();
const move = (userId: number, amountBani: number, reference: string = ref(), at?: Date) => ({ userId, amountBani, reference, description: `Miscare ${amountBani}`, ...(at ? { at } : {}) });
const rowsOf = (userId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);

async function newInvoice(userId: number, number: number) {
  const party = { name: 'S', identificationCode: '1', isCompany: true, isVatPayer: true, tradeRegister: null, address: '', county: '', countryCode: 'RO' };
  const [row] = await db()
    .insert(invoices)
    .values({ userId, series: 'MUT', number, kind: 'prepay', seller: { ...party, iban: '', bank: '' }, buyer: party, lines: [], vatPercent: 21, netBani: 0, vatBani: 0, totalBani: 1 })
    .returning();
  return row!;
}

describe('writing movements', () => {
  it('takes 1 ban and the largest safe amount, refuses the first unsafe one with the kind in the message', async () => {
    const u = await newClient();
    expect(await creditTopUp(db(), move(u, 1))).toMatchObject({ id: expect.any(Number) });
    await expect(creditTopUp(db(), move(u, 0))).rejects.toThrow('ledger: topup needs a positive integer amount in bani');
    await expect(chargeShipment(db(), move(u, -1))).rejects.toThrow('ledger: charge needs a positive integer amount in bani');
    await expect(bonus(db(), move(u, 2 ** 53))).rejects.toThrow('ledger: bonus needs a positive integer amount in bani');
    await expect(correction(db(), { userId: u, signedBani: 0, reference: ref(), description: 'x' })).rejects.toThrow('ledger: a correction moves some money');
    expect((await rowsOf(u)).map((r) => r.amountBani)).toEqual([1]);
  });

  it('keeps the description, the reference, the invoice and the date it was given', async () => {
    const u = await newClient();
    const invoice = await newInvoice(u, 1);
    const at = new Date('2026-03-04T05:06:07Z');
    const reference = ref();
    await payout(db(), { userId: u, amountBani: 12_34, reference, description: 'Plata foaie 7', invoiceId: invoice.id, at });
    await bonus(db(), move(u, 5));
    const [first, second] = await rowsOf(u);
    expect(first).toMatchObject({ kind: 'payout', amountBani: -12_34, reference, description: 'Plata foaie 7', invoiceId: invoice.id, createdAt: at });
    expect(second).toMatchObject({ kind: 'bonus', amountBani: 5, invoiceId: null });
    expect(Math.abs(second!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('signs a correction by its sign and keeps its size', async () => {
    const u = await newClient();
    await correction(db(), { userId: u, signedBani: 1, reference: ref(), description: 'plus' });
    await correction(db(), { userId: u, signedBani: -7_01, reference: ref(), description: 'minus' });
    expect((await rowsOf(u)).map((r) => [r.kind, r.amountBani])).toEqual([
      ['correction', 1],
      ['correction', -7_01],
    ]);
  });
});

describe('reversing a charge', () => {
  it('reverses only this client\'s charge of that reference, never a refund or another client\'s', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const charged = `shipment:${alice}01`;
    const refunded = ref();
    await chargeShipment(db(), move(alice, 45_67, charged));
    await refundShipment(db(), move(alice, 3_00, refunded));
    expect(await reverseCharge(db(), { userId: bob, reference: charged, description: 'AWB refuzat' })).toBeNull();
    expect(await reverseCharge(db(), { userId: alice, reference: refunded, description: 'AWB refuzat' })).toBeNull();
    expect(await rowsOf(bob)).toEqual([]);
    const written = await reverseCharge(db(), { userId: alice, reference: charged, description: 'AWB refuzat' });
    expect(written).toMatchObject({ id: expect.any(Number) });
    expect((await rowsOf(alice)).map((r) => [r.kind, r.amountBani, r.reference, r.description])).toEqual([
      ['charge', -45_67, charged, 'Miscare 4567'],
      ['refund', 3_00, refunded, 'Miscare 300'],
      ['reversal', 45_67, charged, 'AWB refuzat'],
    ]);
    expect(await balanceBani(db(), alice)).toBe(3_00);
  });
});

describe('the sums', () => {
  it('keeps invoice payments out of the balance and the balance out of the payments, per client', async () => {
    const alice = await newClient();
    const bob = await newClient();
    await creditTopUp(db(), move(alice, 100_00));
    await chargeShipment(db(), move(alice, 19_99));
    await creditPayment(db(), move(alice, 50_00));
    await revertPayment(db(), move(alice, 12_50));
    await creditTopUp(db(), move(bob, 7_00));
    await creditPayment(db(), move(bob, 1_00));
    expect(await balanceBani(db(), alice)).toBe(80_01);
    expect(await paymentsBani(db(), alice)).toBe(37_50);
    expect(await balanceBani(db(), bob)).toBe(7_00);
    expect(await paymentsBani(db(), bob)).toBe(1_00);
    const nobody = await newClient();
    expect(await balanceBani(db(), nobody)).toBe(0);
    expect(await paymentsBani(db(), nobody)).toBe(0);
    const [viaSql] = await db().select({ balance: balanceOf(users.id) }).from(users).where(eq(users.id, alice));
    expect(Number(viaSql!.balance)).toBe(80_01);
  });

  it('finds a movement by client, kind and reference together', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const reference = ref();
    await chargeShipment(db(), move(alice, 10, reference));
    expect(await hasMovement(db(), alice, 'charge', reference)).toBe(true);
    expect(await hasMovement(db(), bob, 'charge', reference)).toBe(false);
    expect(await hasMovement(db(), alice, 'refund', reference)).toBe(false);
    expect(await hasMovement(db(), alice, 'charge', ref())).toBe(false);
  });

  it('sums only the invoiced movements of the kind, as positive bani, per client', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const invoice = await newInvoice(alice, 2);
    const top = await creditTopUp(db(), move(alice, 150_00));
    await creditTopUp(db(), move(alice, 9_00));
    await attachInvoice(db(), top!.id, invoice.id);
    await payout(db(), { ...move(alice, 30_00), invoiceId: invoice.id });
    await payout(db(), { ...move(alice, 1_00), invoiceId: invoice.id });
    await payout(db(), move(alice, 5_00));
    await chargeShipment(db(), { ...move(alice, 2_00), invoiceId: invoice.id });
    await payout(db(), { ...move(bob, 4_00), invoiceId: invoice.id });
    expect(await invoicedTopUpsBani(db(), alice)).toBe(150_00);
    expect(await invoicedPayoutsBani(db(), alice)).toBe(31_00);
    expect(await invoicedPayoutsBani(db(), bob)).toBe(4_00);
    expect(await invoicedTopUpsBani(db(), bob)).toBe(0);
  });

  it('lists the uninvoiced top-ups of the client, oldest first', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const invoice = await newInvoice(alice, 3);
    const late = await creditTopUp(db(), move(alice, 3_00, ref(), new Date('2026-05-02T10:00:00Z')));
    const early = await creditTopUp(db(), move(alice, 2_00, ref(), new Date('2026-05-01T10:00:00Z')));
    const covered = await creditTopUp(db(), move(alice, 4_00, ref(), new Date('2026-04-01T10:00:00Z')));
    await attachInvoice(db(), covered!.id, invoice.id);
    await bonus(db(), move(alice, 1_00, ref(), new Date('2026-04-01T10:00:00Z')));
    await creditTopUp(db(), move(bob, 6_00));
    const open = await db().transaction((tx) => uninvoicedTopUps(tx, alice));
    expect(open.map((t) => [t.id, t.amountBani])).toEqual([
      [early!.id, 2_00],
      [late!.id, 3_00],
    ]);
  });

  it('lists the latest movements newest first, payments aside, with only the client\'s own invoice', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const own = await newInvoice(alice, 4);
    const foreign = await newInvoice(bob, 5);
    await creditTopUp(db(), { ...move(alice, 1_00, ref(), new Date('2026-01-01T10:00:00Z')), invoiceId: own.id });
    await creditTopUp(db(), { ...move(alice, 2_00, ref(), new Date('2026-01-03T10:00:00Z')), invoiceId: foreign.id });
    await creditPayment(db(), move(alice, 9_00, ref(), new Date('2026-01-04T10:00:00Z')));
    await chargeShipment(db(), move(alice, 3_00, ref(), new Date('2026-01-02T10:00:00Z')));
    const latest = await recentMovements(db(), alice, 2);
    expect(latest.map((m) => [m.amountBani, m.invoiceId])).toEqual([
      [2_00, foreign.id],
      [-3_00, null],
    ]);
    const all = await recentMovements(db(), alice, 10);
    expect(all.map((m) => [m.amountBani, m.invoiceId])).toEqual([
      [2_00, foreign.id],
      [-3_00, null],
      [1_00, own.id],
    ]);
    // The invoices' numbers are the invoicing module's: only the client's own invoice answers.
    const numbers = await invoiceNumbersByIds(db(), alice, all.flatMap((m) => (m.invoiceId ? [m.invoiceId] : [])));
    expect([...numbers]).toEqual([[own.id, { series: 'MUT', number: 4 }]]);
    expect(await invoiceNumbersByIds(db(), alice, [])).toEqual(new Map());
  });

  it('backdates every kind under the client\'s reference, nothing else', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const reference = `shipment:${alice}02`;
    await chargeShipment(db(), move(alice, 5_00, reference));
    await refundShipment(db(), move(alice, 5_00, reference));
    await bonus(db(), move(alice, 1_00));
    const at = new Date('2025-12-31T23:30:00Z');
    await backdateMovements(db(), { userId: bob, reference, at });
    expect((await rowsOf(alice)).every((r) => r.createdAt.getTime() !== at.getTime())).toBe(true);
    await backdateMovements(db(), { userId: alice, reference, at });
    expect((await rowsOf(alice)).map((r) => r.createdAt.getTime() === at.getTime())).toEqual([true, true, false]);
  });
});

describe('the statements over Bucharest days', () => {
  // 21:59:59 UTC on 31 October is 23:59:59 in Bucharest (EET); 22:00 UTC is already 1 November there.
  const lastSecondOfOctober = new Date('2026-10-31T21:59:59Z');
  const firstInstantOfNovember = new Date('2026-10-31T22:00:00Z');
  const november = { fromDay: '2026-11-01', toDay: '2026-12-01' };

  it('splits the totals at Bucharest midnight, kind by kind, payments aside', async () => {
    const u = await newClient();
    const invoice = await newInvoice(u, 6);
    await creditTopUp(db(), move(u, 100_00, ref(), lastSecondOfOctober));
    await bonus(db(), move(u, 3_00, ref(), lastSecondOfOctober));
    await creditTopUp(db(), { ...move(u, 40_00, ref(), firstInstantOfNovember), invoiceId: invoice.id });
    await creditTopUp(db(), move(u, 11_00, ref(), firstInstantOfNovember));
    const shipment = `shipment:${u}03`;
    await chargeShipment(db(), move(u, 20_00, shipment, new Date('2026-11-10T10:00:00Z')));
    await refundShipment(db(), move(u, 7_00, ref(), new Date('2026-11-11T10:00:00Z')));
    await reverseCharge(db(), { userId: u, reference: shipment, description: 'AWB refuzat' });
    await backdateMovements(db(), { userId: u, reference: shipment, at: new Date('2026-11-10T10:00:00Z') });
    await payout(db(), move(u, 6_00, ref(), new Date('2026-11-12T10:00:00Z')));
    await correction(db(), { userId: u, signedBani: 2_00, reference: ref(), description: 'c', at: new Date('2026-11-13T10:00:00Z') });
    await bonus(db(), move(u, 50, ref(), new Date('2026-11-14T10:00:00Z')));
    await creditPayment(db(), move(u, 999_00, ref(), new Date('2026-11-15T10:00:00Z')));
    // The last instant of November in Bucharest is in; the first of December is not.
    await chargeShipment(db(), move(u, 1_00, ref(), new Date('2026-11-30T21:59:59Z')));
    await chargeShipment(db(), move(u, 8_00, ref(), new Date('2026-11-30T22:00:00Z')));
    expect(await ledgerTotals(db(), u, november)).toEqual({
      previousLeft: 103_00,
      previousBonus: 3_00,
      totalPrepaid: 51_00,
      totalNotInvoiced: 11_00,
      totalTransactions: 21_00,
      totalReturnedTransactions: 27_00,
      totalOther: -4_00,
      totalBonus: 50,
      totalLeft: 156_50,
      availableCount: 8,
      bonusCount: 1,
    });
    const empty = await newClient();
    expect(await ledgerTotals(db(), empty, november)).toEqual({
      previousLeft: 0,
      previousBonus: 0,
      totalPrepaid: 0,
      totalNotInvoiced: 0,
      totalTransactions: 0,
      totalReturnedTransactions: 0,
      totalOther: 0,
      totalBonus: 0,
      totalLeft: 0,
      availableCount: 0,
      bonusCount: 0,
    });
  });

  it('pages a period\'s movements oldest first, [from, to) in instants, with the client\'s own AWB', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const party = { contactName: 'Ana', contactPhone: '0722000000', addressCity: 'Cluj-Napoca' } as never;
    const ship = (userId: number, awb: string) =>
      db()
        .insert(shipments)
        .values({ uniqueId: `MUT${awb}`, userId, status: 'created', sender: party, recipient: party, packages: [], content: 'Test', paymentType: 'prepaid', options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false }, courierId: 'rapidcarpati', awb })
        .returning()
        .then((r) => r[0]!);
    const mine = await ship(alice, `A${alice}`);
    const theirs = await ship(bob, `B${bob}`);
    await creditTopUp(db(), move(alice, 1_00, ref(), lastSecondOfOctober));
    await chargeShipment(db(), move(alice, 2_00, `shipment:${mine.id}`, firstInstantOfNovember));
    await chargeShipment(db(), move(alice, 3_00, `shipment:${theirs.id}`, new Date('2026-11-02T10:00:00Z')));
    await bonus(db(), move(alice, 4_00, ref(), new Date('2026-11-02T11:00:00Z')));
    await creditPayment(db(), move(alice, 5_00, ref(), new Date('2026-11-02T12:00:00Z')));
    await refundShipment(db(), move(alice, 6_00, `shipment:${mine.id}x`, new Date('2026-11-03T10:00:00Z')));
    await payout(db(), move(alice, 7_00, ref(), new Date('2026-11-30T22:00:00Z')));
    const period = { from: firstInstantOfNovember, to: new Date('2026-11-30T22:00:00Z') };
    const page = await ledgerStatementPage(db(), alice, { ...period, bonus: false, limit: 10, offset: 0 });
    expect(page.map((r) => [r.amountBani, r.kind, r.shipmentId])).toEqual([
      [-2_00, 'charge', mine.id],
      [-3_00, 'charge', theirs.id],
      [6_00, 'refund', null],
    ]);
    // The AWBs are the shipments module's: only the client's own shipment answers.
    expect([...(await shipmentAwbsByIds(db(), alice, [mine.id, theirs.id]))]).toEqual([[mine.id, mine.awb]]);
    expect(await shipmentAwbsByIds(db(), alice, [])).toEqual(new Map());
    expect(page[0]).toMatchObject({ createdAt: firstInstantOfNovember, description: 'Miscare 200', id: expect.any(Number) });
    const second = await ledgerStatementPage(db(), alice, { ...period, bonus: false, limit: 1, offset: 1 });
    expect(second.map((r) => r.amountBani)).toEqual([-3_00]);
    const bonuses = await ledgerStatementPage(db(), alice, { ...period, bonus: true, limit: 10, offset: 0 });
    expect(bonuses.map((r) => [r.amountBani, r.kind])).toEqual([[4_00, 'bonus']]);
    const whole = await ledgerStatementPage(db(), alice, { bonus: false, limit: 10, offset: 0 });
    expect(whole.map((r) => r.amountBani)).toEqual([1_00, -2_00, -3_00, 6_00, -7_00]);
    expect(await ledgerStatementPage(db(), bob, { bonus: false, limit: 10, offset: 0 })).toEqual([]);
  });
});
