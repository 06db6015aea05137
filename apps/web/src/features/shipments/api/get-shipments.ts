import { SHIPMENTS_PAGE_SIZE, type TShipmentListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys, type ShipmentListParams } from './shipment-keys';

/** GET shipments?from=&to=&status=&q=&page=&limit=: one page, newest first, filtered on the server. */
export const getShipments = ({ from, to, status, q, page }: ShipmentListParams) => {
  const query = new URLSearchParams({ from, to, page: String(page), limit: String(SHIPMENTS_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  return api<TShipmentListResponse>('GET', `shipments?${query.toString()}`);
};

export const shipmentsQueryOptions = (acting: ActingClientId, params: ShipmentListParams) =>
  queryOptions({ queryKey: shipmentKeys.list(acting, params), queryFn: () => getShipments(params), placeholderData: keepPreviousData });

export const useShipments = (params: ShipmentListParams) => useQuery(shipmentsQueryOptions(useActingClientId(), params));
