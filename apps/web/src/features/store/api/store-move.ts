import { storeMovePath, type TSuccessResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST user/integration/shopify/{clientId}.{host}/fulfillment-order/{id}/move/{locationId} (spec 002
 * section 7, no body): the fulfillment order's products go to another location of the shop.
 */
export const moveFulfillmentOrder = (clientId: number, fulfillmentOrderId: string, locationId: string) =>
  api<TSuccessResponse>('POST', storeMovePath(clientId, window.location.host, fulfillmentOrderId, locationId));

export const useMoveFulfillmentOrder = (clientId: number, fulfillmentOrderId: string) =>
  useMutation({ mutationFn: (locationId: string) => moveFulfillmentOrder(clientId, fulfillmentOrderId, locationId) });
