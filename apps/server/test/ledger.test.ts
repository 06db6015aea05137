import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { invoices, ledgerEntries, users } from '../src/db/schema.js';
import { invoiceNumbersByIds } from '../src/modules/invoicing/index.js';
import {
  attachInvoice,
  balanceBani,
  balanceOf,
  bonus,
  chargeShipment,
  correction,
  creditTopUp,
  hasMovement,
  invoicedPayoutsBani,
  invoicedTopUpsBani,
  payout,
  recentMovements,
  refundShipment,
  reverseCharge,
} from '../src/modules/ledger/index.js';
import { openTestDatabase } from './helper.js';
import { isWallTestFile } from './support/wall-test-files.js';
import { insertClient } from './support/clients.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const db = () => database.db;

const newClient = () => insertClient(db());

const rowsOf = (userId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
const move = (userId: number, amountBani: number, reference: string = randomUUID()) => ({ userId, amountBani, reference, description: 'Miscare test' });

describe('the ledger: one row per movement, signed by kind', () => {
  it('writes each movement kind as one row with its sign', async () => {
    const u = await newClient();
    await creditTopUp(db(), move(u, 10_000));
    await chargeShipment(db(), move(u, 2_500, 'shipment:1'));
    await refundShipment(db(), move(u, 2_500, 'shipment:1'));
    await payout(db(), move(u, 1_000));
    await bonus(db(), move(u, 500));
    await chargeShipment(db(), move(u, 700, 'shipment:2'));
    await reverseCharge(db(), { userId: u, reference: 'shipment:2', description: 'AWB refuzat' });
    await correction(db(), { userId: u, signedBani: 300, reference: 'fix-1', description: 'Corectie' });
    await correction(db(), { userId: u, signedBani: -200, reference: 'fix-2', description: 'Corectie' });
    const rows = await rowsOf(u);
    expect(rows.map((r) => [r.kind, r.amountBani])).toEqual([
      ['topup', 10_000],
      ['charge', -2_500],
      ['refund', 2_500],
      ['payout', -1_000],
      ['bonus', 500],
      ['charge', -700],
      ['reversal', 700],
      ['correction', 300],
      ['correction', -200],
    ]);
    // The balance is the SQL sum of the rows.
    expect(await balanceBani(db(), u)).toBe(rows.reduce((s, r) => s + r.amountBani, 0));
    expect(await balanceBani(db(), u)).toBe(9_600);
    expect(await hasMovement(db(), u, 'charge', 'shipment:2')).toBe(true);
    expect(await hasMovement(db(), u, 'charge', 'shipment:3')).toBe(false);
  });

  it('writes a kind and reference once, also when two calls race', async () => {
    const u = await newClient();
    const first = await creditTopUp(db(), move(u, 5_000, 'pay-1'));
    expect(first).toMatchObject({ id: expect.any(Number) });
    expect(await creditTopUp(db(), move(u, 5_000, 'pay-1'))).toBeNull();
    const raced = await Promise.all([chargeShipment(db(), move(u, 1_000, 'shipment:9')), chargeShipment(db(), move(u, 1_000, 'shipment:9'))]);
    expect(raced.filter((r) => r !== null)).toHaveLength(1);
    // The same reference under another kind is another movement (a charge and its refund).
    await refundShipment(db(), move(u, 1_000, 'shipment:9'));
    expect((await rowsOf(u)).map((r) => r.kind)).toEqual(['topup', 'charge', 'refund']);
    expect(await balanceBani(db(), u)).toBe(5_000);
  });

  it('reverses a charge by the charge’s own amount, once; nothing without a charge', async () => {
    const u = await newClient();
    await chargeShipment(db(), move(u, 1_234, 'shipment:5'));
    expect(await reverseCharge(db(), { userId: u, reference: 'shipment:5', description: 'AWB refuzat' })).not.toBeNull();
    expect(await reverseCharge(db(), { userId: u, reference: 'shipment:5', description: 'AWB refuzat' })).toBeNull();
    expect(await reverseCharge(db(), { userId: u, reference: 'shipment:6', description: 'AWB refuzat' })).toBeNull();
    expect((await rowsOf(u)).map((r) => [r.kind, r.amountBani])).toEqual([
      ['charge', -1_234],
      ['reversal', 1_234],
    ]);
  });

  it('refuses amounts that are not positive integers and a correction of nothing', async () => {
    const u = await newClient();
    await expect(creditTopUp(db(), move(u, 0))).rejects.toThrow();
    await expect(chargeShipment(db(), move(u, -5))).rejects.toThrow();
    await expect(payout(db(), move(u, 1.5))).rejects.toThrow();
    await expect(correction(db(), { userId: u, signedBani: 0, reference: 'z', description: 'x' })).rejects.toThrow();
    expect(await rowsOf(u)).toHaveLength(0);
  });

  it('sums invoiced top-ups and payouts, links an invoice, lists the latest movements with their invoice', async () => {
    const u = await newClient();
    const topUp = await creditTopUp(db(), move(u, 20_000));
    await creditTopUp(db(), move(u, 3_000));
    const [invoice] = await db()
      .insert(invoices)
      .values({
        userId: u,
        series: 'TST',
        number: 1,
        kind: 'prepay',
        seller: { name: 'S', identificationCode: '1', isCompany: true, isVatPayer: true, tradeRegister: null, address: '', county: '', countryCode: 'RO', iban: '', bank: '' },
        buyer: { name: 'B', identificationCode: '2', isCompany: true, isVatPayer: true, tradeRegister: null, address: '', county: '', countryCode: 'RO' },
        lines: [],
        vatPercent: 21,
        netBani: 0,
        vatBani: 0,
        totalBani: 20_000,
      })
      .returning();
    await attachInvoice(db(), topUp!.id, invoice!.id);
    expect(await invoicedTopUpsBani(db(), u)).toBe(20_000);
    await payout(db(), { ...move(u, 4_000), invoiceId: invoice!.id });
    await payout(db(), move(u, 1_000));
    expect(await invoicedPayoutsBani(db(), u)).toBe(4_000);
    const latest = await recentMovements(db(), u, 10);
    expect(latest.map((m) => m.kind)).toEqual(['payout', 'payout', 'topup', 'topup']);
    expect(latest.find((m) => m.id === topUp!.id)).toMatchObject({ invoiceId: invoice!.id });
    expect(await invoiceNumbersByIds(db(), u, [invoice!.id])).toEqual(new Map([[invoice!.id, { series: 'TST', number: 1 }]]));
    // The balance as an SQL expression agrees with the balance function.
    const [viaSql] = await db().select({ balance: balanceOf(users.id) }).from(users).where(eq(users.id, u));
    expect(Number(viaSql!.balance)).toBe(await balanceBani(db(), u));
  });
});

/**
 * Nothing but the ledger module writes the ledger table. Lists every offending file and line,
 * so a new write outside the module is found at once.
 */
describe('the ledger table is written only by the ledger module', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const ledgerDir = path.join(src, 'modules', 'ledger');
  const WRITE = /\.(insert|update|delete)\(\s*ledgerEntries\b/g;
  const RAW = /\bledger_entries\b/g;

  function files(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (isWallTestFile(e.name)) return [];
      if (e.isDirectory()) return full === ledgerDir ? [] : files(full);
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
    });
  }

  it('finds no insert, update or delete of ledgerEntries, nor ledger_entries in SQL, outside modules/ledger', () => {
    const offenders: string[] = [];
    for (const file of files(src)) {
      const text = fs.readFileSync(file, 'utf8');
      const rel = path.relative(src, file);
      const lineOf = (index: number) => text.slice(0, index).split('\n').length;
      for (const m of text.matchAll(WRITE)) offenders.push(`${rel}:${lineOf(m.index)} ${m[0].replace(/\s+/g, '')}`);
      // The table's own definition names it once.
      if (rel === path.join('db', 'schema', 'ledger.ts')) continue;
      for (const m of text.matchAll(RAW)) offenders.push(`${rel}:${lineOf(m.index)} ledger_entries`);
    }
    expect(offenders, `ledger writes outside modules/ledger:\n${offenders.join('\n')}`).toEqual([]);
  });
});
