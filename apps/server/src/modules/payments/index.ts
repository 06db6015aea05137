/**
 * The payments module's public surface (issue 17): payments postpaid clients made for their
 * invoices, recorded, activated and reverted by an admin. The balance pages read them here.
 */
export { clientPayments, findPayment } from './payments-queries.js';
export type { ClientPaymentRow, PaymentRow } from './payments-queries.js';
export { paidBani } from './payment-fragments.js';
export { paymentsService, paymentView } from './payments-service.js';
export type { PaymentsService } from './payments-service.js';
export { recordedPaymentsOf } from './payment-statement.js';
