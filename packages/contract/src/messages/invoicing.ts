/** Invoices, invoicing settings and settling the account (owned by the invoicing module). */
export const invoicingMessages = {
  settingsSaved: 'Setarile de facturare au fost salvate cu succes!',
  settingsError: 'A aparut o eroare la salvarea setarilor!',
  settled: 'Contul a fost decontat cu succes!',
  settleError: 'Factura nu a putut fi emisa. Va rugam reincercati, iar daca problema persista contactati echipa de suport!',
  alreadySettled: 'Contul este deja decontat: nu exista sume nefacturate si nici sold preplatit.',
  needsBillingData: 'Pentru decontare aveti nevoie de date de facturare active si verificate!',
  needsBankAccount: 'Pentru a primi soldul ramas, completati contul bancar in Setari > Rambursuri!',
  topUpInProgress: 'O reincarcare automata cu cardul este in curs. Decontarea se poate face dupa ce plata se finalizeaza: va rugam reincercati peste cateva minute.',
  invoiceNotFound: 'Factura nu exista!',
} as const;
