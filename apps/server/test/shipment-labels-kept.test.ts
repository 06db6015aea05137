import { randomUUID } from 'node:crypto';
import { messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, shipmentLabels, shipments, users } from '../src/db/schema.js';
import type { AwbFormat, CourierNetwork } from '../src/integrations/couriers/courier-network.js';
import { simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { AppError } from '../src/lib/errors.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf, shipmentBilling } from '../src/modules/invoicing/index.js';
import { shipmentsService } from '../src/modules/shipments/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';

/**
 * Labels kept once drawn (issue 28 §4): the courier draws an AWB's label in a format once; later
 * downloads, mails and a bulk run's merged labels read it. A cancelled shipment's kept label is never served.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const draft = { sender: SENDER, recipient: RECIPIENT, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }], content: 'Carti', options: NO_OPTIONS };

async function activeShipment(u: TestUser) {
  const offers = await as(ctx, u, { method: 'POST', url: '/api/shipments/offers', payload: draft });
  const offer = offers.json().offers.find((o: { type: string; errors: string[] }) => o.type === 'standard' && o.errors.length === 0);
  const res = await as(ctx, u, { method: 'POST', url: '/api/shipments', payload: { ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipment as { uniqueId: string; awb: string; labelFormats: AwbFormat[] };
}

/** A shipments service over the test's database whose courier counts the labels it draws. */
function countingService() {
  const real = simulatedCourierNetwork(ctx.database);
  const drawn: string[] = [];
  const network: CourierNetwork = {
    ...real,
    couriers: () => real.couriers(),
    label: (awb, format) => {
      drawn.push(`${awb}:${format}`);
      return real.label(awb, format);
    },
  };
  const service = shipmentsService({ database: ctx.database, network, billing: shipmentBilling(invoicingDepsOf(ctx.config)) });
  return { service, drawn };
}

const userRow = async (u: TestUser) => (await ctx.database.db.select().from(users).where(eq(users.id, u.id)))[0]!;
const topUp = (u: TestUser) => ctx.database.db.insert(ledgerEntries).values({ userId: u.id, kind: 'topup', amountBani: 100_000, description: 'Reincarcare test', reference: randomUUID() });

describe('labels kept once drawn', () => {
  it('draws a label once per format: the second download reads the kept one, the same bytes', async () => {
    const alice = await createUser(ctx);
    await topUp(alice);
    const s = await activeShipment(alice);
    const { service, drawn } = countingService();
    const client = await userRow(alice);
    const format = s.labelFormats[0]!;
    const first = await service.label(client, s.uniqueId, format);
    const second = await service.label(client, s.uniqueId, format);
    expect(drawn).toEqual([`${s.awb}:${format}`]);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect((await PDFDocument.load(second.bytes)).getPageCount()).toBe(1);
    // Another format is another label, drawn once too.
    const other = s.labelFormats[1];
    if (other) {
      await service.label(client, s.uniqueId, other);
      await service.label(client, s.uniqueId, other);
      expect(drawn).toEqual([`${s.awb}:${format}`, `${s.awb}:${other}`]);
    }
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, s.uniqueId));
    expect(await ctx.database.db.select({ format: shipmentLabels.format }).from(shipmentLabels).where(eq(shipmentLabels.shipmentId, row!.id))).toHaveLength(other ? 2 : 1);
  });

  it('a batch reads the kept labels in one go, draws only the new ones, keeps the order asked, and answers each missing or cancelled one its error', async () => {
    const alice = await createUser(ctx);
    await topUp(alice);
    const [a, b, c] = [await activeShipment(alice), await activeShipment(alice), await activeShipment(alice)];
    const { service, drawn } = countingService();
    const client = await userRow(alice);
    const prefer: AwbFormat[] = ['A6', 'A4'];
    const formatOf = (s: { labelFormats: AwbFormat[] }) => prefer.find((f) => s.labelFormats.includes(f))!;
    await service.label(client, b.uniqueId, formatOf(b));
    expect((await as(ctx, alice, { method: 'POST', url: `/api/shipments/${c.uniqueId}/cancel` })).statusCode).toBe(200);

    const answers = await service.labelsOf(client, [a.uniqueId, 'NU-EXISTA', b.uniqueId, c.uniqueId], prefer);
    expect(drawn).toEqual([`${b.awb}:${formatOf(b)}`, `${a.awb}:${formatOf(a)}`]);
    expect(answers[0]).toBeInstanceOf(Uint8Array);
    expect((answers[1] as AppError).statusCode).toBe(404);
    expect(answers[2]).toBeInstanceOf(Uint8Array);
    expect((answers[3] as AppError).code).toBe('labelCancelled');
    const text = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getTitle();
    expect(await text(answers[0] as Uint8Array)).toBe(`AWB ${a.awb}`);
    expect(await text(answers[2] as Uint8Array)).toBe(`AWB ${b.awb}`);

    // Asked again: nothing drawn.
    await service.labelsOf(client, [a.uniqueId, b.uniqueId], prefer);
    expect(drawn).toHaveLength(2);
  });

  it('never serves a kept label once the shipment is cancelled, nor another client’s', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    await topUp(alice);
    const s = await activeShipment(alice);
    const format = s.labelFormats[0]!;
    expect((await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` })).statusCode).toBe(200);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` })).statusCode).toBe(404);
    const { service } = countingService();
    expect(((await service.labelsOf(await userRow(bob), [s.uniqueId], [format]))[0] as AppError).statusCode).toBe(404);
    expect((await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/cancel` })).statusCode).toBe(200);
    const res = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.shipments.labelCancelled);
  });
});
