/** The shipments list's own texts (part of `shipmentsMessages`): the list page, a first load, takes only these. */
export const shipmentsListMessages = {
  listError: 'A intervenit o eroare in preluarea comenzilor!',
  listEmpty: 'Nu exista date pentru filtrele selelectate',
} as const;
