import { messages, type TShipmentDraftParsed } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { storedPackage, type ShipmentContext } from './shipment-context.js';
import { deleteShipment, findShipment, updateShipment, type ShipmentRow } from './shipments-queries.js';

const m = messages.shipments;
type DraftUpdate = Pick<TShipmentDraftParsed, 'packages' | 'content'>;

/**
 * A saved draft (a customer's return or a shipment saved for later) changed or deleted before
 * activation. The row is locked and its status checked in the same transaction, so an activation
 * running at the same time either sees the change or makes it refused (409); another client's
 * draft is unknown (404).
 */
export function draftEditsStage(ctx: ShipmentContext) {
  const { db } = ctx;

  async function lockedDraft(tx: Executor, client: UserRow, uniqueId: string): Promise<ShipmentRow> {
    const row = await findShipment(tx, client.id, uniqueId, { lock: true });
    if (!row) throw notFound(m.notFound);
    if (row.status !== 'draft') throw conflict(m.notEditable, 'notDraft');
    return row;
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
          courierId: null,
          serviceId: null,
          serviceName: null,
          point: null,
          priceBani: null,
          priceNoVatBani: null,
        });
      }),

    /** Removes the draft and its history; money movements of a refused earlier attempt stay in the ledger (they net to zero). */
    remove: (client: UserRow, uniqueId: string) =>
      db.transaction(async (tx) => {
        const row = await lockedDraft(tx, client, uniqueId);
        await deleteShipment(tx, row.id);
      }),
  };
}
