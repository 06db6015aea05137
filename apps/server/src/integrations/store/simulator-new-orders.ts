/**
 * What the merchant or the buyers do in a simulated shop: new orders (the daily job, tests), made
 * now, open, added after the shop's last one and announced with orders/create; an order cancelled
 * in the shop's admin, announced with orders/cancelled; an order's fulfillment held or released there.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shopifySimTokens } from '../../db/schema/shopify-sim.js';
import { SIM_APP_KEY } from './shopify-app.js';
import { buildOrder } from './simulator-orders.js';
import { DAY } from './simulator-shop-data.js';
import { currentOrder, insertOrder, replaceOrder, saveFulfillmentOrder, subscribedShops } from './simulator-state.js';
import { FULFILLMENT_MUTATIONS } from './simulator-mutations.js';
import { restOrder, type SimulatorDeliver, type WebhookEvent } from './simulator-webhooks.js';

/** Adds one open order to the shop (one location, or two every other time) and delivers orders/create. */
export async function addSimulatedOrder(db: Executor, deliver: SimulatorDeliver | null, shop: string, now = new Date()) {
  const today = now.getTime() - (now.getTime() % DAY);
  const order = await insertOrder(db, shop, (number) => buildOrder(shop, number - 1001, number - 1000, today, { at: now, kind: number % 3 === 0 ? 'multiLocation' : 'open' }));
  await deliver?.(shop, [{ topic: 'orders/create', payload: restOrder(order) }]);
  return order;
}

/** The shops that subscribed to orders/create and still have the app: each gets `perShop` new orders. */
export async function addSimulatedOrders(db: Executor, deliver: SimulatorDeliver | null, perShop = 1, now = new Date()) {
  const shops = await subscribedShops(db, 'ORDERS_CREATE');
  let orders = 0;
  for (const shop of shops) {
    const [installed] = await db
      .select({ shop: shopifySimTokens.shop })
      .from(shopifySimTokens)
      .where(and(eq(shopifySimTokens.shop, shop), eq(shopifySimTokens.clientId, SIM_APP_KEY), isNull(shopifySimTokens.revokedAt)))
      .limit(1);
    if (!installed) continue;
    for (let k = 0; k < perShop; k += 1) {
      await addSimulatedOrder(db, deliver, shop, new Date(now.getTime() + k));
      orders += 1;
    }
  }
  return { shops: shops.length, orders };
}

/**
 * The merchant cancels an order in the shop's admin (the app has no write_orders scope): closed,
 * VOIDED (cash on delivery) or REFUNDED, nothing left to fulfil, its open fulfillment orders closed;
 * orders/cancelled is delivered. Answers null for an unknown or already cancelled order.
 */
export async function cancelSimulatedOrder(db: Executor, deliver: SimulatorDeliver | null, shop: string, orderId: string, now = new Date()) {
  const order = await currentOrder(db, shop, orderId);
  if (!order || order.cancelledAt) return null;
  const at = now.toISOString();
  for (const fo of order.fulfillmentOrders.nodes.filter((x) => x.status !== 'CLOSED')) {
    await saveFulfillmentOrder(db, shop, { ...fo, status: 'CLOSED', updatedAt: at, supportedActions: [], fulfillmentHolds: [], lineItems: { ...fo.lineItems, nodes: fo.lineItems.nodes.map((l) => ({ ...l, remainingQuantity: 0 })) } });
  }
  const paid = order.displayFinancialStatus === 'PAID';
  await replaceOrder(db, shop, {
    ...order,
    cancelledAt: at,
    cancelReason: 'CUSTOMER',
    closed: true,
    closedAt: at,
    updatedAt: at,
    displayFinancialStatus: paid ? 'REFUNDED' : 'VOIDED',
    lineItems: { ...order.lineItems, nodes: order.lineItems.nodes.map((l) => ({ ...l, currentQuantity: 0, unfulfilledQuantity: 0 })) },
  });
  const cancelled = (await currentOrder(db, shop, orderId))!;
  await deliver?.(shop, [{ topic: 'orders/cancelled', payload: restOrder(cancelled) }]);
  return cancelled;
}

/**
 * The merchant holds or releases an order's fulfillment in the shop's admin (Shopify's 'Hold
 * fulfillment' / 'Release hold'): each of its fulfillment orders that allows it, announced with
 * fulfillment_orders/placed_on_hold or hold_released. Answers the order, or null when nothing changed.
 */
export async function holdSimulatedOrder(db: Executor, deliver: SimulatorDeliver | null, shop: string, orderId: string, hold: boolean) {
  const order = await currentOrder(db, shop, orderId);
  if (!order || order.cancelledAt) return null;
  const events: WebhookEvent[] = [];
  for (const fo of order.fulfillmentOrders.nodes) {
    const arg = (name: string) => ({ id: fo.id, fulfillmentHold: { reason: 'OTHER', reasonNotes: 'Blocata din administrarea magazinului.' } })[name as 'id'];
    const allowed = hold ? fo.supportedActions.some((a) => a.action === 'HOLD') : fo.status === 'ON_HOLD';
    if (!allowed) continue;
    const result = await (hold ? FULFILLMENT_MUTATIONS.fulfillmentOrderHold : FULFILLMENT_MUTATIONS.fulfillmentOrderReleaseHold)(db, shop, arg);
    events.push(...result.events);
  }
  if (!events.length) return null;
  await deliver?.(shop, events);
  return order;
}
