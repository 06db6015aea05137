/**
 * The database schema, one file per area under schema/ (drizzle.config.ts reads this barrel).
 * schema/columns.ts holds column builders shared by several areas; it has no tables.
 */
export * from './schema/users.js';
export * from './schema/meta.js';
export * from './schema/geo.js';
export * from './schema/addresses.js';
export * from './schema/settings.js';
export * from './schema/ledger.js';
export * from './schema/prepay.js';
export * from './schema/billing.js';
export * from './schema/invoicing.js';
export * from './schema/ledger-totals.js';
export * from './schema/invoice-totals.js';
export * from './schema/repayment-totals.js';
export * from './schema/einvoice.js';
export * from './schema/mail.js';
export * from './schema/efactura-sim.js';
export * from './schema/shipments.js';
export * from './schema/courier-sim.js';
export * from './schema/pickup-points.js';
export * from './schema/templates.js';
export * from './schema/packaging.js';
export * from './schema/events.js';
export * from './schema/store.js';
export * from './schema/store-bulk.js';
export * from './schema/store-copy.js';
export * from './schema/shopify-sim.js';
export * from './schema/repayments.js';
export * from './schema/store-activations.js';
export * from './schema/payments.js';
export * from './schema/audit-log.js';
export * from './schema/repayment-payouts.js';
export * from './schema/referrals.js';
export * from './schema/customers.js';
