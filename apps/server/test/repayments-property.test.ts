import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEvent } from '../src/db/outbox.js';
import { repayments, shipments } from '../src/db/schema.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { repaymentsListener } from '../src/modules/repayments/index.js';
import { shipmentListener, type ShipmentFacts } from '../src/modules/shipments/index.js';
import { createTestApp, createUser, type TestContext } from './helper.js';

/*
 * For random histories of lifecycle events (repeated, out of the usual order, cancellations after
 * deliveries), each cash-on-delivery shipment has at most one repayment, of the shipment's amount.
 */

let ctx: TestContext;
let userId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  userId = (await createUser(ctx)).id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const party = { contactName: 'Ana', contactPhone: '0722000000', addressCity: 'Cluj-Napoca' } as never;
let n = 0;

const STEP = fc.oneof(
  fc.constant({ type: 'shipment.activated' as const }),
  fc.constantFrom('picked_up', 'in_transit', 'delivered', 'refused', 'returned', 'cancelled').map((to) => ({ type: 'shipment.status_changed' as const, to })),
  fc.constant({ type: 'shipment.cancelled' as const }),
);

describe('repayments on random event histories', () => {
  it('at most one repayment per shipment, its amount the cash on delivery', async () => {
    const listeners = [shipmentListener(repaymentsListener)];
    await fc.assert(
      fc.asyncProperty(fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null }), fc.array(STEP, { minLength: 1, maxLength: 8 }), fc.boolean(), async (cod, steps, deliverTwice) => {
        n += 1;
        const [row] = await ctx.database.db
          .insert(shipments)
          .values({
            uniqueId: `prop-${n}`,
            userId,
            status: 'created',
            sender: party,
            recipient: party,
            packages: [],
            content: 'Test',
            options: { codBani: cod, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
            courierId: 'rapidcarpati',
            awb: `P${n}`,
          })
          .returning();
        const shipment: ShipmentFacts = {
          id: row!.id, uniqueId: row!.uniqueId, userId, kind: 'shipment', awb: row!.awb, courierId: 'rapidcarpati', courierName: 'Rapid Carpati',
          serviceName: 'Standard', estimatedPickupDate: null, paymentType: 'prepaid', priceBani: 1800, codBani: cod,
          sender: { contactName: 'Ana', company: null, city: 'Cluj-Napoca' }, recipient: { contactName: 'Ion', city: 'Bucuresti', phone: '0722', phone2: null },
        };
        const at = new Date().toISOString();
        for (const step of steps) {
          const payload = step.type === 'shipment.status_changed' ? { shipment, at, notify: false, from: 'created', to: step.to, reason: null, pickedUp: false } : { shipment, at, notify: false, reason: 'test' };
          await writeEvent(ctx.database.db, { type: step.type, payload });
        }
        await deliverLifecycleEvents(ctx.database, { listeners });
        if (deliverTwice) await deliverLifecycleEvents(ctx.database, { listeners });
        const made = await ctx.database.db.select().from(repayments).where(eq(repayments.shipmentId, row!.id));
        expect(made.length).toBeLessThanOrEqual(1);
        if (cod === null) expect(made).toHaveLength(0);
        for (const r of made) expect(r.amountBani).toBe(cod);
        // A history with an activation or a delivery of a cash-on-delivery shipment makes its repayment.
        if (cod !== null && steps.some((s) => s.type === 'shipment.activated' || ('to' in s && s.to === 'delivered'))) expect(made).toHaveLength(1);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
