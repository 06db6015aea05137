import { randomBytes } from 'node:crypto';
import { RETURN_DEFAULT_PARCEL, messages, normalizeText, pickPartyAddress, type TReturnAnswerView, type TShipmentDraftParsed, type ZShipmentCreateRequest } from '@colete/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { ShipmentAddress } from '../../db/schema/shipments.js';
import { isFridayInBucharest } from '../../lib/dates.js';
import { badRequest } from '../../lib/errors.js';
import { leiToBani } from '../../lib/money.js';
import type { UserRow } from '../../types.js';
import { insertAddress, searchTextOf } from '../addresses/index.js';
import type { OffersStage } from './offers.js';
import { pointOf, searchText, storedPackage, type Resolved, type ShipmentContext } from './shipment-context.js';
import { findByRequestKey, insertShipment, type ShipmentRow } from './shipments-queries.js';

const m = messages.shipments;
type CreateRequest = z.output<typeof ZShipmentCreateRequest>;
/** A shipment made from an online store's fulfillment order (the store module's activation). */
export type StoreOrigin = { storeAccountId: number; storeOrderId: string; storeOrderName: string; storeFulfillmentOrderId: string };

/** A shipment's public id (also used for the returns made on a template's public page). */
export const newUniqueId = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
};

/** An address typed with 'save in the address book' joins it with the shipment (a new one or a saved draft changed). */
export async function saveTypedAddresses(tx: Executor, client: UserRow, req: Pick<TShipmentDraftParsed, 'sender' | 'recipient'>, sender: Resolved, recipient: Resolved) {
  for (const [input, party] of [[req.sender, sender], [req.recipient, recipient]] as const) {
    if ('addressId' in input || !input.saveAs) continue;
    // Already checked against the nomenclature by the quote: the entry is the party's address as resolved.
    const values = { shortName: input.saveAs, ...pickPartyAddress(party.address) };
    party.address.addressId = (await insertAddress(tx, { ...values, searchText: searchTextOf(values), userId: client.id })).id;
  }
}

/** Drafts: the page's shipment saved once per request key (its typed addresses joining the address book when asked). */
export function draftsStage(ctx: ShipmentContext, offers: OffersStage) {
  const { db } = ctx;

  /** `made` names what the shipment was made from (an online store's order: issue 14). */
  return async function saveDraft(client: UserRow, req: CreateRequest, made: StoreOrigin | null = null): Promise<ShipmentRow> {
    const existing = await findByRequestKey(db, client.id, req.requestKey);
    if (existing) return existing;
    if (req.activate && !req.serviceId) throw badRequest(m.serviceRequired, 'serviceRequired', { serviceId: m.serviceRequired });
    const { sender, recipient, offers: priced } = await offers.quote(client.id, req);
    const chosen = req.serviceId ? offers.chosenOffer(priced, req.serviceId, req.pointId) : null;
    return db.transaction(async (tx) => {
      await saveTypedAddresses(tx, client, req, sender, recipient);
      const values = {
        uniqueId: newUniqueId(),
        userId: client.id,
        sender: sender.address,
        recipient: recipient.address,
        packages: req.packages.map(storedPackage),
        content: req.content,
        clientReference: req.clientReference ?? null,
        options: {
          codBani: req.options.cod.active ? leiToBani(req.options.cod.amount) : null,
          insuranceBani: req.options.insurance.active ? leiToBani(req.options.insurance.amount) : null,
          openAtDelivery: req.options.openAtDelivery,
          saturdayDelivery: req.options.saturdayDelivery,
        },
        courierId: chosen?.offer.courierId ?? null,
        serviceId: chosen?.offer.serviceId ?? null,
        serviceName: chosen?.offer.serviceName ?? null,
        point: chosen?.point ? pointOf(chosen.point) : null,
        priceBani: chosen?.offer.priceBani ?? null,
        priceNoVatBani: chosen?.offer.priceNoVatBani ?? null,
        parcelCount: req.packages.length,
        requestKey: req.requestKey,
        ...(made ?? {}),
      };
      const inserted = await insertShipment(tx, { ...values, searchText: searchText({ ...values, awb: null }) });
      // The same key raced in from a second tab: the other request's shipment is this one.
      return inserted ?? (await findByRequestKey(tx, client.id, req.requestKey))!;
    });
  };
}

export type ReturnDraft = {
  /** The merchant whose shipments list receives it. */
  userId: number;
  /** The customer (sender) and the template's address (recipient). */
  sender: ShipmentAddress;
  recipient: ShipmentAddress;
  content: string;
  clientReference: string | null;
  /** What the template allows; Saturday delivery is kept only on a Friday (`at`). */
  options: { openAtDelivery: boolean; saturdayDelivery: boolean };
  at: Date;
  extra: Record<string, unknown>;
  returnAnswers: TReturnAnswerView[];
};

/** A return is looked up by who sent it too: the customer's name and city. */
export const returnSearchText = (r: Pick<ShipmentRow, 'uniqueId' | 'sender' | 'recipient' | 'clientReference'>) =>
  normalizeText([r.uniqueId, r.sender.contactName, r.sender.addressCity, r.recipient.contactName, r.recipient.contactCompany, r.clientReference].filter(Boolean).join(' | '));

/**
 * A customer's return from a template's public page: a draft of kind 'return' without a service
 * (the merchant chooses one on its page), one parcel of the default size. The customer's name and
 * city are searchable (the merchant looks a return up by who sent it).
 */
export async function createReturnDraft(ex: Executor, d: ReturnDraft): Promise<ShipmentRow> {
  const uniqueId = newUniqueId();
  const inserted = await insertShipment(ex, {
    uniqueId,
    userId: d.userId,
    kind: 'return',
    status: 'draft',
    sender: d.sender,
    recipient: d.recipient,
    packages: [storedPackage({ type: 'parcel', ...RETURN_DEFAULT_PARCEL })],
    content: d.content,
    clientReference: d.clientReference,
    options: {
      codBani: null,
      insuranceBani: null,
      openAtDelivery: d.options.openAtDelivery,
      // Saturday delivery is only offered on Fridays: a return made on another day starts without it.
      saturdayDelivery: d.options.saturdayDelivery && isFridayInBucharest(d.at),
    },
    parcelCount: 1,
    searchText: returnSearchText({ uniqueId, sender: d.sender, recipient: d.recipient, clientReference: d.clientReference }),
    extra: d.extra,
    returnAnswers: d.returnAnswers,
  });
  if (!inserted) throw new Error('return shipment not inserted');
  return inserted;
}
