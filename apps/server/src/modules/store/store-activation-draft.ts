import { addressFormFields, messages, ZShipmentDraft, type TShipmentDraftParsed, type TStoreOffersRequest } from '@colete/contract';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/*
 * The card's data as a direct shipment's draft (issue 14): the same shipping engine quotes and
 * activates it. The sender is the address-book entry when it has one, else its address typed; the
 * recipient is the corrected address and contact; packages come from the packing; money in bani
 * becomes lei as the direct shipment's options take it.
 */

const sa = messages.storeActivation;
const orNull = (v: string | null | undefined) => (v && v.trim() ? v : null);

export function storeDraftOf(req: TStoreOffersRequest, orderName: string | null): TShipmentDraftParsed {
  const sender = req.sender.addressId ? { addressId: req.sender.addressId } : { ...addressFormFields(req.sender.address), contactName: req.sender.contact.name || req.sender.address.contactName, contactPhone: req.sender.contact.phone || req.sender.address.contactPhone };
  const a = req.recipient.address;
  const c = req.recipient.contact;
  const recipient = {
    contactName: c.name,
    contactPhone: c.phone,
    contactEmail: orNull(c.email),
    contactCompany: orNull(c.company),
    countyCode: a.countyCode,
    city: a.city,
    postalCode: a.postalCode,
    street: orNull(a.street),
    number: a.number,
    block: orNull(a.building),
    entrance: orNull(a.entrance),
    intercom: orNull(a.intercom),
    floor: orNull(a.floor),
    apartment: orNull(a.apartment),
    additionalInfo: orNull(a.additionalInfo),
  };
  const o = req.extraOptions;
  const draft = {
    sender,
    recipient,
    packages: req.packing.list.map((p) => ({ type: req.packing.type, weight: p.weight, length: p.length, width: p.width, height: p.height })),
    content: req.packing.content,
    clientReference: orderName,
    options: {
      cod: { active: o.repayment.account.active, amount: o.repayment.account.amount / 100 },
      insurance: { active: o.insurance.active, amount: o.insurance.amount / 100 },
      openAtDelivery: o.openAtDelivery.active,
      saturdayDelivery: o.saturdayDelivery.active,
    },
  };
  const parsed = ZShipmentDraft.safeParse(draft);
  if (parsed.success) return parsed.data;
  throw badRequest(sa.offersInvalid, 'invalidOrder', fieldErrors(parsed.error));
}

const fieldErrors = (error: z.ZodError) => Object.fromEntries(error.issues.map((i) => [i.path.join('.'), i.message]));

/** Offers are asked only for a whole order: a packing the page marked valid with at least one package (spec 002 section 4.4). */
export function assertPacked(req: TStoreOffersRequest) {
  if (!req.packing.valid || req.packing.list.length === 0) throw badRequest(sa.packingInvalid, 'invalidPacking', { packing: sa.packingInvalid });
}
