/**
 * The simulator's mutations on fulfillment orders (fulfillmentOrderMove, fulfillmentCreate,
 * fulfillmentOrderHold, fulfillmentOrderReleaseHold), with Shopify's payloads and userErrors; the
 * changed state is stored (simulator-state.ts) and the webhooks each change sends are answered
 * for delivery. Also FulfillmentOrder.locationsForMove.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shopifySimOutages } from '../../db/schema/shopify-sim.js';
import { locationNodes } from './simulator-graphql.js';
import { ACTIONS, productNodes } from './simulator-shop-data.js';
import { currentFulfillmentOrder, currentOrder, saveFulfillmentOrder, type SimFulfillment, type SimFulfillmentOrder } from './simulator-state.js';
import { heldPayload, movedPayload, releasedPayload, restOrder, type WebhookEvent } from './simulator-webhooks.js';

/** A refusal: Shopify's typed userErrors carry a code (those of fulfillmentCreate and fulfillmentEventCreate do not). */
type UserError = { field: string[] | null; message: string; code?: string };
export type MutationResult = { data: object; events: WebhookEvent[] };
const CODES: [RegExp, string][] = [
  [/^Location does not exist/, 'LOCATION_NOT_FOUND'],
  [/does not exist/, 'FULFILLMENT_ORDER_NOT_FOUND'],
  [/^Cannot move/, 'CANNOT_MOVE'],
  [/quantity requested/, 'INVALID_LINE_ITEM_QUANTITY'],
  [/cannot be put on hold/, 'FULFILLMENT_ORDER_NOT_HOLDABLE'],
  [/is not on hold/, 'FULFILLMENT_ORDER_NOT_ON_HOLD'],
  [/cannot be split|one split/, 'FULFILLMENT_ORDER_NOT_SPLITTABLE'],
];
const failed = (empty: object, field: string[] | null, message: string): MutationResult => {
  const code = CODES.find(([re]) => re.test(message))?.[1];
  return { data: { ...empty, userErrors: [{ field, message, ...(code ? { code } : {}) } satisfies UserError] }, events: [] };
};

/** Where each SKU is stocked (location numbers). */
const stockedAt = new Map(productNodes().flatMap((p) => p.variants.nodes.map((v) => [v.sku, p.stockedAt] as const)));
const locationNumber = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));

export function assignedLocationOf(locationId: string) {
  const l = locationNodes().find((x) => x.id === locationId)!;
  return { name: l.name, address1: l.address.address1, address2: null, city: l.address.city, province: l.address.province, zip: l.address.zip, countryCode: 'RO', phone: l.address.phone, location: { id: l.id, legacyResourceId: l.legacyResourceId } };
}
const actionsFor = (status: string) => (status === 'CLOSED' ? ACTIONS.closed : status === 'ON_HOLD' ? ACTIONS.held : status === 'IN_PROGRESS' ? ACTIONS.inProgress : ACTIONS.open).map((action) => ({ action }));

/** FulfillmentOrder.locationsForMove: every location, movable when it fulfils online orders and stocks every line (not the current one). */
export function locationsForMove(fo: SimFulfillmentOrder) {
  const canMove = fo.supportedActions.some((a) => a.action === 'MOVE');
  const lines = fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0);
  const nodes = locationNodes().map((l) => {
    const missing = lines.filter((line) => !(stockedAt.get(line.sku ?? '') ?? []).includes(locationNumber(l.id)));
    const message =
      l.id === fo.assignedLocation.location.id
        ? 'Current location.'
        : !canMove
          ? 'Fulfillment order cannot be moved.'
          : !l.fulfillsOnlineOrders
            ? 'Location does not fulfill online orders.'
            : missing.length
              ? `No inventory at this location for ${missing.map((m) => m.sku).join(', ')}.`
              : null;
    return { location: { id: l.id, name: l.name }, movable: message === null, message, availableLineItemsCount: { count: lines.length - missing.length }, unavailableLineItemsCount: { count: missing.length } };
  });
  return { nodes, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
}

/** The fulfillment order as answered: with locationsForMove. */
export const answerFulfillmentOrder = (fo: SimFulfillmentOrder) => ({ ...fo, locationsForMove: locationsForMove(fo) });

const touched = (fo: SimFulfillmentOrder, change: Partial<SimFulfillmentOrder>): SimFulfillmentOrder => {
  const next = { ...fo, ...change, updatedAt: new Date().toISOString() };
  return { ...next, supportedActions: actionsFor(next.status) };
};

type LineInput = { id?: unknown; quantity?: unknown };
const lineInputs = (value: unknown) => (Array.isArray(value) ? (value as LineInput[]).map((l) => ({ id: String(l?.id ?? ''), quantity: Number(l?.quantity) })) : null);

/** fulfillmentOrderMove(id, newLocationId, fulfillmentOrderLineItems): whole, or some lines (a new fulfillment order for them). */
async function move(db: Executor, shop: string, arg: (name: string) => unknown): Promise<MutationResult> {
  const empty = { movedFulfillmentOrder: null, originalFulfillmentOrder: null, remainingFulfillmentOrder: null };
  const found = await currentFulfillmentOrder(db, shop, String(arg('id') ?? ''));
  if (!found) return failed(empty, ['id'], 'Fulfillment order does not exist.');
  const { order, fo } = found;
  const target = String(arg('newLocationId') ?? '');
  const option = locationsForMove(fo).nodes.find((n) => n.location.id === target);
  if (!option) return failed(empty, ['newLocationId'], 'Location does not exist.');
  if (!option.movable) return failed(empty, ['newLocationId'], `Cannot move the fulfillment order: ${option.message}`);
  const requested = lineInputs(arg('fulfillmentOrderLineItems'));
  const source = fo.assignedLocation.location.id;
  if (requested?.some((r) => !fo.lineItems.nodes.some((l) => l.id === r.id && r.quantity > 0 && r.quantity <= l.remainingQuantity))) {
    return failed(empty, ['fulfillmentOrderLineItems'], 'Invalid fulfillment order line item quantity requested.');
  }
  const untouched = fo.lineItems.nodes.every((l) => l.remainingQuantity === l.totalQuantity);
  const whole = !requested || fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0).every((l) => requested.find((r) => r.id === l.id)?.quantity === l.remainingQuantity);
  if (whole && untouched) {
    // The whole fulfillment order, nothing of it fulfilled: it is itself moved.
    const moved = touched(fo, { assignedLocation: assignedLocationOf(target) });
    await saveFulfillmentOrder(db, shop, moved);
    const answered = answerFulfillmentOrder(moved);
    return { data: { movedFulfillmentOrder: answered, originalFulfillmentOrder: answered, remainingFulfillmentOrder: null, userErrors: [] }, events: [{ topic: 'fulfillment_orders/moved', payload: movedPayload(moved, moved, requested, source) }] };
  }
  // Some lines (or what remains of a partly fulfilled one): a new fulfillment order takes them to the new location.
  const take = new Map((requested ?? fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }))).map((r) => [r.id, r.quantity]));
  const newId = `gid://shopify/FulfillmentOrder/${Number(order.legacyResourceId) * 10 + order.fulfillmentOrders.nodes.length + 1}`;
  const movedLines = fo.lineItems.nodes.filter((l) => take.has(l.id)).map((l, k) => ({ ...l, id: `${newId.replace('FulfillmentOrder', 'FulfillmentOrderLineItem')}${k + 1}`, totalQuantity: take.get(l.id)!, remainingQuantity: take.get(l.id)! }));
  const original = touched(fo, {
    // A line moved whole leaves the original fulfillment order.
    lineItems: { ...fo.lineItems, nodes: fo.lineItems.nodes.map((l) => (take.has(l.id) ? { ...l, totalQuantity: l.totalQuantity - take.get(l.id)!, remainingQuantity: l.remainingQuantity - take.get(l.id)! } : l)).filter((l) => l.totalQuantity > 0) },
  });
  const closedOriginal = original.lineItems.nodes.every((l) => l.remainingQuantity === 0) ? touched(original, { status: 'CLOSED' }) : original;
  const moved = touched({ ...fo, id: newId, fulfillmentHolds: [], fulfillments: [] }, { status: 'OPEN', assignedLocation: assignedLocationOf(target), lineItems: { ...fo.lineItems, nodes: movedLines } });
  await saveFulfillmentOrder(db, shop, closedOriginal);
  await saveFulfillmentOrder(db, shop, moved);
  return {
    data: { movedFulfillmentOrder: answerFulfillmentOrder(moved), originalFulfillmentOrder: answerFulfillmentOrder(closedOriginal), remainingFulfillmentOrder: closedOriginal.status === 'CLOSED' ? null : answerFulfillmentOrder(closedOriginal), userErrors: [] },
    events: [{ topic: 'fulfillment_orders/moved', payload: movedPayload(closedOriginal, moved, requested, source) }],
  };
}

/** Starts or ends a shop's fulfillment outage: fulfillmentCreate fails meanwhile (a shop down after the AWB; the platform retries). */
export async function setSimOutage(db: Executor, shop: string, on: boolean) {
  if (on) await db.insert(shopifySimOutages).values({ shop }).onConflictDoNothing();
  else await db.delete(shopifySimOutages).where(eq(shopifySimOutages.shop, shop));
}
export async function simOutage(db: Executor, shop: string) {
  return (await db.select({ shop: shopifySimOutages.shop }).from(shopifySimOutages).where(eq(shopifySimOutages.shop, shop)).limit(1)).length > 0;
}

/**
 * Shops whose fulfillmentCreate answers are lost (tests of a fulfillment made in the shop whose
 * answer never reached the platform): the fulfillment is made, then the endpoint answers the
 * status given, as a proxy whose upstream hung up would (502: the client gives up; 503: Shopify's
 * client library sends the mutation again itself).
 */
export const SIM_LOST_FULFILLMENT_ANSWERS = new Map<string, 502 | 503>();

/** fulfillmentCreate(fulfillment: {lineItemsByFulfillmentOrder, trackingInfo, notifyCustomer}). */
async function fulfillmentCreate(db: Executor, shop: string, arg: (name: string) => unknown): Promise<MutationResult> {
  const empty = { fulfillment: null };
  if (await simOutage(db, shop)) return failed(empty, null, 'Internal error. Looks like something went wrong on our end.');
  const input = (arg('fulfillment') ?? {}) as { lineItemsByFulfillmentOrder?: { fulfillmentOrderId?: unknown; fulfillmentOrderLineItems?: unknown }[]; trackingInfo?: { company?: string; number?: string; url?: string } };
  const groups = input.lineItemsByFulfillmentOrder ?? [];
  if (groups.length !== 1) return failed(empty, ['fulfillment', 'lineItemsByFulfillmentOrder'], 'Fulfillment must have exactly one fulfillment order in the simulator.');
  const found = await currentFulfillmentOrder(db, shop, String(groups[0]!.fulfillmentOrderId ?? ''));
  if (!found) return failed(empty, ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderId'], 'Fulfillment order does not exist.');
  const { fo } = found;
  if (!fo.supportedActions.some((a) => a.action === 'CREATE_FULFILLMENT')) return failed(empty, ['fulfillment'], `Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`);
  const asked = lineInputs(groups[0]!.fulfillmentOrderLineItems) ?? fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
  if (!asked.length || asked.some((r) => !fo.lineItems.nodes.some((l) => l.id === r.id && r.quantity > 0 && r.quantity <= l.remainingQuantity))) {
    return failed(empty, ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderLineItems'], 'Invalid fulfillment order line item quantity requested.');
  }
  const now = new Date().toISOString();
  const count = found.order.fulfillments.length + 1;
  const fulfillment: SimFulfillment = {
    id: `gid://shopify/Fulfillment/${Number(found.order.legacyResourceId) * 100 + count}`,
    name: `${found.order.name}-F${count}`,
    status: 'SUCCESS',
    createdAt: now,
    updatedAt: now,
    trackingInfo: input.trackingInfo ? [{ company: input.trackingInfo.company ?? null, number: input.trackingInfo.number ?? null, url: input.trackingInfo.url ?? null }] : [],
    fulfillmentLineItems: { nodes: asked.map((r, k) => ({ id: `${fo.id.replace('FulfillmentOrder', 'FulfillmentLineItem')}${count}${k}`, quantity: r.quantity, lineItem: { id: fo.lineItems.nodes.find((l) => l.id === r.id)!.lineItem.id } })) },
  };
  const lines = fo.lineItems.nodes.map((l) => ({ ...l, remainingQuantity: l.remainingQuantity - (asked.find((r) => r.id === l.id)?.quantity ?? 0) }));
  const status = lines.every((l) => l.remainingQuantity === 0) ? 'CLOSED' : 'IN_PROGRESS';
  const next = touched(fo, { status, lineItems: { ...fo.lineItems, nodes: lines }, fulfillments: [...(fo.fulfillments ?? []), fulfillment] });
  await saveFulfillmentOrder(db, shop, next);
  const order = await currentOrder(db, shop, fo.orderId);
  return { data: { fulfillment, userErrors: [] }, events: order ? [{ topic: 'orders/updated', payload: restOrder(order) }] : [] };
}

/** fulfillmentOrderHold(id, fulfillmentHold: {reason, reasonNotes}). */
async function hold(db: Executor, shop: string, arg: (name: string) => unknown): Promise<MutationResult> {
  const empty = { fulfillmentHold: null, fulfillmentOrder: null, remainingFulfillmentOrder: null };
  const found = await currentFulfillmentOrder(db, shop, String(arg('id') ?? ''));
  if (!found) return failed(empty, ['id'], 'Fulfillment order does not exist.');
  const input = (arg('fulfillmentHold') ?? {}) as { reason?: unknown; reasonNotes?: unknown; handle?: unknown };
  const reasons = ['AWAITING_PAYMENT', 'HIGH_RISK_OF_FRAUD', 'INCORRECT_ADDRESS', 'INVENTORY_OUT_OF_STOCK', 'AWAITING_RETURN_ITEMS', 'UNKNOWN_DELIVERY_DATE', 'OTHER'];
  if (typeof input.reason !== 'string' || !reasons.includes(input.reason)) return failed(empty, ['fulfillmentHold', 'reason'], 'Reason is not a valid hold reason.');
  if (!found.fo.supportedActions.some((a) => a.action === 'HOLD')) return failed(empty, ['id'], 'The fulfillment order cannot be put on hold.');
  const h = { id: `gid://shopify/FulfillmentHold/${randomUUID().replace(/\D/g, '').slice(0, 12)}`, reason: input.reason, reasonNotes: typeof input.reasonNotes === 'string' ? input.reasonNotes : null, handle: typeof input.handle === 'string' ? input.handle : null, displayReason: input.reason, heldByRequestingApp: true };
  const next = touched(found.fo, { status: 'ON_HOLD', fulfillmentHolds: [...found.fo.fulfillmentHolds, h] as SimFulfillmentOrder['fulfillmentHolds'] });
  await saveFulfillmentOrder(db, shop, next);
  return { data: { fulfillmentHold: h, fulfillmentOrder: answerFulfillmentOrder(next), remainingFulfillmentOrder: null, userErrors: [] }, events: [{ topic: 'fulfillment_orders/placed_on_hold', payload: heldPayload(next) }] };
}

/** fulfillmentOrderReleaseHold(id): every hold is released; the fulfillment order is open again (in progress when partly fulfilled). */
async function release(db: Executor, shop: string, arg: (name: string) => unknown): Promise<MutationResult> {
  const empty = { fulfillmentOrder: null };
  const found = await currentFulfillmentOrder(db, shop, String(arg('id') ?? ''));
  if (!found) return failed(empty, ['id'], 'Fulfillment order does not exist.');
  if (found.fo.status !== 'ON_HOLD') return failed(empty, ['id'], 'The fulfillment order is not on hold.');
  const partly = found.fo.lineItems.nodes.some((l) => l.remainingQuantity < l.totalQuantity);
  const next = touched(found.fo, { status: partly ? 'IN_PROGRESS' : 'OPEN', fulfillmentHolds: [] });
  await saveFulfillmentOrder(db, shop, next);
  return { data: { fulfillmentOrder: answerFulfillmentOrder(next), userErrors: [] }, events: [{ topic: 'fulfillment_orders/hold_released', payload: releasedPayload(next) }] };
}

/**
 * fulfillmentOrderSplit(fulfillmentOrderSplits: [{fulfillmentOrderId, fulfillmentOrderLineItems}]): the
 * lines named (and quantities) leave for a new fulfillment order at the same location; the original
 * keeps the rest (as Shopify splits one). One split a call (what the platform sends).
 */
async function split(db: Executor, shop: string, arg: (name: string) => unknown): Promise<MutationResult> {
  const empty = { fulfillmentOrderSplits: null };
  const splits = (arg('fulfillmentOrderSplits') ?? []) as { fulfillmentOrderId?: unknown; fulfillmentOrderLineItems?: unknown }[];
  if (!Array.isArray(splits) || splits.length !== 1) return failed(empty, ['fulfillmentOrderSplits'], 'Exactly one split is supported by the simulator.');
  const found = await currentFulfillmentOrder(db, shop, String(splits[0]!.fulfillmentOrderId ?? ''));
  if (!found) return failed(empty, ['fulfillmentOrderSplits', '0', 'fulfillmentOrderId'], 'Fulfillment order does not exist.');
  const { order, fo } = found;
  if (!fo.supportedActions.some((a) => a.action === 'SPLIT')) return failed(empty, ['fulfillmentOrderSplits', '0', 'fulfillmentOrderId'], 'The fulfillment order cannot be split.');
  const asked = lineInputs(splits[0]!.fulfillmentOrderLineItems) ?? [];
  const take = new Map(asked.map((r) => [r.id, r.quantity]));
  const remainingAfter = fo.lineItems.nodes.reduce((n, l) => n + l.remainingQuantity - (take.get(l.id) ?? 0), 0);
  if (!asked.length || remainingAfter <= 0 || asked.some((r) => !fo.lineItems.nodes.some((l) => l.id === r.id && r.quantity > 0 && r.quantity <= l.remainingQuantity))) {
    return failed(empty, ['fulfillmentOrderSplits', '0', 'fulfillmentOrderLineItems'], 'Invalid fulfillment order line item quantity requested.');
  }
  const newId = `gid://shopify/FulfillmentOrder/${Number(order.legacyResourceId) * 10 + order.fulfillmentOrders.nodes.length + 1}`;
  const movedLines = fo.lineItems.nodes.filter((l) => take.has(l.id)).map((l, k) => ({ ...l, id: `${newId.replace('FulfillmentOrder', 'FulfillmentOrderLineItem')}${k + 1}`, totalQuantity: take.get(l.id)!, remainingQuantity: take.get(l.id)! }));
  const original = touched(fo, {
    lineItems: { ...fo.lineItems, nodes: fo.lineItems.nodes.map((l) => (take.has(l.id) ? { ...l, totalQuantity: l.totalQuantity - take.get(l.id)!, remainingQuantity: l.remainingQuantity - take.get(l.id)! } : l)).filter((l) => l.totalQuantity > 0) },
  });
  const remaining = touched({ ...fo, id: newId, fulfillmentHolds: [], fulfillments: [] }, { status: 'OPEN', lineItems: { ...fo.lineItems, nodes: movedLines } });
  await saveFulfillmentOrder(db, shop, original);
  await saveFulfillmentOrder(db, shop, remaining);
  return { data: { fulfillmentOrderSplits: [{ fulfillmentOrder: answerFulfillmentOrder(original), remainingFulfillmentOrder: answerFulfillmentOrder(remaining), replacementFulfillmentOrder: null }], userErrors: [] }, events: [] };
}

const EVENT_STATUSES = ['ATTEMPTED_DELIVERY', 'CARRIER_PICKED_UP', 'CONFIRMED', 'DELAYED', 'DELIVERED', 'FAILURE', 'IN_TRANSIT', 'LABEL_PRINTED', 'LABEL_PURCHASED', 'OUT_FOR_DELIVERY', 'PICKED_UP', 'READY_FOR_PICKUP'];

/** fulfillmentEventCreate(fulfillmentEvent: {fulfillmentId, status, message, happenedAt}): kept on the fulfillment, its displayStatus follows. */
async function fulfillmentEvent(db: Executor, shop: string, arg: (name: string) => unknown): Promise<MutationResult> {
  const empty = { fulfillmentEvent: null };
  const input = (arg('fulfillmentEvent') ?? {}) as { fulfillmentId?: unknown; status?: unknown; message?: unknown; happenedAt?: unknown };
  if (typeof input.status !== 'string' || !EVENT_STATUSES.includes(input.status)) return failed(empty, ['fulfillmentEvent', 'status'], 'Status is not included in the list.');
  const fulfillmentId = String(input.fulfillmentId ?? '');
  const number = Math.floor(Number(fulfillmentId.slice(fulfillmentId.lastIndexOf('/') + 1)) / 100);
  const order = Number.isFinite(number) && number > 0 ? await currentOrder(db, shop, `gid://shopify/Order/${number}`) : null;
  const fo = (order?.fulfillmentOrders.nodes as SimFulfillmentOrder[] | undefined)?.find((x) => (x.fulfillments ?? []).some((f) => f.id === fulfillmentId));
  if (!fo) return failed(empty, ['fulfillmentEvent', 'fulfillmentId'], 'Fulfillment does not exist.');
  const happenedAt = typeof input.happenedAt === 'string' ? input.happenedAt : new Date().toISOString();
  const event = { id: `gid://shopify/FulfillmentEvent/${randomUUID().replace(/\D/g, '').slice(0, 12)}`, status: input.status, message: typeof input.message === 'string' ? input.message : null, happenedAt };
  const fulfillments = (fo.fulfillments ?? []).map((f) => (f.id === fulfillmentId ? { ...f, displayStatus: input.status as string, events: [...(f.events ?? []), event] } : f));
  await saveFulfillmentOrder(db, shop, touched(fo, { fulfillments }));
  return { data: { fulfillmentEvent: event, userErrors: [] }, events: [] };
}

export const FULFILLMENT_MUTATIONS = {
  fulfillmentOrderMove: move,
  fulfillmentCreate,
  fulfillmentOrderHold: hold,
  fulfillmentOrderReleaseHold: release,
  fulfillmentOrderSplit: split,
  fulfillmentEventCreate: fulfillmentEvent,
} as const;
