import type { TShipmentDraft } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { StoreBulkReason } from '@colete/contract';
import type { BulkFulfillmentPlan, StoreOrderActivator } from '../../src/modules/store/index.js';
import type { UserRow } from '../../src/types.js';
import { AppError } from '../../src/lib/errors.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './parties.js';

/**
 * A stand-in for the store's single-order activation in the bulk tests: an order 'gid://shopify/Order/N'
 * has one fulfillment order 'gid://shopify/FulfillmentOrder/N0'; its offers and its activation go
 * through the real shipments API (POST /api/shipments with a request key made from the fulfillment
 * order: the same fulfillment order activated twice answers the same shipment and AWB, as the store
 * activation's own idempotency does). Orders named in `failing` answer their reasons.
 */
export function bulkActivatorStandIn(opts: { failing?: Record<string, StoreBulkReason[]> } = {}) {
  let app: FastifyInstance | null = null;
  const cookies = new Map<number, string>();
  const calls = { activate: 0, plan: 0 };
  /** Called before an activation reaches the courier (a test stops the worker there). */
  let beforeActivate: ((fulfillmentOrderId: string) => Promise<void>) | null = null;
  const fulfilled = new Set<string>();
  /** Called after the courier made the AWB, before the activation answers (a test hangs there: a worker dying). */
  let afterActivate: ((fulfillmentOrderId: string) => Promise<void>) | null = null;

  const call = async (client: UserRow, opts: { method: 'GET' | 'POST'; url: string; payload?: object }) => {
    const res = await app!.inject({ ...opts, headers: { cookie: cookies.get(client.id)! } });
    if (res.statusCode !== 200) throw new Error(`${opts.url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const draft = (orderId: string): TShipmentDraft => ({
    sender: SENDER,
    recipient: RECIPIENT,
    packages: [{ type: 'parcel', weight: 1.5, length: 30, width: 20, height: 10 }],
    content: `Comanda ${orderId.split('/').pop()}`,
    clientReference: orderId.split('/').pop()!,
    options: NO_OPTIONS,
  });
  const foOf = (orderId: string) => `gid://shopify/FulfillmentOrder/${orderId.split('/').pop()}0`;

  const activator: StoreOrderActivator = {
    async plan(client, _account, orderId): Promise<BulkFulfillmentPlan[]> {
      calls.plan += 1;
      const fo = foOf(orderId);
      if (fulfilled.has(fo)) return [];
      const reasons = opts.failing?.[orderId];
      if (reasons) return [{ fulfillmentOrderId: fo, reasons, saved: null, offers: [] }];
      const res = await call(client, { method: 'POST', url: '/api/shipments/offers', payload: draft(orderId) });
      const offers = (res.json().offers as { serviceId: string; type: 'standard'; price: string; errors: string[]; points: { id: string }[] }[]).map((o) => ({
        serviceId: o.serviceId,
        type: o.type,
        priceBani: Math.round(Number(o.price) * 100),
        valid: o.errors.length === 0,
        pointIds: o.points.map((p) => p.id),
      }));
      return [{ fulfillmentOrderId: fo, reasons: [], saved: null, offers }];
    },
    async activate(client, _account, orderId, fulfillmentOrderId, choice) {
      calls.activate += 1;
      await beforeActivate?.(fulfillmentOrderId);
      const requestKey = createHash('sha256').update(`${client.id}:${fulfillmentOrderId}`).digest('hex').slice(0, 40);
      const res = await call(client, { method: 'POST', url: '/api/shipments', payload: { ...draft(orderId), serviceId: choice.serviceId, pointId: choice.pointId, requestKey, activate: true } });
      const s = res.json().shipment as { uniqueId: string; awb: string; estimatedPickupDate: string | null; courierId: string; courierName: string; serviceName: string; price: string };
      fulfilled.add(fulfillmentOrderId);
      await afterActivate?.(fulfillmentOrderId);
      return { uniqueId: s.uniqueId, awb: s.awb, estimatedPickupDate: s.estimatedPickupDate, courierId: s.courierId, courierName: s.courierName, serviceId: choice.serviceId, serviceName: s.serviceName, priceBani: Math.round(Number(s.price) * 100) };
    },
    async printable(client, uniqueIds) {
      return (await activator.labels(client, uniqueIds)).map((a) => (a instanceof Error ? a : (true as const)));
    },
    async labels(client, uniqueIds) {
      return Promise.all(
        uniqueIds.map(async (uniqueId) => {
          // As the shipments service answers: the label's bytes, or its error (a cancelled shipment's 409).
          const res = await app!.inject({ method: 'GET', url: `/api/order-auth/print/${uniqueId}/A6`, headers: { cookie: cookies.get(client.id)! } });
          return res.statusCode === 200 ? new Uint8Array(res.rawPayload) : new AppError(res.statusCode, String(res.json().message), String(res.json().code));
        }),
      );
    },
  };
  return {
    activator,
    calls,
    fulfilled,
    bind(host: FastifyInstance) {
      app = host;
    },
    signIn(userId: number, cookie: string) {
      cookies.set(userId, cookie);
    },
    afterActivate(hook: (fulfillmentOrderId: string) => Promise<void>) {
      afterActivate = hook;
      return { off: () => void (afterActivate = null) };
    },
    onActivate(hook: ((fulfillmentOrderId: string) => Promise<void>) | null) {
      beforeActivate = hook;
    },
  };
}
