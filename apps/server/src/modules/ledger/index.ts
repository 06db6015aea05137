/**
 * The ledger: the one owner of every movement of a client's money. Nothing else writes the
 * ledger table; balances and totals are SQL sums over it.
 */
export {
  attachInvoice,
  backdateMovements,
  balanceBani,
  balanceOf,
  bonus,
  bonusTakeBack,
  refundedShipmentIds,
  chargeShipment,
  correction,
  creditPayment,
  PAYMENT_KINDS,
  paymentsBani,
  revertPayment,
  uninvoicedTopUps,
  creditTopUp,
  hasMovement,
  invoicedPayoutsBani,
  invoicedTopUpsBani,
  payout,
  recentMovements,
  refundShipment,
  reverseCharge,
} from './ledger.js';
export type { LedgerKind, Movement, Written } from './ledger.js';
export { invoicedTopUps, ledgerStatementPage, ledgerTotals } from './statements.js';
export { shipmentSpendingPerMonth } from './monthly.js';
export type { DayPeriod, LedgerPeriod, LedgerTotals, StatementRow } from './statements.js';
