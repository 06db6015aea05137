/**
 * The simulator's webhooks: Shopify's REST payloads (orders, fulfillment orders) and their delivery
 * to each subscribed address, with Shopify's headers and the HMAC of the raw body.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { SHOPIFY_API_VERSION, signWebhook } from './shopify-app.js';
import { subscribers, type SimFulfillmentOrder } from './simulator-state.js';
export { restOrder } from './simulator-rest-order.js';

/** A fulfillment order as the fulfillment_orders/* webhooks name it. */
export const restFulfillmentOrder = (fo: SimFulfillmentOrder) => ({ id: fo.id, status: fo.status.toLowerCase(), assigned_location_id: fo.assignedLocation.location.id });
/** The app that holds (the platform's, by the simulator's app id). */
const APP_GID = 'gid://shopify/App/1001';
const restHold = (h: SimFulfillmentOrder['fulfillmentHolds'][number]) => ({
  id: h.id,
  handle: h.handle ?? '',
  held_by_app: { id: APP_GID },
  held_by_requesting_app: h.heldByRequestingApp,
  reason: h.reason.toLowerCase(),
  reason_notes: h.reasonNotes ?? '',
});

/** fulfillment_orders/moved: the original and moved fulfillment orders, where they went and from where. */
export const movedPayload = (original: SimFulfillmentOrder, moved: SimFulfillmentOrder, lines: { id: string; quantity: number }[] | null, sourceLocationId: string) => ({
  original_fulfillment_order: restFulfillmentOrder(original),
  moved_fulfillment_order: restFulfillmentOrder(moved),
  destination_location_id: moved.assignedLocation.location.id,
  source_location: { id: sourceLocationId },
  fulfillment_order_line_items_requested: lines ?? [],
});
/** fulfillment_orders/placed_on_hold: the whole fulfillment order is held (no remaining one). */
export const heldPayload = (fo: SimFulfillmentOrder) => ({
  fulfillment_order: { id: fo.id, status: fo.status.toLowerCase(), fulfillment_holds: fo.fulfillmentHolds.map(restHold) },
  remaining_fulfillment_order: null,
  created_fulfillment_hold: restHold(fo.fulfillmentHolds.at(-1)!),
  held_fulfillment_order_line_items: fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity })),
});
export const releasedPayload = (fo: SimFulfillmentOrder) => ({ fulfillment_order: { id: fo.id, status: fo.status.toLowerCase() } });

/** Shopify's webhook headers for one delivery. */
export function webhookHeaders(secret: string, topic: string, shop: string, body: string) {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-hmac-sha256': signWebhook(secret, body),
    'x-shopify-shop-domain': shop,
    'x-shopify-api-version': SHOPIFY_API_VERSION,
    'x-shopify-webhook-id': randomUUID(),
    'x-shopify-event-id': randomUUID(),
    'x-shopify-triggered-at': new Date().toISOString(),
  };
}

export type WebhookEvent = { topic: string; payload: object };

/**
 * Delivers the shop's events to each address subscribed to their topic, as Shopify does: a POST of
 * the raw JSON body with Shopify's headers and HMAC, to any registered address. The platform's own
 * address (this server: `localhost` or the public URL's host) is answered in process, without the
 * network; every other address over HTTPS (10 s to answer). A failed delivery is logged, as Shopify
 * would retry it later.
 */
export function simulatorWebhooks(deps: { db: Executor; secret: string; host: FastifyInstance; publicUrl?: string; fetch?: (url: string, init: RequestInit) => Promise<Response> }) {
  const own = new Set(['localhost', ...(deps.publicUrl ? [new URL(deps.publicUrl).host] : [])]);
  const send = deps.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  async function post(callbackUrl: string, body: string, headers: Record<string, string>) {
    const url = new URL(callbackUrl);
    if (own.has(url.host)) return (await deps.host.inject({ method: 'POST', url: `${url.pathname}${url.search}`, payload: body, headers })).statusCode;
    try {
      return (await send(callbackUrl, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) })).status;
    } catch {
      return 0;
    }
  }
  return async function deliver(shop: string, events: WebhookEvent[]) {
    for (const event of events) {
      for (const callbackUrl of await subscribers(deps.db, shop, event.topic)) {
        const body = JSON.stringify(event.payload);
        const status = await post(callbackUrl, body, webhookHeaders(deps.secret, event.topic, shop, body));
        if (status < 200 || status >= 300) deps.host.log.warn({ shop, topic: event.topic, status, callbackUrl }, 'simulated webhook refused');
      }
    }
  };
}
export type SimulatorDeliver = ReturnType<typeof simulatorWebhooks>;
