import type { TOutboxMailResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

/** GET user/mail/outbox/{id}: one mail with its text. */
export const getOutboxMail = (id: number, selectedClient?: number) =>
  api<TOutboxMailResponse>('GET', `user/mail/outbox/${id}${selectedClient ? `?selectedClient=${selectedClient}` : ''}`).then((r) => r.mail);

export const outboxMailQueryOptions = (id: number, selectedClient?: number) =>
  queryOptions({ queryKey: outboxKeys.detail(id, selectedClient), queryFn: () => getOutboxMail(id, selectedClient) });

export const useOutboxMail = (id: number, selectedClient?: number) => useQuery(outboxMailQueryOptions(id, selectedClient));
