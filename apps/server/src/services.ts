import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { companyCheckFor } from './integrations/company-check/index.js';
import { courierNetworkFor } from './integrations/couriers/index.js';
import { eInvoiceAuthFor } from './integrations/e-invoicing/index.js';
import { efacturaSimulatorRoutes } from './integrations/e-invoicing/simulator.js';
import { mailTransportFor } from './integrations/mail/index.js';
import { paymentGateway, paymentRoutes } from './integrations/payments/index.js';
import { smsTransportFor } from './integrations/sms/index.js';
import { storeAppFor, storeSimulatorRoutes } from './integrations/store/index.js';
import { addressesService } from './modules/addresses/index.js';
import { adminService } from './modules/admin/index.js';
import { authService } from './modules/auth/index.js';
import { activeEntity, billingService } from './modules/billing/index.js';
import { eInvoiceConnections, einvoiceService } from './modules/einvoice/index.js';
import { geoService } from './modules/geo/index.js';
import { healthService } from './modules/health/index.js';
import { invoicingDepsOf, invoicingService, shipmentBilling } from './modules/invoicing/index.js';
import { balanceBani } from './modules/ledger/index.js';
import { mailDelivery, mailOutboxService, type AttachmentResolver } from './modules/mail/index.js';
import { packagingService } from './modules/packaging/index.js';
import { markPickupPointUsed, pickupDiscounts, pickupPointsService } from './modules/pickup-points/index.js';
import { automaticChargeInProgress, prepayService, stopSubscriptions, subscriptionsService } from './modules/prepay/index.js';
import { profileService } from './modules/profile/index.js';
import { shipmentsService } from './modules/shipments/index.js';
import { settingsService } from './modules/settings/index.js';
import { storeService } from './modules/store/index.js';
import { returnsService, templatesService } from './modules/templates/index.js';

/**
 * The composition root: every integration and service, built once from the configuration. The
 * HTTP app (app.ts), the job runner (jobs/boss.ts) and the demo seeds take what they need from
 * here; no module builds another module's service or reads the configuration itself.
 *
 * `host` is the app itself, for the one integration that calls this server's own routes in-process
 * (the e-invoicing simulator's token endpoint): without it (the job runner, the seeds) there is
 * no e-invoicing service, and nothing there needs one.
 */
export function buildServices(config: Config, database: Database, log: FastifyBaseLogger, host?: FastifyInstance) {
  /* Integrations: the card processor, the company register, the courier network. */
  const gateway = paymentGateway(config);
  const companyCheck = companyCheckFor(config);
  const network = courierNetworkFor(config, database);

  /* Money: invoicing first, injected into everything that invoices. */
  const invoicingDeps = invoicingDepsOf(config);
  const invoicing = invoicingService({ database, ...invoicingDeps, stopSubscriptions, automaticChargeInProgress });
  const prepay = prepayService({ database, gateway, log, invoicing });
  const subscriptions = subscriptionsService({ database, gateway, invoicing });
  const billing = billingService({
    database,
    companyCheck,
    multiCompanySelect: config.featureMultiCompanySelect,
    log,
    notInvoicedBani: invoicing.notInvoicedBani,
    eInvoiceConnections,
  });
  const einvoice = host ? einvoiceService({ database, auth: eInvoiceAuthFor(config, host), tokenKey: config.tokenEncryptionKey, log }) : null;

  /* Accounts. */
  const policy = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
  const auth = authService({ database, policy });
  const profile = profileService({ database, policy, platformIban: config.platformIban, notInvoicedBani: invoicing.notInvoicedBani });
  const admin = adminService({ database });
  const settings = settingsService({ database });
  const addresses = addressesService({ database });
  const geo = geoService({ database });
  const health = healthService({ database });

  /* Shipments and what they are made from. An approved pick-up point gives its courier's discount on shipments sent from that address. */
  const billingOfShipments = shipmentBilling(invoicingDeps);
  const shipments = shipmentsService({ database, network, billing: billingOfShipments, pickupDiscounts, pickupUsed: markPickupPointUsed, now: config.now });
  const pickupPoints = pickupPointsService({ database, couriers: () => network.couriers() });
  const templates = templatesService({ database });
  const returns = returnsService({ database });
  const packaging = packagingService({ database });

  /* Online stores: the Shopify app (real shops, or the built-in simulator's, reached in-process through the host). */
  const storeApp = host ? storeAppFor(config, host, log) : null;
  // The account check reads the client's billing data (an active entry that is not invalid) and prepaid balance.
  const readiness = {
    hasActiveBilling: async (userId: number) => {
      const entry = await activeEntity(database.db, userId);
      return !!entry && entry.verifyStatus !== 'invalid';
    },
    balanceBani: (userId: number) => balanceBani(database.db, userId),
  };
  const store = storeApp ? storeService({ database, app: storeApp, tokenKey: config.tokenEncryptionKey, readiness, log }) : null;
  const shopifySimulatorRoutes = host ? storeSimulatorRoutes(config, database, host) : null;

  /* Mail: the account's outbox page; the mode says whether mail leaves (smtp) or is only kept (outbox). */
  const mailOutbox = mailOutboxService({ database, mode: config.mail });
  /** Attachments are produced when their mail is sent: invoice PDFs by invoicing, labels by the shipment's courier. */
  const resolveAttachment: AttachmentResolver = (ref) => ('invoiceId' in ref ? invoicing.resolveAttachment(ref) : shipments.labelForMail(ref.label));
  /** Outgoing mail and SMS, made on first use (the job runner's mail sender; the app never sends). */
  let outgoing: { transport: ReturnType<typeof mailTransportFor>; delivery: ReturnType<typeof mailDelivery> } | undefined;
  const outgoingMail = () => {
    if (outgoing) return outgoing;
    const transport = mailTransportFor(config);
    const delivery = mailDelivery({ database, transport, sms: smsTransportFor(config), from: config.mailFrom, resolveAttachment });
    return (outgoing = { transport, delivery });
  };

  /* The processors' own routes: the card simulator's hosted pages or Stripe's webhook; the e-Factura simulator. */
  const paymentProcessorRoutes = paymentRoutes(config, {
    findPending: prepay.findPendingPayment,
    await3ds: prepay.await3ds,
    complete: prepay.completePayment,
    completeAutomatic: subscriptions.settleCharge,
  });
  const einvoiceSimulatorRoutes =
    config.einvoice === 'simulator' ? efacturaSimulatorRoutes({ database, key: config.tokenEncryptionKey, publicUrl: config.publicUrl }) : null;

  return {
    gateway,
    companyCheck,
    network,
    invoicingDeps,
    invoicing,
    /** What shipments record for invoicing (the demo seed's shipments too). */
    shipmentBilling: billingOfShipments,
    prepay,
    subscriptions,
    billing,
    einvoice,
    auth,
    profile,
    admin,
    settings,
    addresses,
    geo,
    health,
    shipments,
    pickupPoints,
    templates,
    returns,
    packaging,
    mailOutbox,
    outgoingMail,
    paymentProcessorRoutes,
    einvoiceSimulatorRoutes,
    storeApp,
    store,
    shopifySimulatorRoutes,
  };
}

export type Services = ReturnType<typeof buildServices>;
