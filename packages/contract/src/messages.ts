import { commonMessages } from './messages/common.js';
import { authMessages } from './messages/auth.js';
import { passwordMessages } from './messages/password.js';
import { addressMessages } from './messages/address.js';
import { addressCorrectionMessages } from './messages/addressCorrection.js';
import { settingsMessages } from './messages/settings.js';
import { prepayMessages } from './messages/prepay.js';
import { billingMessages } from './messages/billing.js';
import { invoicingMessages } from './messages/invoicing.js';
import { einvoiceMessages } from './messages/einvoice.js';
import { einvoiceFormMessages } from './messages/einvoice-form.js';
import { mailMessages } from './messages/mail.js';
import { shipmentsMessages } from './messages/shipments.js';
import { pickupPointsMessages } from './messages/pickupPoints.js';
import { templatesMessages } from './messages/templates.js';
import { packagingMessages } from './messages/packaging.js';
import { storeMessages } from './messages/store.js';
import { storeActivationMessages } from './messages/store-activation.js';
import { storePackingMessages } from './messages/store-packing.js';
import { profileMessages } from './messages/profile.js';
import { balanceMessages } from './messages/balance.js';
import { balanceAdminMessages } from './messages/balance-admin.js';
import { repaymentsMessages } from './messages/repayments.js';
import { dashboardMessages } from './messages/dashboard.js';
import { referralsMessages } from './messages/referrals.js';
import { customersMessages } from './messages/customers.js';

export { commonMessages } from './messages/common.js';
export { authMessages } from './messages/auth.js';
export { passwordMessages } from './messages/password.js';
export { addressMessages } from './messages/address.js';
export { addressCorrectionMessages } from './messages/addressCorrection.js';
export { settingsMessages } from './messages/settings.js';
export { prepayMessages } from './messages/prepay.js';
export { billingMessages } from './messages/billing.js';
export { invoicingMessages } from './messages/invoicing.js';
export { einvoiceMessages } from './messages/einvoice.js';
export { einvoiceFormMessages } from './messages/einvoice-form.js';
export { mailMessages } from './messages/mail.js';
export { shipmentsMessages } from './messages/shipments.js';
export { shipmentsListMessages } from './messages/shipments-list.js';
export { pickupPointsMessages } from './messages/pickupPoints.js';
export { templatesMessages } from './messages/templates.js';
export { packagingMessages } from './messages/packaging.js';
export { storeMessages } from './messages/store.js';
export { storeActivationMessages } from './messages/store-activation.js';
export { storePackingMessages } from './messages/store-packing.js';
export { profileMessages } from './messages/profile.js';
export { balanceMessages } from './messages/balance.js';
export { balanceAdminMessages } from './messages/balance-admin.js';
export { dashboardMessages } from './messages/dashboard.js';
export { referralsMessages } from './messages/referrals.js';
export { customersMessages } from './messages/customers.js';
export { repaymentsMessages, REPAYMENTS_LIST_MESSAGES, REPAYMENT_STATUS_RGBA } from './messages/repayments.js';

/**
 * The Romanian message catalogue. Texts quoted by the specification are kept letter for letter
 * (without diacritics, as the specification writes them); the others follow the same tone.
 * Each section is its own module (messages/*.ts) so a page takes only the sections it uses (the
 * first-load budget: a lazy page importing `messages` brings every section with it); `messages`
 * puts them together for whoever wants them all (the server, the fuzz test's catalogue).
 */
export const messages = {
  common: commonMessages,
  auth: authMessages,
  password: passwordMessages,
  address: addressMessages,
  addressCorrection: addressCorrectionMessages,
  settings: settingsMessages,
  prepay: prepayMessages,
  billing: billingMessages,
  invoicing: invoicingMessages,
  einvoice: einvoiceMessages,
  einvoiceForm: einvoiceFormMessages,
  mail: mailMessages,
  shipments: shipmentsMessages,
  pickupPoints: pickupPointsMessages,
  templates: templatesMessages,
  packaging: packagingMessages,
  store: storeMessages,
  storeActivation: storeActivationMessages,
  storePacking: storePackingMessages,
  profile: profileMessages,
  balance: balanceMessages,
  balanceAdmin: balanceAdminMessages,
  repayments: repaymentsMessages,
  dashboard: dashboardMessages,
  referrals: referralsMessages,
  customers: customersMessages,
} as const;

export type Messages = typeof messages;
