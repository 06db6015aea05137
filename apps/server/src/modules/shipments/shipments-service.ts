import { addressFormFields, messages, type TShipmentDraftChangeParsed, type TShipmentDraftFormResponse, type TShipmentDraftParsed, type ZShipmentCreateRequest, type ZShipmentListQuery } from '@colete/contract';
import type { z } from 'zod';
import type { ShipmentAddress } from '../../db/schema/shipments.js';
import type { AwbFormat } from '../../integrations/couriers/courier-network.js';
import { conflict } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { activationStage, type ServiceChoice } from './activation.js';
import { cancellationStage } from './cancellation.js';
import { draftEditsStage } from './draft-edits.js';
import { draftsStage, type StoreOrigin } from './drafts.js';
import { publicTrackingStage } from './public-tracking.js';
import { findByRequestKey } from './shipments-queries.js';
import { ownShipmentsByIds } from './recipients.js';
import { offersStage } from './offers.js';
import { shipmentContext, type Recording, type ShipmentsDeps } from './shipment-context.js';
import { trackingStage } from './tracking.js';
import { viewsStage } from './views.js';

export type { Recording, ShipmentsDeps } from './shipment-context.js';

const m = messages.shipments;

/**
 * The shipment lifecycle, composed from its stages: offers (quote, discounts), drafts, activation
 * (AWB, charge, billable charge), tracking (the courier's news, the job), views and cancellation.
 * Each change of the lifecycle writes its event (lifecycle-events.ts) in its own transaction.
 */
export function shipmentsService(deps: ShipmentsDeps) {
  const ctx = shipmentContext(deps);
  const offers = offersStage(ctx);
  const views = viewsStage(ctx);
  const activation = activationStage(ctx, offers, views);
  const tracking = trackingStage(ctx, activation.finishStuck);
  const saveDraft = draftsStage(ctx, offers);
  const cancel = cancellationStage(ctx, views, tracking.refresh);
  const edits = draftEditsStage(ctx, offers);
  const publicTracking = publicTrackingStage(ctx, tracking.refresh);

  return {
    async offers(client: UserRow, draft: TShipmentDraftParsed) {
      const { offers: priced } = await offers.quote(client.id, draft);
      return priced.map(offers.toOffer);
    },

    /** Saves the page's shipment once per request key, then activates it when asked (`rec`: the demo's history, see Recording). */
    async create(client: UserRow, req: z.output<typeof ZShipmentCreateRequest>, rec?: Recording) {
      let row = await saveDraft(client, req);
      if (req.activate) row = await activation.activate(client, row.uniqueId, undefined, rec);
      return { row: await views.detail(row), activated: row.status !== 'draft' };
    },

    /**
     * A draft made from an online store's fulfillment order, once per request key (the store's
     * activation claim): a second call finds the first's. A draft left from a failed activation
     * takes the new data and service (unless another request is activating it right now).
     */
    async storeDraft(client: UserRow, draft: TShipmentDraftParsed, choice: ServiceChoice, made: StoreOrigin, requestKey: string) {
      const existing = await findByRequestKey(ctx.db, client.id, requestKey);
      if (!existing) return saveDraft(client, { ...draft, serviceId: choice.serviceId, pointId: choice.pointId ?? null, requestKey, activate: false }, made);
      if (existing.status !== 'draft') return existing;
      return edits.edit(client, existing.uniqueId, { ...draft, serviceId: choice.serviceId, pointId: choice.pointId ?? null }).catch(() => existing);
    },

    /** The public tracking page's view of an AWB (no parties' details), or null. */
    publicTracking,

    /** Activates a saved draft, with the service chosen on its page when it was saved without one. */
    async activate(client: UserRow, uniqueId: string, choice?: ServiceChoice) {
      return views.detail(await activation.activate(client, uniqueId, choice));
    },

    /** The courier offers for a saved draft (its page shows them when the draft has no service yet). */
    async draftOffers(client: UserRow, uniqueId: string) {
      const row = await views.own(client, uniqueId);
      if (row.status !== 'draft') throw conflict(m.notDraft, 'notDraft');
      const { offers: priced } = await offers.quote(client.id, views.draftOf(row), row.sender.addressId);
      return priced.map(offers.toOffer);
    },

    /** A saved draft changed before activation: its parcels and content, or the whole draft (its service kept only while still offered). */
    async updateDraft(client: UserRow, uniqueId: string, body: TShipmentDraftChangeParsed) {
      return views.detail(await (body.full ? edits.edit(client, uniqueId, body) : edits.update(client, uniqueId, body)));
    },

    /** A saved draft as the new-shipment page's form holds it (its edit mode); anything but a draft is 409. */
    async draftForm(client: UserRow, uniqueId: string): Promise<Omit<TShipmentDraftFormResponse, 'success'>> {
      const row = await views.own(client, uniqueId);
      if (row.status !== 'draft') throw conflict(m.notEditable, 'notDraft');
      const d = views.draftOf(row);
      const party = (p: ShipmentAddress) => {
        const f = addressFormFields(p);
        return { ...f, contactCompany: f.contactCompany ?? null, contactPhone2: f.contactPhone2 ?? null, contactEmail: f.contactEmail ?? null, postalCode: f.postalCode ?? null, block: f.block ?? null, entrance: f.entrance ?? null, intercom: f.intercom ?? null, floor: f.floor ?? null, apartment: f.apartment ?? null, additionalInfo: f.additionalInfo ?? null };
      };
      return {
        uniqueId: row.uniqueId,
        kind: row.kind,
        draft: { sender: party(row.sender), recipient: party(row.recipient), packages: d.packages, content: d.content, clientReference: d.clientReference ?? null, options: d.options },
        serviceId: row.serviceId,
        pointId: row.point?.id ?? null,
      };
    },

    /** Deletes a saved draft (never an activated shipment: 409). */
    deleteDraft: (client: UserRow, uniqueId: string) => edits.remove(client, uniqueId),

    list: (client: UserRow, q: z.output<typeof ZShipmentListQuery>) => views.list(client, q),

    /** A client's shipments by id as the list shows them, in the order asked (the customer book's page). */
    async summariesByIds(userId: number, ids: number[]) {
      const rows = new Map((await ownShipmentsByIds(ctx.db, userId, ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => (rows.has(id) ? [views.summary(rows.get(id)!)] : []));
    },

    async detail(client: UserRow, uniqueId: string) {
      return views.detail(await views.own(client, uniqueId));
    },

    async tracking(client: UserRow, uniqueId: string) {
      const row = await views.own(client, uniqueId);
      return views.detail(await tracking.refresh(row).catch(() => row));
    },

    /** Cancels before the courier picked it up: the AWB is cancelled and a prepaid charge refunded. */
    cancel: (client: UserRow, uniqueId: string, rec?: Recording) => cancel(client, uniqueId, rec),

    label: (client: UserRow, uniqueId: string, format: AwbFormat) => views.label(client, uniqueId, format),
    /** Several labels at once (a bulk run's merged PDF), kept ones read in one query. */
    labelsOf: (client: UserRow, uniqueIds: readonly string[], prefer: readonly AwbFormat[]) => views.labelsOf(client, uniqueIds, prefer),
    /** Whether each shipment has a label to print now (true), or its error: no label is read. */
    printableOf: async (client: UserRow, uniqueIds: readonly string[], prefer: readonly AwbFormat[]) => (await views.printableOf(client, uniqueIds, prefer)).map((p) => (p instanceof Error ? p : (true as const))),

    /** The mail sender's producer of labels attached to order confirmations. */
    labelForMail: (ref: { shipmentId: number; format: AwbFormat }) => views.labelForMail(ref.shipmentId, ref.format),

    /** The tracking job: follow open shipments; finish activations a crash interrupted. */
    trackOpen: (limit?: number, rec?: Recording) => tracking.trackOpen(limit, rec),
  };
}

export type ShipmentsService = ReturnType<typeof shipmentsService>;
