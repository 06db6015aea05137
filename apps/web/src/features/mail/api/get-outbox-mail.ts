import type { TOutboxMailResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { outboxKeys } from './outbox-keys';

/** GET user/mail/outbox/{id}: one mail with its text. */
export const getOutboxMail = (id: number) => api<TOutboxMailResponse>('GET', `user/mail/outbox/${id}`).then((r) => r.mail);

export const outboxMailQueryOptions = (acting: ActingClientId, id: number) =>
  queryOptions({ queryKey: outboxKeys.detail(acting, id), queryFn: () => getOutboxMail(id) });

export const useOutboxMail = (id: number) => useQuery(outboxMailQueryOptions(useActingClientId(), id));
