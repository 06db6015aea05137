export type OutboxListParams = { page: number; selectedClient?: number };

export const outboxKeys = {
  all: ['mail-outbox'] as const,
  lists: () => [...outboxKeys.all, 'list'] as const,
  list: (params: OutboxListParams) => [...outboxKeys.lists(), params] as const,
  detail: (id: number, selectedClient?: number) => [...outboxKeys.all, 'detail', id, selectedClient ?? 'self'] as const,
};
