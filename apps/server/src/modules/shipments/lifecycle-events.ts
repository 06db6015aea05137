import type { ShipmentStatus } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { writeEvent, type EventListener, type StoredEvent } from '../../db/outbox.js';
import type { ShipmentRow } from './shipments-queries.js';
import { STATUS_RANK } from './shipment-status.js';

/**
 * The shipment lifecycle's events. Each is written to the outbox in the transaction of the change
 * it reports and delivered after the commit to its listeners (mail and SMS notifications today;
 * store fulfilment, repayments and referral bonus later).
 *
 * The payload carries what a listener needs about the shipment at that moment (`shipment`), so
 * a listener does not read the shipment again (it may have moved on since).
 */
export type ShipmentFacts = {
  id: number;
  uniqueId: string;
  userId: number;
  kind: 'shipment' | 'return';
  awb: string | null;
  courierId: string | null;
  /** The courier's display name (its id when the network no longer lists it). */
  courierName: string | null;
  serviceName: string | null;
  estimatedPickupDate: string | null;
  paymentType: 'prepaid' | 'postpaid' | null;
  priceBani: number | null;
  /** The cash on delivery in bani (null: none); absent from events written before repayments (issue 15). */
  codBani?: number | null;
  sender: { contactName: string; company: string | null; city: string };
  recipient: { contactName: string; city: string; phone: string; phone2: string | null };
};

type Common = {
  shipment: ShipmentFacts;
  /** When it happened (ISO). */
  at: string;
  /** false: the demo seed's history, nobody is told. */
  notify: boolean;
};

export type ShipmentActivated = Common & {
  /**
   * The label the order confirmation attaches (the account's format when the courier prints it);
   * absent from events written before labels were attached, and null when there is none.
   */
  label?: { format: 'A4' | 'A6'; fileName: string } | null;
};
export type ShipmentStatusChanged = Common & {
  from: ShipmentStatus;
  to: ShipmentStatus;
  reason: string | null;
  /** This change is the one where the courier took the parcel (it may already be further on). */
  pickedUp: boolean;
};
export type ShipmentCancelled = Common & { reason: string };

export type ShipmentLifecyclePayloads = {
  'shipment.activated': ShipmentActivated;
  'shipment.status_changed': ShipmentStatusChanged;
  'shipment.cancelled': ShipmentCancelled;
};
export type ShipmentEventType = keyof ShipmentLifecyclePayloads;
export const SHIPMENT_EVENT_TYPES = ['shipment.activated', 'shipment.status_changed', 'shipment.cancelled'] as const satisfies readonly ShipmentEventType[];

/** A delivered lifecycle event, typed by its type. */
export type ShipmentLifecycleEvent = { [T in ShipmentEventType]: StoredEvent<T, ShipmentLifecyclePayloads[T]> }[ShipmentEventType];

/** The shipment as a listener sees it. */
export function factsOf(row: ShipmentRow, courierName: (courierId: string) => string): ShipmentFacts {
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    userId: row.userId,
    kind: row.kind,
    awb: row.awb,
    courierId: row.courierId,
    courierName: row.courierId ? courierName(row.courierId) : null,
    serviceName: row.serviceName,
    estimatedPickupDate: row.estimatedPickupDate,
    paymentType: row.paymentType,
    priceBani: row.priceBani,
    codBani: row.options.codBani,
    // The events keep their own (stored) payload names: an undelivered event must still read the same.
    sender: { contactName: row.sender.contactName, company: row.sender.contactCompany, city: row.sender.addressCity },
    recipient: { contactName: row.recipient.contactName, city: row.recipient.addressCity, phone: row.recipient.contactPhone, phone2: row.recipient.contactPhone2 },
  };
}

/** Writes a lifecycle event in the caller's transaction (the one making the change). */
export function recordShipmentEvent<T extends ShipmentEventType>(tx: Executor, type: T, payload: ShipmentLifecyclePayloads[T]) {
  return writeEvent(tx, { type, payload });
}

/** Whether a step from `from` through `reported` statuses passes the courier's pick-up for the first time. */
export const passesPickup = (from: ShipmentStatus, reported: readonly string[]) => STATUS_RANK[from] < STATUS_RANK.picked_up && reported.includes('picked_up');

/**
 * A listener of lifecycle events, with a handler per type it wants. Registered once in the
 * listener registry (jobs/lifecycle-events.ts); its name keys its receipts, so it must not change.
 */
export type ShipmentListener = {
  name: string;
  on: { [T in ShipmentEventType]?: (tx: Executor, payload: ShipmentLifecyclePayloads[T], event: { id: number; createdAt: Date }) => Promise<void> };
};

/** A typed listener as the outbox delivers to it. */
export function shipmentListener(listener: ShipmentListener): EventListener {
  const types = SHIPMENT_EVENT_TYPES.filter((t) => listener.on[t]);
  return {
    name: listener.name,
    types,
    async handle(tx, event) {
      const handler = listener.on[event.type as ShipmentEventType] as ((tx: Executor, p: unknown, e: { id: number; createdAt: Date }) => Promise<void>) | undefined;
      await handler?.(tx, event.payload, { id: event.id, createdAt: event.createdAt });
    },
  };
}
