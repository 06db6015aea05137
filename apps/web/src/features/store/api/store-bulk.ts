import type { AwbFormat, TStoreBulkActivateRequest, TStoreBulkRun, TStoreBulkServicesRequest, TStoreBulkServicesResponse } from '@colete/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { storeKeys } from './store-keys';

/** POST user/integration/shopify/activate-orders/{clientId} (spec 002 section 7): the run starts; its id comes back. */
export function useStartBulk(clientId: number) {
  return useMutation({
    mutationFn: (body: TStoreBulkActivateRequest) => api<{ success: true; runId: number }>('POST', `user/integration/shopify/activate-orders/${clientId}`, body).then((r) => r.runId),
  });
}

/** The run: read every second while it works, once when it is done. */
export function useBulkRun(clientId: number, runId: number | null) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: [...storeKeys.all(acting), 'bulk-run', clientId, runId],
    queryFn: () => api<{ success: true; run: TStoreBulkRun }>('GET', `user/integration/shopify/activate-orders/${clientId}/runs/${runId}`).then((r) => r.run),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
    refetchOnWindowFocus: false,
  });
}

/** GET user/settings/print: the user's label format (the merged labels' default). */
export function usePrintFormat() {
  const acting = useActingClientId();
  return useQuery({
    queryKey: [...storeKeys.all(acting), 'print-format'],
    queryFn: () => api<{ success: true; awbFormat: AwbFormat }>('GET', 'user/settings/print').then((r) => r.awbFormat),
  });
}

/**
 * POST user/integration/shopify/activate-orders/{clientId}/services (issue 24): the services the
 * preview's orders (or every order matching the list's filters) can go with; asked only when the
 * merchant wants one for all.
 */
export function useBulkServices(clientId: number, request: TStoreBulkServicesRequest, enabled: boolean) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: [...storeKeys.all(acting), 'bulk-services', clientId, request],
    queryFn: () => api<TStoreBulkServicesResponse>('POST', `user/integration/shopify/activate-orders/${clientId}/services`, request),
    enabled: enabled && ((request.orders?.length ?? 0) > 0 || request.matching !== undefined),
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
