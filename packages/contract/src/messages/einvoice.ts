/** The e-invoicing (e-Factura) connection (owned by the e-invoicing module). */
export const einvoiceMessages = {
  connectLabel: 'Conecteaza la e-Factura',
  reconnectLabel: 'Reconecteaza la e-Factura',
  connected: 'Firma a fost conectata la sistemul e-Factura!',
  connectRefused: 'Conectarea la e-Factura a fost anulata: accesul nu a fost autorizat in pagina ANAF. Nu s-a modificat nimic.',
  // Spec 002 section 8, e-invoicing: the connection's failure, letter for letter.
  connectFailed: 'A aparut o eroare la conectarea firmei la sistemul de facturare. Va rugam reincercati iar daca problema persista, sa ne contactati!',
  onlyVerifiedCompany: 'Doar o firma romaneasca verificata poate fi conectata la sistemul e-Factura!',
  codeMismatch: 'Codul fiscal nu corespunde datelor de facturare!',
  alreadyConnected: 'Aceste date de facturare sunt deja conectate la sistemul e-Factura!',
  // Issue 25, the received invoices: spec 002 section 8's texts letter for letter, then ours.
  companiesFailed: 'A aparut o eroare la incarcarea firmelor dumneavoastra. Va rugam reincercati...',
  receivedListFailed: 'A aparut o eroare, facturile nu au putut fi afisate!',
  statusChanged: 'Operatia a fost trimisa cu succes!',
  statusFailed: 'A aparut o eroare!',
  warningChanged: 'Succes!',
  receivedNotFound: 'Factura nu a fost gasita.',
  companyNotConnected: 'Firma nu este conectata la e-Factura.',
  warningNotOpen: 'Avertismentul a fost deja verificat.',
  statusNotAllowed: 'Operatia nu este permisa pentru starea facturii.',
  statusChangedMeanwhile: 'Starea facturii s-a schimbat intre timp. Reincarcati lista.',
  commentOnlyOnReject: 'Un comentariu se trimite doar cu respingerea facturii.',
  commentTooLong: 'Comentariul poate avea cel mult 1000 de caractere.',
  invalidDate: 'Data este invalida.',
  startAfterEnd: 'Data de inceput este dupa data de sfarsit.',
} as const;
