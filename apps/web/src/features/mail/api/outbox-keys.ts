import type { ActingClientId } from '../../../lib/api-client';

export type OutboxListParams = { page: number };

/** Query keys of the mail outbox, per acting client. */
export const outboxKeys = {
  all: (acting: ActingClientId) => ['mail-outbox', acting] as const,
  lists: (acting: ActingClientId) => [...outboxKeys.all(acting), 'list'] as const,
  list: (acting: ActingClientId, params: OutboxListParams) => [...outboxKeys.lists(acting), params] as const,
  detail: (acting: ActingClientId, id: number) => [...outboxKeys.all(acting), 'detail', id] as const,
};
