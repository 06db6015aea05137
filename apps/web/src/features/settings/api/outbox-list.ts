import { MAIL_OUTBOX_PAGE_SIZE, type TOutboxListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { outboxKeys, type OutboxListParams } from './outbox-keys';

/** GET user/mail/outbox?page=&limit=: the account's mail, newest first, and how mail is sent. */
export const getOutbox = ({ page, selectedClient }: OutboxListParams) => {
  const query = new URLSearchParams({ page: String(page), limit: String(MAIL_OUTBOX_PAGE_SIZE) });
  if (selectedClient) query.set('selectedClient', String(selectedClient));
  return api<TOutboxListResponse>('GET', `user/mail/outbox?${query.toString()}`);
};

export const outboxQueryOptions = (params: OutboxListParams) =>
  queryOptions({ queryKey: outboxKeys.list(params), queryFn: () => getOutbox(params), placeholderData: keepPreviousData });

export const useOutbox = (params: OutboxListParams) => useQuery(outboxQueryOptions(params));
