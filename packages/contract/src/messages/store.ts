/** Connected online stores (owned by the store module). */
export const storeMessages = {
  shopInvalid: 'Introduceti adresa magazinului Shopify, de forma nume.myshopify.com!',
  notFound: 'Magazinul nu a fost gasit!',
  connected: 'Magazinul a fost conectat cu succes!',
  refused: 'Conectarea magazinului a fost anulata: aplicatia nu a fost instalata. Nu s-a modificat nimic.',
  /** Ours (issue 24): the integration page's notice when the merchant comes back from the shop without a connected store. */
  notConnected: 'Magazinul nu a fost conectat.',
  connectFailed: 'A aparut o eroare la conectarea magazinului. Va rugam reincercati iar daca problema persista, sa ne contactati!',
  disconnected: 'Magazinul a fost deconectat!',
  loadError: 'A aparut o eroare la incarcarea magazinelor. Va rugam reincercati...',
  /** The order page's saved mutations (store-mutations.ts): an unknown or another client's row, a product's side under 1 cm. */
  associationNotFound: 'Asocierea adresei nu exista!',
  dimensionsNotFound: 'Dimensiunile produsului nu exista!',
  productHeightMin: 'Inaltimea minima este 1 cm!',
  /** Ours: an order (or its fulfillment order) the shop does not have; a move the shop refused (spec 002 section 8). */
  orderNotFound: 'Comanda nu a fost gasita in magazin!',
  /** Ours (issue 28 §4): the shop throttled a read or a write that could not wait (Shopify's rate limit). */
  shopBusy: 'Magazinul Shopify este ocupat in acest moment si nu a raspuns. Va rugam incercati din nou in cateva secunde.',
  moveFailed: 'A aparut o eroare. Va rugam reincercati sau daca problema persista, contactati-ne!',
  /** Ours (issue 14): a bulk activation run that is not the client's, or whose store is not; a labels PDF of a run that made none. */
  bulkRunNotFound: 'Activarea nu a fost gasita!',
  bulkNoLabels: 'Nicio comanda nu a fost activata: nu exista etichete de descarcat.',
} as const;
