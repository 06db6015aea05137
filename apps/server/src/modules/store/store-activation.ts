import { writingApp } from './store-copy-writes.js';
import { choiceOfActivationId, messages, STORE_FULFILLMENT_MAX_ATTEMPTS, type StoreRefusalKind, type TOffer, type TShipmentDetail, type TShipmentDraftParsed, type ZStoreActivateRequest, type ZStoreOffersRequest, type ZStoreSaveRequest } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { StoreRefusalRecord } from '../../db/schema/store-activations.js';
import type { ShopifyAdapter } from '../../integrations/store/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { assertPacked, storeDraftOf } from './store-activation-draft.js';
import { activationById, activationOf, claimActivation, nextGeneration, pendingFulfillments, saveForLater, shipmentOfActivation, updateActivation } from './store-activation-queries.js';
import { eventSent, markEventSent, pendingEvents } from './store-fulfillment-events.js';
import { shopFulfillment } from './store-fulfillment.js';
import { MoveClaimBusy, moveClaims } from './store-move-claim.js';
import { pickCod, takeCod } from './store-order-cod.js';
import { assertPackagesFit } from './store-packing-fit.js';
import { isAwaiting } from './store-order-detail.js';
import { shopOrders, type ShopFulfillmentOrder, type ShopOrder } from './store-orders.js';
import { storeRefusalService } from './store-refusal.js';
import type { StoreService } from './store-service.js';

const sa = messages.storeActivation;

/** What the store's activation needs of the shipments module (the composition root gives it). */
export type StoreShipments = {
  offers(client: UserRow, draft: TShipmentDraftParsed): Promise<TOffer[]>;
  storeDraft(
    client: UserRow,
    draft: TShipmentDraftParsed,
    choice: { serviceId: string; pointId: string | null },
    made: { storeAccountId: number; storeOrderId: string; storeOrderName: string; storeFulfillmentOrderId: string },
    requestKey: string,
  ): Promise<{ id: number; uniqueId: string; status: string }>;
  /** Activates the claim's shipment; its answer carries what the shop's fulfillment needs (AWB, courier), so it is not read again. */
  activate(client: UserRow, uniqueId: string, choice: { serviceId: string; pointId: string | null }): Promise<TShipmentDetail>;
  /** Cancels before pick-up: the AWB at the courier, a prepaid charge refunded once (issue 24: a refused store fulfillment). */
  cancel(client: UserRow, uniqueId: string): Promise<TShipmentDetail>;
  courierName(courierId: string): string;
};

export type StoreActivationDeps = {
  database: Database;
  store: StoreService;
  app: Pick<ShopifyAdapter, 'graphql'>;
  shipments: StoreShipments;
  /** The platform's public address: the shop's tracking link is `{publicUrl}/tracking/{awb}`. */
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/** A refusal for good: the job stops asking the shop (issue 24). */
class ShopRefusal extends Error {
  constructor(readonly refusal: StoreRefusalRecord) {
    super(`the shop refuses the fulfillment: ${refusal.kind}${refusal.message ? ` (${refusal.message})` : ''}`);
  }
}

/** A fulfillment order the shop will not fulfil as it stands: on hold, closed or cancelled. */
function refusalOfStatus(fo: ShopFulfillmentOrder): StoreRefusalRecord | null {
  if (fo.status === 'ON_HOLD' || fo.holds.length > 0) return { kind: 'onHold', message: null, hold: fo.holds[0] ? { reason: fo.holds[0].reason, reasonNotes: fo.holds[0].reasonNotes } : null };
  if (fo.status === 'CLOSED') return { kind: 'closed', message: null, hold: null };
  if (fo.status === 'CANCELLED' || fo.status === 'INCOMPLETE') return { kind: 'cancelled', message: null, hold: null };
  return null;
}

/**
 * fulfillmentCreate's userErrors that no retry cures (Shopify's words): 'Fulfillment order N has an
 * unfulfillable status= on_hold' (closed, cancelled, incomplete), 'does not exist', 'Invalid
 * fulfillment order line item quantity requested'. Anything else (an internal error) is retried.
 */
export function refusalOfErrors(errors: readonly { message: string }[]): StoreRefusalKind | null {
  for (const { message } of errors) {
    const status = /unfulfillable status=\s*(\w+)/i.exec(message)?.[1]?.toLowerCase();
    if (status) return status === 'on_hold' ? 'onHold' : status === 'closed' ? 'closed' : 'cancelled';
    if (/does not exist/i.test(message)) return 'notFound';
    if (/line item quantity/i.test(message)) return 'invalidLines';
  }
  return null;
}

/**
 * What an activation already holds when it asks for the shop's fulfillment (store -> shipments ->
 * store, one way): the claim's shipment as `activate` answered it (AWB, courier), the shop's
 * connection and the order read at its start. Only the claim is read again, under the fulfillment's
 * lock (another process may have fulfilled it, or moved it to a new generation, since).
 */
type Held = {
  shipmentId: number;
  shipment: Pick<TShipmentDetail, 'awb' | 'courierId'>;
  connection: { row: { shop: string }; token: string };
  order: ShopOrder;
};

/** The request key of a fulfillment order's shipment: one shipment per store account, fulfillment order and generation (an activation again after a cancelled AWB). */
export const requestKeyOf = (accountId: number, fulfillmentOrderId: string, generation: number) => `store-${accountId}-${fulfillmentOrderId.replace(/\D/g, '')}${generation > 0 ? `-g${generation}` : ''}`;

/** The lines sent now, checked against what the fulfillment order still has to send (duplicates summed). */
function linesToSend(fo: ShopFulfillmentOrder, asked: { fulfillmentLineItemId: string; quantity: number }[]) {
  const wanted = new Map<string, number>();
  for (const l of asked) wanted.set(l.fulfillmentLineItemId, (wanted.get(l.fulfillmentLineItemId) ?? 0) + l.quantity);
  for (const [id, quantity] of wanted) {
    const line = fo.lineItems.find((l) => l.id === id);
    if (!line || quantity > line.remainingQuantity) throw badRequest(sa.linesInvalid, 'invalidLines', { fulfilledLineItems: sa.linesInvalid });
  }
  return [...wanted].map(([id, quantity]) => ({ id, quantity }));
}

/**
 * Offers, activation and saving for later of a store's fulfillment order (issue 14). The shipment
 * is a direct shipment's (the same offers, one AWB, one charge); the claim row (store_activations,
 * unique per store account and fulfillment order) and the shipment's request key make it once, and
 * the shop's fulfillment is made once after the AWB (`fulfil`, run one at a time per claim; a
 * failure is retried by the store-fulfillments job).
 */
export function storeActivationService(deps: StoreActivationDeps) {
  const { db } = deps.database;
  const orders = shopOrders(deps.app);
  const fulfillment = shopFulfillment(writingApp(deps.app, db));
  const serially = moveClaims(db);
  const trackingUrl = (awb: string) => `${deps.publicUrl.replace(/\/$/, '')}/tracking/${encodeURIComponent(awb)}`;

  async function offers(client: UserRow, accountId: number, req: z.output<typeof ZStoreOffersRequest>) {
    await deps.store.connected(client.id, accountId);
    assertPacked(req);
    return deps.shipments.offers(client, storeDraftOf(req, null));
  }

  /** The shop's order and the fulfillment order (404 when the shop has neither). */
  async function shopParts(clientId: number, accountId: number, orderId: string, fulfillmentOrderId: string) {
    const connection = await deps.store.connected(clientId, accountId);
    const order = await orders.one(connection.row.shop, connection.token, orderId);
    const fo = order?.fulfillmentOrders.find((x) => x.id === fulfillmentOrderId);
    if (!order || !fo) throw notFound(messages.store.orderNotFound);
    return { account: connection.row, connection, order, fo };
  }

  /**
   * Activates one fulfillment order of the client's store with the chosen service: the shipment
   * (AWB and charge, as a direct shipment's), then the shop's fulfillment of the lines sent, with
   * the courier, the AWB and the public tracking link. Exactly once: parallel or repeated calls
   * answer the same shipment. A shop that fails after the AWB is retried by the job; the answer
   * says `storeUpdated: false` then. This is the function bulk activation reuses (it takes the
   * activated `shipment` as shipments answered it). One way: the shop's order is read once, at the
   * start, and handed with the claim's shipment to the fulfillment.
   */
  async function activate(client: UserRow, accountId: number, req: z.output<typeof ZStoreActivateRequest>) {
    const { account, connection, order, fo } = await shopParts(client.id, accountId, req.shopifyOrderId, req.shopifyFulfillmentOrderId);
    const choice = choiceOfActivationId(req.activationId);
    let claim = await activationOf(db, account.id, fo.id);
    const before = claim ? await shipmentOfActivation(db, claim.shipmentId) : null;
    // Its AWB cancelled before the shop was told (issue 24): the part is activated again, as a new generation of its claim.
    const again = claim !== null && before?.status === 'cancelled' && !claim.fulfilledAt;
    if (before?.status === 'cancelled' && !again) throw conflict(sa.fulfillmentOrderNotAwaiting, 'notAwaiting');
    // The claim's shipment: the one it had, or the draft made (or found by its request key) now.
    let shipment: { uniqueId: string } | null = before;
    if (!claim || before?.status === 'draft' || again) {
      if ((!claim || again) && !isAwaiting(fo)) throw conflict(sa.fulfillmentOrderNotAwaiting, 'notAwaiting');
      // On hold in the shop (issue 24): refused before any AWB or charge; the merchant releases the hold first.
      if (fo.status === 'ON_HOLD' || fo.holds.length > 0) throw conflict(sa.onHold, 'onHold');
      const lines = linesToSend(fo, req.fulfilledLineItems);
      assertPacked(req);
      // Each package at least as large as its largest product (issue 24): refused before any AWB or charge.
      await assertPackagesFit(db, account.id, order, fo, req.packing);
      const draft = storeDraftOf(req, order.name);
      const made = { storeAccountId: account.id, storeOrderId: order.id, storeOrderName: order.name, storeFulfillmentOrderId: fo.id };
      // The order's cash on delivery is collected by one part only (issue 24): claimed before any AWB.
      if (draft.options.cod.active && draft.options.cod.amount > 0) await takeCod(db, account.id, order.id, fo.id, order.fulfillmentOrders.filter(isAwaiting).map((x) => x.id));
      const generation = again ? claim!.generation + 1 : (claim?.generation ?? 0);
      const drafted = await deps.shipments.storeDraft(client, draft, choice, made, requestKeyOf(account.id, fo.id, generation));
      shipment = drafted;
      if (again) claim = await nextGeneration(db, claim!, { shipmentId: drafted.id, lines, activationId: req.activationId });
      else {
        claim = await claimActivation(db, { storeAccountId: account.id, userId: client.id, orderId: order.id, fulfillmentOrderId: fo.id, shipmentId: drafted.id, lines, activationId: req.activationId });
        if (before?.status === 'draft') await updateActivation(db, claim.id, { lines, activationId: req.activationId });
      }
    }
    const activated = await deps.shipments.activate(client, shipment!.uniqueId, choice);
    const storeUpdated = await fulfil(claim.id, { shipmentId: claim.shipmentId, shipment: activated, connection, order });
    return { uniqueId: activated.uniqueId, awb: activated.awb, storeUpdated, shipment: activated };
  }

  /**
   * The shop's fulfillment of an activation, once: the claim's work runs one at a time (any
   * process); a fulfillment already carrying the AWB (made just before a crash) is recorded, not
   * made again; postponed products are split off into a new fulfillment order first. Answers
   * whether the shop is up to date. The job and the merchant's retry read the claim's shipment and
   * the shop's order; an activation hands on what it holds (`held`).
   */
  async function fulfil(claimId: number, held?: Held): Promise<boolean> {
    return serially(`fulfil:${claimId}`, async () => {
      const claim = await activationById(db, claimId);
      if (!claim) return false;
      if (claim.fulfilledAt) return true;
      // Refused for good (issue 24): only the merchant's retry asks the shop again.
      if (claim.refusedAt) return false;
      // What the activation holds is the claim's still, unless it moved to a new generation since.
      const hand = held?.shipmentId === claim.shipmentId ? held : undefined;
      const shipment = hand ? hand.shipment : await shipmentOfActivation(db, claim.shipmentId);
      if (!shipment?.awb || !shipment.courierId) return false;
      const awb = shipment.awb;
      const courierId = shipment.courierId;
      const record = (fulfillmentId: string) => updateActivation(db, claim.id, { fulfillmentId, fulfilledAt: new Date(), lastError: null });
      try {
        const { row, token } = hand?.connection ?? (await deps.store.connected(claim.userId, claim.storeAccountId));
        /** The shop's fulfillment carrying this AWB, if one was made (an answer lost before a crash or a retry). */
        const existing = async () => (await fulfillment.fulfillmentsOf(row.shop, token, claim.orderId)).find((f) => f.trackingInfo.some((t) => t.number === awb))?.id ?? null;
        const made = await existing();
        if (made) {
          await record(made);
          return true;
        }
        const order = hand?.order ?? (await orders.one(row.shop, token, claim.orderId));
        const fo = order?.fulfillmentOrders.find((x) => x.id === claim.fulfillmentOrderId);
        if (!fo) throw new ShopRefusal({ kind: 'notFound', message: 'the fulfillment order is gone from the shop', hold: null });
        const refused = refusalOfStatus(fo);
        if (refused) throw new ShopRefusal(refused);
        const sent = new Map(claim.lines.map((l) => [l.id, l.quantity]));
        const postponed = fo.lineItems.map((l) => ({ id: l.id, quantity: l.remainingQuantity - (sent.get(l.id) ?? 0) })).filter((l) => l.quantity > 0);
        if (postponed.length) {
          const split = await fulfillment.split(row.shop, token, fo.id, postponed);
          if (split.userErrors.length) throw new Error(`split refused: ${JSON.stringify(split.userErrors)}`);
        }
        const created = await fulfillment.createFulfillment(row.shop, token, {
          fulfillmentOrderId: fo.id,
          lines: claim.lines,
          tracking: { company: deps.shipments.courierName(courierId), number: awb, url: trackingUrl(awb) },
          notifyCustomer: true,
        });
        if (!created.fulfillment || created.userErrors.length) {
          const kind = refusalOfErrors(created.userErrors);
          if (kind) {
            // The client library retries a lost answer itself: its second call is refused while the first one's fulfillment exists.
            const after = await existing();
            if (after) {
              await record(after);
              return true;
            }
            // No hold to show: the fulfillment order was read without one (a held one is refused above), one placed since is unknown here.
            throw new ShopRefusal({ kind, message: created.userErrors.map((e) => e.message).join(' ').slice(0, 500), hold: null });
          }
          throw new Error(`fulfillment refused: ${JSON.stringify(created.userErrors)}`);
        }
        await record(created.fulfillment.id);
        return true;
      } catch (err) {
        const attempts = claim.attempts + 1;
        const refusal: StoreRefusalRecord | null = err instanceof ShopRefusal ? err.refusal : attempts >= STORE_FULFILLMENT_MAX_ATTEMPTS ? { kind: 'attempts', message: String(err).slice(0, 500), hold: null } : null;
        await updateActivation(db, claim.id, { attempts: sql`${sql.identifier('attempts')} + 1` as unknown as number, lastError: String(err).slice(0, 500), ...(refusal ? { refusedAt: new Date(), refusal } : {}) });
        if (refusal) deps.log?.warn({ claimId, refusal }, 'store fulfillment refused for good (the merchant decides)');
        else deps.log?.warn({ err, claimId }, 'store fulfillment not made (the job retries it)');
        return false;
      }
    }).catch((err: unknown) => {
      if (err instanceof MoveClaimBusy) return false;
      throw err;
    });
  }

  /**
   * The job's work: every activation whose shop is not up to date yet, then the courier's later
   * statuses as fulfillment events (a refused event is not asked again; a shop that does not answer is).
   */
  async function retryPending(limit = 50) {
    const result = { fulfilled: 0, failed: 0, events: 0 };
    for (const { id } of await pendingFulfillments(db, limit)) {
      if (await fulfil(id)) result.fulfilled += 1;
      else result.failed += 1;
    }
    for (const e of await pendingEvents(db, limit)) {
      try {
        // Each event once, whichever run (two at once on two instances) reached it first.
        const sent = await serially(`fulfillment-event:${e.id}`, async () => {
          if (await eventSent(db, e.id)) return false;
          const { row, token } = await deps.store.connected(e.userId, e.storeAccountId);
          const answer = await fulfillment.fulfillmentEvent(row.shop, token, { fulfillmentId: e.fulfillmentId!, status: e.status, message: e.message, happenedAt: e.happenedAt.toISOString() });
          await markEventSent(db, e.id, answer.userErrors.length ? JSON.stringify(answer.userErrors).slice(0, 500) : null);
          return true;
        });
        if (sent) result.events += 1;
      } catch (err) {
        // Another instance holds the event right now: it sends it; nothing failed here.
        if (err instanceof MoveClaimBusy) continue;
        deps.log?.warn({ err, event: e.id }, 'store fulfillment event not sent (retried next run)');
        result.failed += 1;
      }
    }
    return result;
  }

  /** Save for later: the card's sender, packing, options and chosen service, shown again on the order. */
  async function save(client: UserRow, accountId: number, req: z.output<typeof ZStoreSaveRequest>) {
    const { account, order, fo } = await shopParts(client.id, accountId, req.shopifyOrderId, req.shopifyFulfillmentOrderId);
    if (!isAwaiting(fo)) throw conflict(sa.fulfillmentOrderNotAwaiting, 'notAwaiting');
    await assertPackagesFit(db, account.id, order, fo, req.packing);
    await saveForLater(db, account.id, fo.id, { sender: req.sender, packing: req.packing, extraOptions: req.extraOptions, activationId: req.activationId });
  }

  /** 'Incaseaza rambursul cu aceasta parte': the awaiting part collects the order's cash on delivery (409 once a part was activated with it). */
  async function pickCodPart(client: UserRow, accountId: number, req: { shopifyOrderId: string; shopifyFulfillmentOrderId: string }) {
    const { account, order, fo } = await shopParts(client.id, accountId, req.shopifyOrderId, req.shopifyFulfillmentOrderId);
    if (order.cancelledAt !== null || !isAwaiting(fo)) throw conflict(sa.fulfillmentOrderNotAwaiting, 'notAwaiting');
    await pickCod(db, account.id, order.id, fo.id);
  }

  // A shop's refusal for good (issue 24): the merchant cancels the AWB or retries.
  const refusals = storeRefusalService({ database: deps.database, cancelShipment: (client, uniqueId) => deps.shipments.cancel(client, uniqueId), fulfil });

  return { offers, activate, fulfil: (claimId: number) => fulfil(claimId), retryPending, save, pickCodPart, cancelRefusedAwb: refusals.cancelAwb, retryRefused: refusals.retry };
}
export type StoreActivationService = ReturnType<typeof storeActivationService>;
