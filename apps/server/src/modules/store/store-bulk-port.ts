import type { StoreBulkReason } from '@colete/contract';
import type { ServiceType } from '../../integrations/couriers/courier-network.js';
import type { UserRow } from '../../types.js';

/*
 * What bulk activation needs from single-order activation (issue 14): the order's fulfillment
 * orders awaiting fulfilment, each with what blocks it and its offers, and activating one of them
 * with a chosen service, exactly once (the activation's own idempotency: the same fulfillment
 * order activated again answers the shipment it already made, never a second AWB); the label of a
 * shipment it made. The composition root gives the store activation's implementation.
 */

export type BulkServiceChoice = { serviceId: string; pointId: string | null };

/** An offer as the choice rule reads it: valid when the courier answered it without errors. */
export type BulkOffer = { serviceId: string; type: ServiceType; priceBani: number; valid: boolean; pointIds: string[]; courierName?: string; serviceName?: string };

export type BulkFulfillmentPlan = {
  fulfillmentOrderId: string;
  /** Spec 002 section 8's reasons that keep it from being activated (the recipient, the sender, the packing); empty: it can be. */
  reasons: StoreBulkReason[];
  /** 'Salveaza pentru activare ulterioara': the service saved for it, if any. */
  saved: BulkServiceChoice | null;
  /** The offers for it now (empty when it has reasons). */
  offers: BulkOffer[];
};

export type BulkActivated = {
  uniqueId: string;
  awb: string;
  /** YYYY-MM-DD. */
  estimatedPickupDate: string | null;
  courierId: string;
  courierName: string;
  serviceId: string;
  serviceName: string;
  priceBani: number;
};

export interface StoreOrderActivator {
  /** The order's fulfillment orders still awaiting fulfilment (none: nothing to activate). */
  plan(client: UserRow, storeAccountId: number, orderId: string): Promise<BulkFulfillmentPlan[]>;
  /** Activates one fulfillment order with the service; throws when it could not be (nothing was made then). */
  activate(client: UserRow, storeAccountId: number, orderId: string, fulfillmentOrderId: string, choice: BulkServiceChoice): Promise<BulkActivated>;
  /**
   * The labels of shipments the activation made, in the order asked: each in A6, or in A4 when its
   * courier does not print A6 (the merge fits it to its place); a shipment without a label any more
   * (cancelled since) answers its error instead of bytes.
   */
  labels(client: UserRow, uniqueIds: readonly string[]): Promise<(Uint8Array | Error)[]>;
  /** Which of them have a label to print now (true), or their error, without reading a label (a reprint's check). */
  printable(client: UserRow, uniqueIds: readonly string[]): Promise<(true | Error)[]>;
}

/**
 * The client's usual service type: the type most of their last activated shipments had (their
 * service ids looked up in the offers at hand), standard when they have none or on a tie with it.
 */
export function usualType(recentServiceIds: readonly string[], offers: readonly BulkOffer[]): ServiceType {
  const typeOf = new Map(offers.map((o) => [o.serviceId, o.type] as const));
  const counts = new Map<ServiceType, number>();
  for (const id of recentServiceIds) {
    const type = typeOf.get(id);
    if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  let best: ServiceType = 'standard';
  for (const [type, n] of counts) if (n > (counts.get(best) ?? 0)) best = type;
  return best;
}

/**
 * The service a fulfillment order is activated with: its saved one when still offered and valid,
 * otherwise the cheapest valid offer of the client's usual type (a locker offer at its first,
 * nearest point); null when none.
 */
export function chooseService(plan: BulkFulfillmentPlan, recentServiceIds: readonly string[]): BulkServiceChoice | null {
  const valid = plan.offers.filter((o) => o.valid);
  if (plan.saved) {
    const saved = valid.find((o) => o.serviceId === plan.saved!.serviceId);
    if (saved && (saved.type !== 'locker' || (plan.saved.pointId && saved.pointIds.includes(plan.saved.pointId)))) return plan.saved;
  }
  const type = usualType(recentServiceIds, plan.offers);
  const cheapest = valid.filter((o) => o.type === type && (o.type !== 'locker' || o.pointIds.length > 0)).sort((a, b) => a.priceBani - b.priceBani)[0];
  if (!cheapest) return null;
  return { serviceId: cheapest.serviceId, pointId: cheapest.type === 'locker' ? cheapest.pointIds[0]! : null };
}

/** Whether the offer can be taken as it stands: valid, and a locker offer with a point. */
const usable = (o: BulkOffer) => o.valid && (o.type !== 'locker' || o.pointIds.length > 0);

/**
 * The service chosen for the whole run (issue 24): this fulfillment order's offer of it when valid
 * (a locker offer at its first, nearest point); null when the service cannot carry it (the order
 * is reported, not switched to another service).
 */
export function runService(plan: BulkFulfillmentPlan, serviceId: string): BulkServiceChoice | null {
  const offer = plan.offers.find((o) => o.serviceId === serviceId && usable(o));
  return offer ? { serviceId, pointId: offer.type === 'locker' ? offer.pointIds[0]! : null } : null;
}

/** The services the plans' offers hold (the bulk preview's choice): how many fulfillment orders each can carry and at what price together. */
export function servicesOfPlans(plans: readonly BulkFulfillmentPlan[]) {
  const ready = plans.filter((p) => p.reasons.length === 0);
  const byId = new Map<string, { serviceId: string; courierName: string; serviceName: string; carries: number; totalBani: number }>();
  for (const plan of ready) {
    for (const o of plan.offers) {
      if (!usable(o)) continue;
      const s = byId.get(o.serviceId) ?? { serviceId: o.serviceId, courierName: o.courierName ?? '', serviceName: o.serviceName ?? o.serviceId, carries: 0, totalBani: 0 };
      s.carries += 1;
      s.totalBani += o.priceBani;
      byId.set(o.serviceId, s);
    }
  }
  return { parts: ready.length, services: [...byId.values()].sort((a, b) => b.carries - a.carries || a.totalBani - b.totalBani || a.serviceId.localeCompare(b.serviceId)) };
}
