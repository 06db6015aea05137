// The money files `npm run mutate` mutates (issue 24), each with the API tests that exercise it.
// Only those tests run for a file: the whole suite under Stryker would take hours on this machine,
// and each mutant re-runs every test file covering it (each opens a database). The lists favour
// the fast tests that call the file directly; the score is what these tests kill.
const t = (...names) => names.map((n) => `apps/server/test/${n}.test.ts`);
const m = 'apps/server/src/modules';
const lib = 'apps/server/src/lib';

export const MUTATION_TARGETS = [
  { file: `${m}/ledger/ledger.ts`, tests: t('ledger', 'ledger-mutants', 'referrals') },
  { file: `${m}/ledger/monthly.ts`, tests: t('dashboard') },
  { file: `${m}/invoicing/invoiced-monthly.ts`, tests: t('dashboard') },
  { file: `${m}/einvoice/einvoice-dashboard.ts`, tests: t('dashboard') },
  { file: `${m}/einvoice/einvoice-buyer-invoices.ts`, tests: t('customer-invoices') },
  { file: `${m}/einvoice/einvoice-deadlines.ts`, tests: t('einvoice-deadlines') },
  { file: `${m}/balance/balance-queries.ts`, tests: t('balance-queries-mutants', 'balance', 'balance-property') },
  { file: `${m}/ledger/statements.ts`, tests: t('ledger-mutants') },
  { file: `${m}/repayments/payout-schedule.ts`, tests: t('payout-schedule', 'payout-schedule-mutants') },
  { file: `${m}/repayments/report-files.ts`, tests: t('report-files-mutants') },
  { file: `${m}/repayments/reconcile.ts`, tests: t('reconcile-mutants') },
  { file: `${m}/repayments/bank-statements.ts`, tests: t('bank-statements-mutants', 'repayment-money', 'iso20022', 'bank-bookings', 'camt-statements', 'money-bugs', 'report-lines-once') },
  { file: `${m}/repayments/payouts.ts`, tests: t('repayment-money', 'payouts-property', 'repayments-mutants') },
  { file: `${m}/invoicing/invoice-lines.ts`, tests: t('invoice-lines-mutants', 'invoice-vat') },
  { file: `${m}/invoicing/credit-notes.ts`, tests: t('credit-notes-mutants') },
  // Its direct tests only: the API tests (invoicing, invoice-content) start the whole app for each mutant.
  { file: `${m}/invoicing/invoice-documents.ts`, tests: t('invoices-list', 'credit-notes') },
  { file: `${m}/invoicing/invoice-documents-queries.ts`, tests: t('invoices-list', 'credit-notes') },
  { file: `${m}/invoicing/issue-invoice.ts`, tests: t('invoicing-mutants') },
  { file: `${lib}/ubl-read.ts`, tests: t('ubl-read') },
  { file: `${m}/einvoice/ubl-warnings.ts`, tests: t('ubl-read') },
  { file: `${m}/einvoice/einvoice-received.ts`, tests: t('einvoice-sync', 'einvoice-status', 'einvoice-received-page') },
  { file: `${m}/einvoice/einvoice-messages.ts`, tests: t('einvoice-status') },
  { file: `${m}/einvoice/einvoice-companies.ts`, tests: t('einvoice-companies') },
  { file: `${lib}/ubl-pdf.ts`, tests: t('einvoice-received-page', 'efactura-sim-transform') },
  { file: `${m}/einvoice/einvoice-sync.ts`, tests: t('einvoice-sync') },
  { file: `${m}/einvoice/courier-invoice-check.ts`, tests: t('einvoice-courier-check') },
  { file: `${m}/einvoice/einvoice-send.ts`, tests: t('einvoice-send') },
  { file: `${m}/einvoice/einvoice-sent-list.ts`, tests: t('einvoice-send', 'einvoice-sent-mend', 'einvoice-sent-messages') },
  { file: `${m}/einvoice/einvoice-sent-messages.ts`, tests: t('einvoice-sent-messages') },
  { file: `${m}/einvoice/einvoice-form.ts`, tests: t('einvoice-form') },
  { file: `${m}/einvoice/einvoice-form-findings.ts`, tests: t('einvoice-form') },
  { file: `${m}/store/store-activation-draft.ts`, tests: t('store-activation-draft-mutants') },
  // The store activation's files with their direct tests over a shop in memory (store-activation.test.ts
  // runs the simulator's shop through the app: over a minute a mutant).
  { file: `${m}/store/store-activation-queries.ts`, tests: t('store-activation-queries-mutants', 'store-activation-mutants', 'store-fulfil-mutants') },
  { file: `${m}/store/store-activation-routes.ts`, tests: t('store-activation-routes-mutants') },
  { file: `${m}/store/store-activation.ts`, tests: t('store-activation-mutants', 'store-fulfil-mutants') },
  // Issue 28 §4: the store's copy of each shop (what the list and order page read; the marks our fulfillments leave).
  { file: `${m}/store/store-copy-queries.ts`, tests: t('store-shop-copy') },
  { file: `${m}/store/store-copy-reads.ts`, tests: t('store-shop-copy') },
  // Issue 28 §2: the SQL parts each owner answers for another module's one statement (the balance's
  // invoices and payments, the payable invoices, the shipments' fragments of the store and repayments).
  { file: `${m}/invoicing/invoice-statement.ts`, tests: t('balance-queries-mutants', 'balance', 'ledger-mutants', 'ledger') },
  { file: `${m}/payments/payment-statement.ts`, tests: t('balance-queries-mutants', 'balance') },
  { file: `${m}/invoicing/payable-invoices.ts`, tests: t('balance-admin', 'payments-property') },
  { file: `${m}/shipments/shipment-fragments.ts`, tests: t('shipment-fragments-mutants', 'store-activation-queries-mutants', 'store-cod-parts', 'repayments-list', 'store-fulfil-mutants') },
];
