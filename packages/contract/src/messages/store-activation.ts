/** The store order's offers, activation, saving for later and the public tracking page (issue 14, owned by the store module). */
export const storeActivationMessages = {
  /** Spec 002 section 4.4: the 3-second countdown after the data changed ('N' is the seconds left). */
  countdown: (seconds: number) => `Datele au fost modificate! Ofertele vor fi afisate in ${seconds} secunde`,
  offersInvalid: 'Datele comenzii sunt invalide. Pentru a vedea serviciile de curierat, completati corect comanda.',
  servicesFailed:
    'Serviciile de curierat nu au putut fi preluate din cauza unei erori. Verificati configuratia contului si daca aceasta indeplineste cerintele comenzii, iar daca problema persista, contactati-ne!',
  activating: 'Se activeaza comanda',
  activate: 'Activeaza comanda',
  saveForLater: 'Salveaza pentru activare ulterioara',
  showOffers: 'Arata oferte',
  activationFailed: 'A intervenit o eroare in activarea comenzii! Va rugam reincercati, iar daca eroarea persista sa ne contactati!',
  saved: 'Comanda a fost salvata pentru mai tarziu!',
  /** Ours. */
  activated: 'Comanda a fost activata!',
  fulfillmentOrderNotAwaiting: 'Aceasta parte a comenzii nu mai asteapta expedierea.',
  linesInvalid: 'Produsele de expediat nu corespund comenzii din magazin.',
  packingInvalid: 'Configuratia pachetelor este invalida: fiecare produs trebuie pus intr-un pachet sau amanat.',
  storePending: 'AWB-ul a fost emis, dar magazinul nu a fost inca actualizat. Reincercam automat.',
  serviceInvalid: 'Serviciul ales nu mai este disponibil. Alegeti altul din lista.',
  savedNotice: 'Comanda salvata pentru activare ulterioara.',
  /** The public tracking page (ours). */
  trackingTitle: 'Urmarire colet',
  trackingNotFound: 'Nu am gasit niciun colet cu acest AWB.',
  trackingError: 'A aparut o eroare la incarcarea informatiilor. Va rugam reincercati!',
  trackingLoading: 'Se incarca informatiile coletului',
  trackingCourier: 'Curier',
  trackingDestination: 'Destinatie',
  trackingEstimated: 'Livrare estimata',
  trackingHistory: 'Istoric',
  trackingNoEvents: 'Nu exista inca evenimente pentru acest colet.',
  /** Issue 24 item 1 (ours): the order's cash on delivery is collected once, by one part of the order. */
  codCarries: (total: string) => `Rambursul comenzii (${total}) se incaseaza o singura data, cu aceasta parte; celelalte parti pleaca fara ramburs.`,
  codElsewhere: (total: string, where: string) => `Aceasta parte pleaca fara ramburs: rambursul comenzii (${total}) se incaseaza cu ${where}.`,
  codWhereAwb: (awb: string) => `expedierea cu AWB ${awb}`,
  codPick: 'Incaseaza rambursul cu aceasta parte',
  codPicked: 'Rambursul comenzii se incaseaza acum cu aceasta parte.',
  codOnOtherPart: 'Rambursul comenzii se incaseaza deja cu alta parte a comenzii. Alegeti aceasta parte pentru ramburs sau activati-o fara ramburs.',
  codCarrierActivated: 'Rambursul comenzii se incaseaza deja cu o parte activata; nu mai poate fi mutat.',
  /** Issue 24 item 2 (ours). */
  onHold: 'Comanda este blocata in magazin (in asteptare). Eliberati blocarea in Shopify, apoi activati comanda.',
  tooManyRequests: 'Prea multe cereri. Va rugam reincercati peste un minut.',
} as const;
