import { MAIL_OUTBOX_PAGE_SIZE, type TOutboxListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { outboxKeys, type OutboxListParams } from './outbox-keys';

/** GET user/mail/outbox?page=&limit=: the account's mail, newest first, and how mail is sent. */
export const getOutbox = ({ page }: OutboxListParams) =>
  api<TOutboxListResponse>('GET', `user/mail/outbox?${new URLSearchParams({ page: String(page), limit: String(MAIL_OUTBOX_PAGE_SIZE) }).toString()}`);

export const outboxQueryOptions = (acting: ActingClientId, params: OutboxListParams) =>
  queryOptions({ queryKey: outboxKeys.list(acting, params), queryFn: () => getOutbox(params), placeholderData: keepPreviousData });

export const useOutbox = (params: OutboxListParams) => useQuery(outboxQueryOptions(useActingClientId(), params));
