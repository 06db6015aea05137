import type { TOutgoingListRequest, TOutgoingListResponse, TSentBuyerAddress, TSentStatusDetailsResponse } from '@colete/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

const sentKeys = { all: (acting: number | null) => ['sent-invoices', acting] as const };

/** POST user/invoicing-system/outgoing-list (issue 26): one page of a connected company's sent e-invoices. */
export function useSentInvoices(request: TOutgoingListRequest | null) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: [...sentKeys.all(acting), request],
    queryFn: () => api<TOutgoingListResponse>('POST', 'user/invoicing-system/outgoing-list', request),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET user/invoicing-system/status-details/{id}: a sent document's steps and e-Factura's or the rules' findings. */
export function useSentStatusDetails(id: number) {
  const acting = useActingClientId();
  return useQuery({ queryKey: [...sentKeys.all(acting), 'details', id], queryFn: () => api<TSentStatusDetailsResponse>('GET', `user/invoicing-system/status-details/${id}`) });
}

export const sentDownloadUrl = (processingId: string, kind: 'xml' | 'zip' | 'pdf') => `user/invoicing-system/invoice/download/${processingId}/${kind}`;

/**
 * POST user/invoicing-system/status-details/{id}/reprocess: a document in error sent again (built and
 * checked anew); with the buyer's address in parts when the rules could not state the kept one.
 */
export function useReprocessSent() {
  const client = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: ({ id, buyerAddress }: { id: number; buyerAddress?: TSentBuyerAddress }) =>
      api<{ success: true; message: string }>('POST', `user/invoicing-system/status-details/${id}/reprocess`, buyerAddress ? { buyerAddress } : undefined),
    onSettled: () => client.invalidateQueries({ queryKey: sentKeys.all(acting) }),
  });
}

/**
 * PUT user/invoicing-system/outgoing-list/mark-message-as-read (one: `messageId`) and .../bulk
 * (several: `messageIds`): buyers' messages marked read (spec 002 sections 4.9, 7); the list reloads.
 */
export function useMarkSentMessagesRead() {
  const client = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (body: { messageId: number } | { messageIds: number[] }) =>
      api<{ success: true }>('PUT', `user/invoicing-system/outgoing-list/mark-message-as-read${'messageIds' in body ? '/bulk' : ''}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: sentKeys.all(acting) }),
  });
}
