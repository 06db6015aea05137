import { z } from './zod.js';
import { ZOffer } from './shipments.js';
import { ZFromLocation, ZShippingTo, ZStoreExtraOptions, ZStorePacking } from './store-order.js';

/*
 * The store order's offers, activation and saving for later (issue 14, spec 002 sections 3 "Courier
 * query data", 4.4 and 7): the card sends what it shows (the sender chosen, the recipient as
 * corrected, the packing, the extra options) and, to activate or save, the chosen service's
 * activationId and the lines sent now. Money in bani, as the order page's contract.
 */

const id = z.string().min(1).max(200);
/** The sender as the card holds it (an address-book entry, or the location's own address). */
export const ZStoreSender = ZFromLocation.shape.internalAddress.unwrap();
export type TStoreSender = z.infer<typeof ZStoreSender>;
export const ZStoreRecipient = ZShippingTo.shape.internalAddress;

export const ZStoreOffersRequest = z.object({
  shopifyOrderId: id,
  shopifyFulfillmentOrderId: id,
  sender: ZStoreSender,
  recipient: ZStoreRecipient,
  packing: ZStorePacking,
  extraOptions: ZStoreExtraOptions,
  mutations: z.array(z.object({ type: z.string().max(50), operation: z.string().max(50) })).max(20).default([]),
});
export type TStoreOffersRequest = z.input<typeof ZStoreOffersRequest>;

/** The chosen offer: its service, and the point for a domestic-to-point service ('service' or 'service|point'). */
export const storeActivationId = (serviceId: string, pointId: string | null) => (pointId ? `${serviceId}|${pointId}` : serviceId);
export const choiceOfActivationId = (activationId: string) => {
  const [serviceId, pointId] = activationId.split('|');
  return { serviceId: serviceId!, pointId: pointId ?? null };
};

export const ZFulfilledLineItem = z.object({ fulfillmentLineItemId: id, quantity: z.number().int().positive().max(100_000) });
export const ZStoreActivateRequest = ZStoreOffersRequest.extend({
  activationId: z.string().min(1).max(200),
  /** The lines sent now (the packages' products); the postponed ones stay awaiting. */
  fulfilledLineItems: z.array(ZFulfilledLineItem).min(1).max(250),
});
export type TStoreActivateRequest = z.input<typeof ZStoreActivateRequest>;
export const ZStoreSaveRequest = ZStoreOffersRequest.extend({ activationId: z.string().min(1).max(200).nullable().default(null) });
export type TStoreSaveRequest = z.input<typeof ZStoreSaveRequest>;

/** services-list: the direct shipments' offers (the same engine), each with the activationId of its choice. */
export const ZStoreServicesResponse = z.object({ success: z.literal(true), offers: z.array(ZOffer) });
export type TStoreServicesResponse = z.infer<typeof ZStoreServicesResponse>;

export const ZStoreActivateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  uniqueId: z.string(),
  awb: z.string().nullable(),
  /** False while the shop's fulfillment is still to be made (the job retries it). */
  storeUpdated: z.boolean(),
});
export type TStoreActivateResponse = z.infer<typeof ZStoreActivateResponse>;
export const ZStoreSaveResponse = z.object({ success: z.literal(true), message: z.string() });

/** GET tracking/{awb} without sign-in: no names, phones or streets, only the destination's city. */
export const ZPublicTracking = z.object({
  success: z.literal(true),
  awb: z.string(),
  courierName: z.string(),
  status: z.object({ text: z.string(), color: z.string() }),
  destinationCity: z.string(),
  estimatedDelivery: z.string().nullable(),
  events: z.array(z.object({ text: z.string(), at: z.string(), location: z.string().nullable() })),
});
export type TPublicTracking = z.infer<typeof ZPublicTracking>;

/** POST order/{clientId}/cod-part (issue 24 item 1): the part of the order that collects its cash on delivery. */
export const ZStoreCodPartRequest = z.object({ shopifyOrderId: id, shopifyFulfillmentOrderId: id });
export type TStoreCodPartRequest = z.input<typeof ZStoreCodPartRequest>;
