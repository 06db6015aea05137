import type { ActingClientId } from '../../../lib/api-client';

export type TemplateListParams = { search: string; page: number };

/** Query keys of the order templates, per acting client (an admin's selected client has its own entries). */
export const templateKeys = {
  all: (acting: ActingClientId) => ['order-templates', acting] as const,
  lists: (acting: ActingClientId) => [...templateKeys.all(acting), 'list'] as const,
  list: (acting: ActingClientId, params: TemplateListParams) => [...templateKeys.lists(acting), params] as const,
  details: (acting: ActingClientId) => [...templateKeys.all(acting), 'detail'] as const,
  detail: (acting: ActingClientId, id: number) => [...templateKeys.details(acting), id] as const,
  /** The public return page: no sign-in, no acting client. */
  public: (uniqueId: string) => ['public-return', uniqueId] as const,
};
