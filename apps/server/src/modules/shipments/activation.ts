import { messages } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { findUserById } from '../auth/index.js';
import { eventsCommitted } from '../../db/outbox.js';
import { CourierError, type QuoteRequest } from '../../integrations/couriers/courier-network.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { lockUser } from '../billing/index.js';
import { balanceBani, chargeShipment, hasMovement, reverseCharge } from '../ledger/index.js';
import { factsOf, recordShipmentEvent } from './lifecycle-events.js';
import type { OffersStage } from './offers.js';
import { searchText, serviceOf, type Recording, type ShipmentContext } from './shipment-context.js';
import { STATUS_VIEW } from './shipment-status.js';
import { addEvents, findShipment, stuckActivations, updateShipment, type ShipmentRow } from './shipments-queries.js';
import type { ViewsStage } from './views.js';

const m = messages.shipments;
export type ServiceChoice = { serviceId: string; pointId?: string | null };

/**
 * The ledger reference of an activation attempt's charge: `shipment:<id>` for the first,
 * `shipment:<id>#<n>` for the next ones (a draft is activated again after a refused AWB, and
 * each attempt's charge and its reversal stay in the ledger). A refund names the charge it refunds.
 */
export const chargeReference = (shipmentId: number, attempt: number) => (attempt <= 1 ? `shipment:${shipmentId}` : `shipment:${shipmentId}#${attempt}`);

/** How many activation attempts of the shipment charged the balance (the last one is the standing charge, unless reversed). */
export async function chargedAttempts(ex: Executor, row: Pick<ShipmentRow, 'id' | 'userId'>) {
  let n = 0;
  while (await hasMovement(ex, row.userId, 'charge', chargeReference(row.id, n + 1))) n += 1;
  return n;
}

/**
 * Activation, in three steps so that no courier call runs inside a transaction:
 * 1. lock the draft, check and take the money (prepaid) and mark it 'activating': one request
 *    wins, the others wait for its outcome;
 * 2. create the AWB at the courier with the shipment's uniqueId as reference (the courier answers
 *    the same AWB for the same reference, so finishing an interrupted activation is safe);
 * 3. record the AWB, the history, what is to be invoiced and the 'shipment.activated' event.
 *    A refused AWB reverses the charge.
 */
export function activationStage(ctx: ShipmentContext, offers: OffersStage, views: ViewsStage) {
  const { db, deps } = ctx;

  async function activate(client: UserRow, uniqueId: string, choice?: ServiceChoice, rec?: Recording): Promise<ShipmentRow> {
    const row = await views.own(client, uniqueId);
    if (row.status === 'activating') return waitForActivation(client, uniqueId);
    if (row.status !== 'draft') return row;
    // A draft saved without a service (a customer's return, say) gets the one chosen on its page.
    const serviceId = choice?.serviceId ?? row.serviceId;
    if (!serviceId) throw badRequest(m.serviceRequired, 'serviceRequired', { serviceId: m.serviceRequired });

    // The price of the chosen service now (the offer may have changed since the page showed it).
    const draft = views.draftOf(row);
    const { offers: priced, sender, recipient, at } = await offers.quote(client.id, draft, row.sender.addressId, rec);
    const { offer, point } = offers.chosenOffer(priced, serviceId, choice ? choice.pointId : row.point?.id);

    const claimed = await db.transaction(async (tx) => {
      // The shipment first, then the client (their balance): the order every writer of a
      // shipment follows, so an activation finishing (which touches the client's rows) and one
      // starting never wait for each other in a circle.
      const current = await findShipment(tx, client.id, uniqueId, { lock: true });
      if (!current || current.status !== 'draft') return null;
      await lockUser(tx, client.id);
      const account = await findUserById(tx, client.id);
      const paymentType = account?.paymentType ?? 'prepaid';
      if (paymentType === 'prepaid') {
        if ((await balanceBani(tx, client.id)) < offer.priceBani) throw new AppError(409, m.insufficientBalance, 'insufficientBalance');
        const attempt = (await chargedAttempts(tx, current)) + 1;
        await chargeShipment(tx, {
          userId: client.id,
          amountBani: offer.priceBani,
          description: `Comanda ${current.uniqueId} - ${offer.courierName} ${offer.serviceName}`,
          reference: chargeReference(current.id, attempt),
        });
      }
      return updateShipment(tx, current.id, {
        status: 'activating',
        statusAt: ctx.nowOf(rec),
        paymentType,
        ...serviceOf(offer, point),
      });
    });
    if (!claimed) return waitForActivation(client, uniqueId);
    return createAwb(claimed, offers.quoteRequest(draft, sender, recipient, at), rec);
  }

  /** Step 2 and 3 of an activation (also the job's way to finish an interrupted one). */
  async function createAwb(row: ShipmentRow, request: QuoteRequest, rec?: Recording): Promise<ShipmentRow> {
    let result;
    try {
      result = await deps.network.createAwb({
        ...request,
        serviceId: row.serviceId!,
        pointId: row.point?.id ?? null,
        reference: row.uniqueId,
        content: row.content,
        clientReference: row.clientReference,
      });
    } catch (err) {
      // Nothing was created: back to a draft, and the money back where it was.
      await db.transaction(async (tx) => {
        const current = await findShipment(tx, row.userId, row.uniqueId, { lock: true });
        if (current?.status !== 'activating') return;
        const attempts = await chargedAttempts(tx, current);
        if (attempts > 0) {
          await reverseCharge(tx, { userId: current.userId, reference: chargeReference(current.id, attempts), description: `Stornare comanda ${current.uniqueId} - AWB neemis de curier` });
        }
        await updateShipment(tx, current.id, { status: 'draft', statusAt: ctx.nowOf(rec) });
      });
      if (err instanceof CourierError && err.kind === 'invalid') throw badRequest(err.message, 'courierRefused');
      throw new AppError(503, m.courierUnavailable, 'courierUnavailable');
    }
    const at = ctx.nowOf(rec);
    const done = await db.transaction(async (tx) => {
      // Finished already (the job and a slow request both got the AWB): recorded once.
      const current = await findShipment(tx, row.userId, row.uniqueId, { lock: true });
      if (current && current.status !== 'activating') return current;
      const updated = await updateShipment(tx, row.id, {
        status: 'created',
        statusAt: at,
        awb: result.awb,
        parcelCount: result.parcels.length || row.packages.length,
        estimatedPickupDate: result.estimatedPickupDate,
        activatedAt: at,
        searchText: searchText({ ...row, awb: result.awb }),
      });
      await addEvents(tx, [{ shipmentId: row.id, status: 'created', text: STATUS_VIEW.created.text, at, reason: null, location: row.sender.addressCity }]);
      await deps.billing.recordShipmentCharge(tx, {
        userId: updated.userId,
        shipmentId: updated.id,
        paymentType: updated.paymentType ?? 'prepaid',
        amountBani: updated.priceBani!,
        description: `Expediere AWB ${updated.awb} - ${updated.serviceName} (${updated.sender.addressCity} - ${updated.recipient.addressCity})`,
        reference: `shipment:${updated.id}`,
        suppliedAt: at,
      });
      if (row.sender.addressId && deps.pickupUsed) await deps.pickupUsed(tx, row.userId, row.sender.addressId, updated.courierId!);
      await recordShipmentEvent(tx, 'shipment.activated', {
        shipment: factsOf(updated, ctx.courierName),
        at: at.toISOString(),
        notify: ctx.notifies(rec),
        label: await views.confirmationLabel(tx, updated),
      });
      return updated;
    });
    eventsCommitted();
    return done;
  }

  async function waitForActivation(client: UserRow, uniqueId: string) {
    const deadline = Date.now() + (deps.activationWaitMs ?? 15_000);
    for (;;) {
      const row = await views.own(client, uniqueId);
      if (row.status !== 'activating') {
        if (row.status === 'draft') throw new AppError(409, m.activateError, 'activationFailed');
        return row;
      }
      if (Date.now() > deadline) throw new AppError(409, m.activateError, 'activationPending');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Activations a crash interrupted between their transactions (older than two minutes): finished now. */
  async function finishStuck(rec?: Recording) {
    const result = { finished: 0, failed: 0 };
    for (const row of await stuckActivations(db, new Date(ctx.nowOf(rec).getTime() - 2 * 60_000), 20)) {
      try {
        const sender = { address: row.sender, coords: null, saveAs: null };
        const recipient = { address: row.recipient, coords: null, saveAs: null };
        await createAwb(row, offers.quoteRequest(views.draftOf(row), sender, recipient, ctx.nowOf(rec)), rec);
        result.finished += 1;
      } catch {
        result.failed += 1;
      }
    }
    return result;
  }

  return { activate, finishStuck };
}
