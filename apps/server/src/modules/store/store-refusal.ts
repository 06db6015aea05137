import { messages, STORE_REFUSAL_MESSAGES, type TShipmentDetail, type TStoreRefusal, type TStoreRefusalRequest } from '@colete/contract';
import type { Database } from '../../db/client.js';
import type { StoreRefusalRecord } from '../../db/schema/store-activations.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { claimRefusalCancel, clearRefusal, ownActivation, settleRefusalCancel, shipmentOfActivation } from './store-activation-queries.js';
import { accountOf } from './store-queries.js';

/*
 * Issue 24 item 2's tail: the merchant's way out of a shop's refusal for good, once each. Cancel
 * the AWB: the refusal is claimed by a conditional update, then the shipments module's own cancel
 * refunds the balance (once, under its row lock); retry: the refusal is cleared by a conditional
 * update and the shop asked again at once. A second click finds the state changed: 409.
 */

const m = STORE_REFUSAL_MESSAGES;

/** A recorded refusal as the page and the run show it (null when none stands). */
export function refusalView(row: { fulfillmentOrderId: string; refusedAt: Date | null; refusal: StoreRefusalRecord | null; refusalAction?: string | null }): TStoreRefusal | null {
  if (!row.refusedAt || !row.refusal || row.refusalAction === 'cancelled') return null;
  return { fulfillmentOrderId: row.fulfillmentOrderId, kind: row.refusal.kind, text: m.text(row.refusal.kind, row.refusal.hold), refusedAt: row.refusedAt.toISOString() };
}

export type StoreRefusalDeps = {
  database: Database;
  /** The shipments module's cancel (the AWB cancelled at the courier, the balance refunded once). */
  cancelShipment(client: UserRow, uniqueId: string): Promise<TShipmentDetail>;
  /** The store activation's fulfil: the shop asked again, once at a time; true when it is up to date. */
  fulfil(claimId: number): Promise<boolean>;
};

export function storeRefusalService(deps: StoreRefusalDeps) {
  const { db } = deps.database;

  /** The client's refused activation (another client's store or an unknown part: 404). */
  async function refused(client: UserRow, accountId: number, req: TStoreRefusalRequest) {
    if (!(await accountOf(db, client.id, accountId))) throw notFound(messages.store.notFound);
    const claim = await ownActivation(db, client.id, accountId, req.shopifyOrderId, req.shopifyFulfillmentOrderId);
    const shipment = claim ? await shipmentOfActivation(db, claim.shipmentId) : null;
    // The client's own store, but no AWB of that part: nothing to decide.
    if (!claim || !shipment || shipment.userId !== client.id) throw conflict(m.notPending, 'refusalNotPending');
    return { claim, shipment };
  }

  return {
    /** 'Anuleaza AWB-ul': the refused part's AWB cancelled and its price back on the balance, once. */
    async cancelAwb(client: UserRow, accountId: number, req: TStoreRefusalRequest) {
      const { claim, shipment } = await refused(client, accountId, req);
      if (!(await claimRefusalCancel(db, claim.id))) throw conflict(m.notPending, 'refusalNotPending');
      try {
        await deps.cancelShipment(client, shipment.uniqueId);
      } catch (err) {
        // The courier refused or did not answer: nothing was cancelled, the merchant may try again.
        await settleRefusalCancel(db, claim.id, false);
        throw err;
      }
      await settleRefusalCancel(db, claim.id, true);
      return { message: m.cancelled, storeUpdated: false, refusal: null };
    },

    /** 'Reincearca actualizarea magazinului' (after releasing the hold in Shopify): the shop asked again now. */
    async retry(client: UserRow, accountId: number, req: TStoreRefusalRequest) {
      const { claim, shipment } = await refused(client, accountId, req);
      if (shipment.status === 'cancelled' || !(await clearRefusal(db, claim.id))) throw conflict(m.notPending, 'refusalNotPending');
      const storeUpdated = await deps.fulfil(claim.id);
      const after = storeUpdated ? null : await ownActivation(db, client.id, accountId, req.shopifyOrderId, req.shopifyFulfillmentOrderId);
      const refusal = after ? refusalView(after) : null;
      return { message: storeUpdated ? m.retried : refusal ? m.stillRefused : messages.storeActivation.storePending, storeUpdated, refusal };
    },
  };
}
export type StoreRefusalService = ReturnType<typeof storeRefusalService>;
