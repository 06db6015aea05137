import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { billableCharges, invoices } from '../src/db/schema.js';
import { cancelShipmentCharge } from '../src/modules/invoicing/credit-notes.js';
import { issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/issue-invoice.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/**
 * A cancelled shipment's charge at the edges its mutants showed untested (npm run mutate): the
 * credit note's exact bani at the supply's VAT, its text, once only, and never for another client.
 */
let database: Database;
let deps: InvoicingDeps;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  deps = { seller: config.seller, platformIban: config.platformIban, series: config.invoiceSeries, mail: false };
});
afterAll(async () => database?.close());

const db = () => database.db;
const buyer = { name: 'Pop SRL', identificationCode: 'RO123', isCompany: true, isVatPayer: true, tradeRegister: null, address: 'Str. A 1', county: 'Cluj', countryCode: 'RO' };

const newClient = () => insertClient(db());

/** A charge of 30,00 lei made on 31 July 2025 (19% VAT), invoiced on 5 August 2025 unless asked otherwise. */
async function charge(userId: number, opts: { invoiced?: boolean; invoiceUserId?: number } = {}) {
  const reference = `shipment:${randomUUID()}`;
  let invoiceId: number | null = null;
  if (opts.invoiced !== false) {
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, deps, { userId: opts.invoiceUserId ?? userId, entity: { id: null, buyer }, kind: 'orders', lines: [{ description: 'Expedieri', grossBani: 30_00, vatPercent: 19 }], at: new Date('2025-08-05T09:00:00Z') }),
    );
    invoiceId = invoice.id;
  }
  await db().insert(billableCharges).values({ userId, description: 'Expediere AWB 123', amountBani: 30_00, reference, invoiceId, createdAt: new Date('2025-07-31T20:00:00Z') });
  return { reference, invoiceId };
}
const chargeOf = async (reference: string) => (await db().select().from(billableCharges).where(eq(billableCharges.reference, reference)))[0];
const cancel = (userId: number, reference: string) => db().transaction((tx) => cancelShipmentCharge(tx, deps, { userId, reference }));

describe('cancelling a shipment\'s charge', () => {
  it('drops a charge not invoiced yet, only the client\'s own', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const { reference } = await charge(alice, { invoiced: false });
    expect(await cancel(bob, reference)).toBeNull();
    expect(await chargeOf(reference)).toMatchObject({ userId: alice, amountBani: 30_00 });
    expect(await cancel(alice, reference)).toBeNull();
    expect(await chargeOf(reference)).toBeUndefined();
  });

  it('reverses an invoiced charge by a credit note at the supply\'s VAT, in exact bani, once', async () => {
    const alice = await newClient();
    const { reference, invoiceId } = await charge(alice);
    const [original] = await db().select().from(invoices).where(eq(invoices.id, invoiceId!));
    const note = await cancel(alice, reference);
    expect(note).toMatchObject({ userId: alice, kind: 'credit_note', creditsInvoiceId: invoiceId, totalBani: -30_00, netBani: -25_21, vatBani: -4_79, buyer: { name: 'Pop SRL' } });
    const number = `${original!.series} ${String(original!.number).padStart(6, '0')}`;
    expect(note!.lines).toEqual([
      { description: `Stornare factura ${number} din 05.08.2025: Expediere AWB 123 (expediere anulata)`, quantity: 1, unitNetBani: -25_21, netBani: -25_21, vatBani: -4_79, vatPercent: 19, suppliedOn: '2025-07-31' },
    ]);
    expect(await chargeOf(reference)).toMatchObject({ invoiceId, creditNoteId: note!.id });
    expect(await cancel(alice, reference)).toBeNull();
    const notes = await db().select().from(invoices).where(eq(invoices.creditsInvoiceId, invoiceId!));
    expect(notes).toHaveLength(1);
  });

  it('issues nothing for another client\'s charge, nor over an invoice that is not the client\'s', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const own = await charge(alice);
    expect(await cancel(bob, own.reference)).toBeNull();
    expect(await chargeOf(own.reference)).toMatchObject({ creditNoteId: null });
    const foreign = await charge(alice, { invoiceUserId: bob });
    expect(await cancel(alice, foreign.reference)).toBeNull();
    expect(await chargeOf(foreign.reference)).toMatchObject({ creditNoteId: null });
    expect(await db().select().from(invoices).where(eq(invoices.kind, 'credit_note')).then((r) => r.filter((i) => i.userId === alice || i.userId === bob))).toEqual([]);
  });
});
