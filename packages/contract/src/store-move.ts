import { z } from './zod.js';
import { storeMessages } from './messages/store.js';

/**
 * Moving an awaiting fulfillment order to another shop location (spec 002 section 7:
 * POST user/integration/shopify/{clientId}.{host}/fulfillment-order/{fulfillmentOrderId}/move/{locationId},
 * no body, ids URL-encoded twice). `{clientId}` is the store account's id, before the first dot.
 */
export const STORE_MOVE_MESSAGES = {
  moved: 'Produsele au fost mutate cu success!',
  failed: storeMessages.moveFailed,
  /** Ours (not quoted by the specification): the order was not found in the store. */
  notFound: storeMessages.orderNotFound,
} as const;

/** The move call's path (each id URL-encoded twice, as the specification says). */
export const storeMovePath = (clientId: number, host: string, fulfillmentOrderId: string, locationId: string) =>
  `/api/user/integration/shopify/${clientId}.${encodeURIComponent(host)}/fulfillment-order/${encodeURIComponent(encodeURIComponent(fulfillmentOrderId))}/move/${encodeURIComponent(encodeURIComponent(locationId))}`;

export const ZStoreMoveParams = z.object({
  clientIdAndHost: z.string().max(300),
  fulfillmentOrderId: z.string().max(300),
  locationId: z.string().max(300),
});
