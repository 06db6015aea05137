import { addressFormFields, messages, type TShipmentDraftEditParsed, type TShipmentDraftParsed } from '@colete/contract';
import type { ShipmentAddress } from '../../db/schema/shipments.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { leiToBani } from '../../lib/money.js';
import type { UserRow } from '../../types.js';
import { returnSearchText, saveTypedAddresses } from './drafts.js';
import type { OffersStage, PricedOffer } from './offers.js';
import { searchText, serviceOf, storedPackage, type ShipmentContext } from './shipment-context.js';
import { deleteShipment, findShipment, updateShipment, type ShipmentRow } from './shipments-queries.js';

const m = messages.shipments;
type DraftUpdate = Pick<TShipmentDraftParsed, 'packages' | 'content'>;
type Party = TShipmentDraftParsed['sender'];

/** No service: the draft's page asks for one again, with offers for the draft as it now is. */
const NO_SERVICE = { courierId: null, serviceId: null, serviceName: null, point: null, priceBani: null, priceNoVatBani: null };

/**
 * A saved draft (a customer's return or a shipment saved for later) changed or deleted before
 * activation. The row is locked and its status checked in the same transaction, so an activation
 * running at the same time either sees the change or makes it refused (409); another client's
 * draft is unknown (404).
 */
export function draftEditsStage(ctx: ShipmentContext, offers: OffersStage) {
  const { db } = ctx;

  /** The client's draft, locked when read inside a transaction (`ex` is the transaction). */
  async function lockedDraft(ex: Executor, client: UserRow, uniqueId: string): Promise<ShipmentRow> {
    const row = await findShipment(ex, client.id, uniqueId, { lock: ex !== db });
    if (!row) throw notFound(m.notFound);
    if (row.status !== 'draft') throw conflict(m.notEditable, 'notDraft');
    return row;
  }

  /**
   * The draft's address-book entry for a party the page sends back as its form holds it, unchanged
   * (the edit page shows a saved party typed): the party stays that entry's. Null otherwise.
   */
  function keptEntry(input: Party, stored: ShipmentAddress): number | null {
    if ('addressId' in input || stored.addressId === null || input.saveAs) return null;
    const saved: Record<string, string | null | undefined> = addressFormFields(stored);
    const typed: Record<string, string | null | undefined> = input;
    const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();
    return Object.keys(saved).every((field) => same(saved[field], typed[field])) ? stored.addressId : null;
  }

  /** The service asked for (else the draft's own), priced again, when the changed draft is still offered it; else none. */
  function keptService(priced: PricedOffer[], serviceId: string | null, pointId: string | null) {
    if (!serviceId) return NO_SERVICE;
    try {
      const { offer, point } = offers.chosenOffer(priced, serviceId, pointId);
      return serviceOf(offer, point);
    } catch {
      return NO_SERVICE;
    }
  }

  return {
    /**
     * New parcels and content. A service chosen for the old parcels was priced for them: it is
     * dropped, and the draft's page asks for a service again with offers for the new parcels.
     */
    update: (client: UserRow, uniqueId: string, body: DraftUpdate) =>
      db.transaction(async (tx) => {
        const row = await lockedDraft(tx, client, uniqueId);
        return updateShipment(tx, row.id, {
          packages: body.packages.map(storedPackage),
          parcelCount: body.packages.length,
          content: body.content,
          ...NO_SERVICE,
        });
      }),

    /**
     * The whole draft as the new-shipment page sends it, checked like a new shipment (the parties
     * against the nomenclature, Saturday delivery on a Friday only) before the row is locked: the
     * courier's quote is not made inside the transaction. The service sent (or the draft's own when
     * none is sent) stays, priced again, only while the changed draft is still offered it.
     */
    async edit(client: UserRow, uniqueId: string, body: TShipmentDraftEditParsed) {
      // Another client's draft, or an activated shipment, is refused before any quote.
      const before = await lockedDraft(db, client, uniqueId);
      // The sender's address-book entry gives the pick-up point discount: kept while sent back unchanged.
      const { sender, recipient, offers: priced } = await offers.quote(client.id, body, keptEntry(body.sender, before.sender));
      return db.transaction(async (tx) => {
        const row = await lockedDraft(tx, client, uniqueId);
        sender.address.addressId ??= keptEntry(body.sender, row.sender);
        recipient.address.addressId ??= keptEntry(body.recipient, row.recipient);
        await saveTypedAddresses(tx, client, body, sender, recipient);
        const service = body.serviceId ? keptService(priced, body.serviceId, body.pointId ?? null) : keptService(priced, row.serviceId, row.point?.id ?? null);
        const o = body.options;
        const values = {
          sender: sender.address,
          recipient: recipient.address,
          packages: body.packages.map(storedPackage),
          parcelCount: body.packages.length,
          content: body.content,
          clientReference: body.clientReference ?? null,
          options: {
            codBani: o.cod.active ? leiToBani(o.cod.amount) : null,
            insuranceBani: o.insurance.active ? leiToBani(o.insurance.amount) : null,
            openAtDelivery: o.openAtDelivery,
            saturdayDelivery: o.saturdayDelivery,
          },
          ...service,
        };
        const found = { ...row, ...values };
        return updateShipment(tx, row.id, { ...values, searchText: row.kind === 'return' ? returnSearchText(found) : searchText(found) });
      });
    },

    /** Removes the draft and its history; money movements of a refused earlier attempt stay in the ledger (they net to zero). */
    remove: (client: UserRow, uniqueId: string) =>
      db.transaction(async (tx) => {
        const row = await lockedDraft(tx, client, uniqueId);
        await deleteShipment(tx, row.id);
      }),
  };
}
