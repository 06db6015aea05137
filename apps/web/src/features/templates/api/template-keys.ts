export type TemplateListParams = { search: string; page: number; selectedClient?: number };

/** Query keys of the order templates, per acting client (an admin's selected client has its own entries). */
export const templateKeys = {
  all: ['order-templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (params: TemplateListParams) => [...templateKeys.lists(), params] as const,
  details: () => [...templateKeys.all, 'detail'] as const,
  detail: (id: number, selectedClient?: number) => [...templateKeys.details(), id, selectedClient ?? 'self'] as const,
  public: (uniqueId: string) => ['public-return', uniqueId] as const,
};

/** '?selectedClient=N' when an admin acts for a client (the server reads it from the query). */
export const actingQuery = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');
