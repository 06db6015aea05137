/** The order page's own texts the spec does not quote (listed in docs/decisions.md). */
export const STORE_ORDER_TEXTS = {
  severalWarehouses: 'Produsele acestei comenzi se afla in mai multe depozite, asa ca vor fi trimise in mai multe colete, cate unul din fiecare depozit.',
  betterLocation: (name: string) => `Toate produsele se pot trimite dintr-un singur depozit: ${name}.`,
  cancelled: 'Comanda a fost anulata in magazin.',
  track: 'Urmareste comanda',
  copyAwb: 'Copiaza AWB-ul',
  details: 'Detalii comanda',
  products: 'Produse',
  /** Spec 002 section 2.1: a fulfilled order not made here. */
  notOnPlatform: 'Comanda nu este facuta pe platforma!',
  sentInShop: (when: string) => `Trimisa din magazin pe ${when}.`,
  back: 'Inapoi',
  documentation: 'Vezi documentatia',
  checkFailed: 'Configuratia contului nu a putut fi verificata.',
  extraOptions: {
    openAtDelivery: 'Deschidere la livrare',
    insurance: 'Asigurare',
    repayment: 'Ramburs',
    saturday: 'Livrare sambata',
  },
} as const;
