import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { ledgerEntries } from '../src/db/schema.js';
import { refundedShipmentIds } from '../src/modules/ledger/index.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/** The shipments whose charge was refunded (the referral bonus's take-backs read it), found in SQL. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('refundedShipmentIds', () => {
  it("answers the asked shipments refunded under 'shipment:<id>' or 'shipment:<id>#n', of the asked clients only", async () => {
    const alice = { id: await insertClient(database.db) };
    const bob = { id: await insertClient(database.db) };
    const refund = (userId: number, reference: string, kind: 'refund' | 'charge' = 'refund') =>
      database.db.insert(ledgerEntries).values({ userId, kind, amountBani: kind === 'refund' ? 1000 : -1000, description: 'test', reference });
    await refund(alice.id, 'shipment:11');
    await refund(alice.id, 'shipment:12#2');
    await refund(alice.id, 'shipment:13', 'charge');
    await refund(alice.id, 'shipment:140');
    await refund(alice.id, 'shipment:15x');
    await refund(bob.id, 'shipment:16');
    const found = await refundedShipmentIds(database.db, [alice.id], [11, 12, 13, 14, 15, 16]);
    // 13 was charged, not refunded; 140 is not 14; '15x' names no shipment; 16 is another client's.
    expect([...found].sort((a, b) => a - b)).toEqual([11, 12]);
    expect([...(await refundedShipmentIds(database.db, [alice.id, bob.id], [16, 140]))].sort((a, b) => a - b)).toEqual([16, 140]);
    expect((await refundedShipmentIds(database.db, [], [11])).size).toBe(0);
    expect((await refundedShipmentIds(database.db, [alice.id], [])).size).toBe(0);
  });
});
