/**
 * The repayments screens (spec 002 section 2.3; issue 15): list, sheets, awaiting. Texts the
 * specification quotes are kept letter for letter; the others are ours (docs/decisions.md,
 * "The repayments screens").
 */
export const REPAYMENTS_LIST_MESSAGES = {
  title: 'Rambursuri',
  tabList: 'Lista rambursuri',
  tabSheets: 'Borderouri',
  tabAwaiting: 'In asteptare',
  fromDate: 'De la',
  toDate: 'Pana la',
  search: 'Cauta',
  searchPlaceholder: 'AWB, referinta sau destinatar',
  account: 'Cont bancar',
  /** Spec 2.3: the account select's first option. */
  allAccounts: 'Toate',
  adminAccount: 'Cont (IBAN)',
  company: 'Firma',
  companyPlaceholder: 'Cauta firma dupa nume',
  /** Spec 2.3: the filter buttons. */
  filters: {
    all: 'Toate',
    notPaid: 'Neplatite',
    notDelivered: 'Nelivrate',
    atCourier: 'La curier',
    atUs: 'La Colete-Online',
    paid: 'Platite',
  },
  filterHelp: {
    all: 'Toate rambursurile din perioada selectata',
    notPaid: 'Rambursurile care nu v-au fost inca platite',
    notDelivered: 'Coletele care nu au fost inca livrate',
    atCourier: 'Sume incasate de curier, netransferate inca catre noi',
    atUs: 'Sume primite de noi, in curs de plata catre dumneavoastra',
    paid: 'Sume platite in contul dumneavoastra',
  },
  /** Spec 2.3: the summary cards. */
  cards: {
    all: 'Toate',
    notPaid: 'Total neplatite',
    notDelivered: 'Nelivrate',
    atCourier: 'La curier',
    atUs: 'La Colete Online',
    paid: 'Platite',
  },
  show: 'Afiseaza',
  nextPayment: 'Urmatoarea plata',
  nextPaymentMin: 'cand suma depaseste',
  nextPaymentNoMin: 'fara suma minima',
  nextPaymentDelay: 'Plata poate fi amanata cu o zi daca sunt rambursuri in procesare.',
  lastPayment: 'Ultima plata',
  noPayment: 'Nicio plata inca',
  settingsLink: 'Setari rambursuri',
  exportTitle: 'Export',
  exportDownload: 'Descarca xlsx',
  exportEmail: 'Trimite pe email',
  exportBusy: 'Se genereaza...',
  exportDone: 'Gata!',
  exportMailed: 'Fisierul a fost trimis pe email.',
  /** Spec 002 section 8. */
  exportError: 'A intervenit o eroare! Va rugam reincercati!',
  columns: {
    orderDate: 'Data comanda',
    recipient: 'Destinatar',
    awb: 'AWB',
    reference: 'Referinta client',
    amount: 'Suma',
    holder: 'Titular cont',
    account: 'Cont',
    status: 'Status',
    delivered: 'Livrat',
    sentByCourier: 'Trimis de curier',
    received: 'Primit',
    sentToClient: 'Trimis catre client',
  },
  canceled: 'Anulat',
  /** Spec 2.3 admin button. */
  payNow: 'Plateste rambursurile clientului acum',
  payNowDone: 'Operatiunea a fost efectuata cu succes',
  sheetCard: 'Borderou din',
  /** Spec 2.3. */
  clearSheet: 'Sterge filtrul',
  empty: 'Nu exista rambursuri pentru filtrele selectate.',
  loadError: 'A intervenit o eroare in preluarea rambursurilor!',
  retry: 'Reincearca',
  chooseClient: 'Alegeti un client pentru a vedea rambursurile.',
  oneFilter: 'Alegeti un singur filtru.',
  rangeInvalid: 'Data de inceput trebuie sa fie inainte de data de sfarsit!',
  rangeTooLong: 'Perioada aleasa este prea lunga (cel mult 400 de zile).',
  pageSizeInvalid: 'Marimea paginii poate fi 25, 50 sau 100.',
  rowsPerPage: 'Pe pagina',
  sheetNotFound: 'Borderoul nu exista!',
  exportMailSubject: 'Exportul rambursurilor',
  exportMailText: 'Gasiti atasat exportul rambursurilor cerut din contul dumneavoastra.',
  exportNoEmail: 'Contul nu are o adresa de email.',
  /** The statuses (repayment.status), coloured. */
  status: {
    awaiting_delivery: 'Nelivrat',
    delivered: 'La curier',
    sent_by_courier: 'Trimis de curier',
    received: 'La Colete Online',
    paid: 'Platit',
    cancelled: 'Anulat',
  },
} as const;

/** The status colours (rgba, as the spec's status {text, rgba}): each at least 4.5:1 on white (WCAG AA). */
export const REPAYMENT_STATUS_RGBA = {
  awaiting_delivery: 'rgba(97, 97, 97, 1)',
  delivered: 'rgba(178, 74, 0, 1)',
  sent_by_courier: 'rgba(1, 87, 155, 1)',
  received: 'rgba(106, 27, 154, 1)',
  paid: 'rgba(27, 94, 32, 1)',
  cancelled: 'rgba(183, 28, 28, 1)',
} as const;

export const repaymentsMessages = {
  exportError: REPAYMENTS_LIST_MESSAGES.exportError,
  oneFilter: REPAYMENTS_LIST_MESSAGES.oneFilter,
  rangeInvalid: REPAYMENTS_LIST_MESSAGES.rangeInvalid,
  rangeTooLong: REPAYMENTS_LIST_MESSAGES.rangeTooLong,
  pageSizeInvalid: REPAYMENTS_LIST_MESSAGES.pageSizeInvalid,
  sheetNotFound: REPAYMENTS_LIST_MESSAGES.sheetNotFound,
  exportMailed: REPAYMENTS_LIST_MESSAGES.exportMailed,
  exportNoEmail: REPAYMENTS_LIST_MESSAGES.exportNoEmail,
  payNowDone: REPAYMENTS_LIST_MESSAGES.payNowDone,
} as const;
