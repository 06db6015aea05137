import { randomUUID } from 'node:crypto';
import { ZShipmentCreateRequest, ZShipmentDraft, type TShipmentDraft } from '@colete/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventListener } from '../src/db/outbox.js';
import { domainEvents, eventDeliveries, mailOutbox, shipments, users } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { LIFECYCLE_EVENTS_QUEUE, deliverLifecycleEvents, lifecycleListeners } from '../src/jobs/lifecycle-events.js';
import { simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf, shipmentBilling } from '../src/modules/invoicing/index.js';
import { creditTopUp } from '../src/modules/ledger/index.js';
import { enqueueMail } from '../src/modules/mail/mail-service.js';
import { shipmentsService, type ShipmentsDeps, type ShipmentStatusChanged } from '../src/modules/shipments/index.js';
import type { UserRow } from '../src/types.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { runJob } from './jobs-helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';

/*
 * The shipment lifecycle's events: written to the outbox in the transaction of the change they
 * report, delivered after the commit (at least once) to listeners that act once per event.
 */

let ctx: TestContext;
let jobs: Jobs | undefined;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

const db = () => ctx.database.db;
const draft: TShipmentDraft = { sender: SENDER, recipient: RECIPIENT, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }], content: 'Carti', clientReference: 'CMD-EV', options: NO_OPTIONS };
const service = (over: Partial<ShipmentsDeps> = {}) =>
  shipmentsService({ database: ctx.database, network: simulatedCourierNetwork(ctx.database), billing: shipmentBilling(invoicingDepsOf(ctx.config)), ...over });
/** Ten days on: the simulated courier's journey is over. */
const later = () => service({ now: () => new Date(Date.now() + 10 * 86_400_000) });

async function client(): Promise<UserRow> {
  const u = await createUser(ctx);
  await creditTopUp(db(), { userId: u.id, amountBani: 100_000, reference: randomUUID(), description: 'Reincarcare test' });
  const [row] = await db().select().from(users).where(eq(users.id, u.id));
  return row as UserRow;
}

async function activated(c: UserRow, svc = service()) {
  const offers = await svc.offers(c, ZShipmentDraft.parse(draft));
  const offer = offers.find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const request = ZShipmentCreateRequest.parse({ ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true });
  return (await svc.create(c, request)).row;
}

const eventsOf = (uniqueId: string) =>
  db().select().from(domainEvents).where(sql`${domainEvents.payload}->'shipment'->>'uniqueId' = ${uniqueId}`).orderBy(asc(domainEvents.id));
const mailsOf = (userId: number, kind: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));

describe('lifecycle events are written with their change', () => {
  it('an activation, the courier’s steps and a cancellation each write their typed event', async () => {
    const c = await client();
    const s = await activated(c);
    const [created] = await eventsOf(s.uniqueId);
    expect(created).toMatchObject({ type: 'shipment.activated', deliveredAt: null });
    expect(created!.payload).toMatchObject({ shipment: { uniqueId: s.uniqueId, userId: c.id, awb: s.awb, paymentType: 'prepaid' }, notify: true });

    await later().trackOpen();
    const [, changed] = await eventsOf(s.uniqueId);
    expect(changed!.type).toBe('shipment.status_changed');
    const payload = changed!.payload as ShipmentStatusChanged;
    const [row] = await db().select().from(shipments).where(eq(shipments.uniqueId, s.uniqueId));
    expect(payload).toMatchObject({ from: 'created', to: row!.status, pickedUp: true, shipment: { awb: s.awb } });
    // Nothing new from the courier: no event.
    await later().trackOpen();
    expect(await eventsOf(s.uniqueId)).toHaveLength(2);

    const other = await activated(c);
    await service().cancel(c, other.uniqueId);
    expect((await eventsOf(other.uniqueId)).map((e) => e.type)).toEqual(['shipment.activated', 'shipment.cancelled']);
  });

  it('a change that rolled back writes no event (and the job finishes it later, announced once)', async () => {
    const c = await client();
    const failing = service({
      billing: {
        recordShipmentCharge: async () => {
          throw new Error('invoicing is down');
        },
        cancelCharge: async () => undefined,
      },
    });
    await expect(activated(c, failing)).rejects.toThrow('invoicing is down');
    const [row] = await db().select().from(shipments).where(eq(shipments.userId, c.id));
    // The AWB's transaction rolled back whole: still activating, nothing announced.
    expect(row!.status).toBe('activating');
    expect(await eventsOf(row!.uniqueId)).toHaveLength(0);

    await service({ now: () => new Date(Date.now() + 5 * 60_000) }).trackOpen();
    expect((await eventsOf(row!.uniqueId)).map((e) => e.type)).toEqual(['shipment.activated']);
  });
});

describe('delivery: at least once, each listener once', () => {
  it('an event delivered twice (even at once) reaches each listener once', async () => {
    const c = await client();
    const s = await activated(c);
    await Promise.all([deliverLifecycleEvents(ctx.database), deliverLifecycleEvents(ctx.database)]);
    const [event] = await eventsOf(s.uniqueId);
    expect(event!.deliveredAt).not.toBeNull();
    // Delivered again, as if the first run's end were lost: the listener's receipt makes it a no-op.
    await db().update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, event!.id));
    await deliverLifecycleEvents(ctx.database);
    expect(await mailsOf(c.id, 'sendOrderConfirmationToSender')).toHaveLength(1);
    const receipts = await db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, event!.id));
    expect(receipts.map((r) => r.listener).sort()).toEqual(['customers.shipment-recipients', 'mail.shipment-notifications', 'repayments.cash-on-delivery']);
  });

  it('a failing listener is rolled back alone, retried on the next run, and does not block the others', async () => {
    const c = await client();
    const s = await activated(c);
    const [event] = await eventsOf(s.uniqueId);
    const failedOnce = new Set<number>();
    const calls = { flaky: 0, steady: 0 };
    const mine = (id: number) => id === event!.id;
    const flaky: EventListener = {
      name: 'test.flaky',
      types: ['shipment.activated'],
      async handle(tx, e) {
        if (!mine(e.id)) return;
        calls.flaky += 1;
        await enqueueMail(tx, { userId: c.id, kind: 'test-flaky', to: ['a@test.ro'], subject: 'flaky', text: 'flaky' });
        if (!failedOnce.has(e.id)) {
          failedOnce.add(e.id);
          throw new Error('not now');
        }
      },
    };
    const steady: EventListener = {
      name: 'test.steady',
      types: ['shipment.activated'],
      async handle(tx, e) {
        if (!mine(e.id)) return;
        calls.steady += 1;
        await enqueueMail(tx, { userId: c.id, kind: 'test-steady', to: ['b@test.ro'], subject: 'steady', text: 'steady' });
      },
    };
    const listeners = [...lifecycleListeners(), flaky, steady];

    await deliverLifecycleEvents(ctx.database, { listeners });
    let [after] = await eventsOf(s.uniqueId);
    expect(after).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'test.flaky: not now' });
    expect(await mailsOf(c.id, 'test-flaky')).toHaveLength(0);
    expect(await mailsOf(c.id, 'test-steady')).toHaveLength(1);
    expect(await mailsOf(c.id, 'sendOrderConfirmationToSender')).toHaveLength(1);

    await deliverLifecycleEvents(ctx.database, { listeners });
    [after] = await eventsOf(s.uniqueId);
    expect(after!.deliveredAt).not.toBeNull();
    expect(calls).toEqual({ flaky: 2, steady: 1 });
    expect(await mailsOf(c.id, 'test-flaky')).toHaveLength(1);
    expect(await mailsOf(c.id, 'test-steady')).toHaveLength(1);
    expect(await mailsOf(c.id, 'sendOrderConfirmationToSender')).toHaveLength(1);
  });

  it('the courier’s steps reach the mail and SMS listeners once each', async () => {
    const c = await client();
    const s = await activated(c);
    await later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    await deliverLifecycleEvents(ctx.database);
    const [, changed] = await eventsOf(s.uniqueId);
    const receipts = await db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, changed!.id));
    expect(receipts.map((r) => r.listener).sort()).toEqual(['mail.shipment-notifications', 'repayments.cash-on-delivery', 'sms.pickup-recipient', 'store.fulfillment-events']);
    expect(await mailsOf(c.id, 'pickUpRecipientNotify')).toHaveLength(1);
  });

  it('an event committed right before the process died is delivered by the next run of the job (its pg-boss queue)', async () => {
    const c = await client();
    // No job runs yet: committed, never delivered (the process 'died' after the commit).
    const s = await activated(c);
    const [pending] = await eventsOf(s.uniqueId);
    expect(pending!.deliveredAt).toBeNull();
    expect(await mailsOf(c.id, 'sendOrderConfirmationToSender')).toHaveLength(0);

    jobs = await startJobs(ctx.app);
    expect((await runJob(jobs.boss, LIFECYCLE_EVENTS_QUEUE)).state).toBe('completed');
    const [delivered] = await eventsOf(s.uniqueId);
    expect(delivered!.deliveredAt).not.toBeNull();
    expect(await mailsOf(c.id, 'sendOrderConfirmationToSender')).toHaveLength(1);
  }, 60_000);
});

describe('keeping the outbox small', () => {
  it('prunes delivered events older than the limit, with their receipts, and keeps pending and recent ones', async () => {
    const { pruneDeliveredEvents } = await import('../src/db/outbox.js');
    const old = new Date(Date.now() - 40 * 86_400_000);
    const [delivered, pending, recent] = await db()
      .insert(domainEvents)
      .values([
        { type: 'test.pruned', payload: { n: 1 }, createdAt: old, deliveredAt: old },
        { type: 'test.pruned', payload: { n: 2 }, createdAt: old },
        { type: 'test.pruned', payload: { n: 3 }, deliveredAt: new Date() },
      ])
      .returning({ id: domainEvents.id });
    await db().insert(eventDeliveries).values({ eventId: delivered!.id, listener: 'test.listener' });

    const removed = await pruneDeliveredEvents(ctx.database, new Date(Date.now() - 30 * 86_400_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await db().select({ id: domainEvents.id }).from(domainEvents).where(eq(domainEvents.type, 'test.pruned'));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([pending!.id, recent!.id]);
    expect(await db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, delivered!.id))).toEqual([]);
  });
});
