import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { companyCheckFor } from './integrations/company-check/index.js';
import type { CourierNetwork } from './integrations/couriers/courier-network.js';
import { COURIER_SIM_PREFIX, codReportsClient, courierNetworkFor, courierReportSimulatorRoutes, injectFetch, simCourierApiKey } from './integrations/couriers/index.js';
import { BANK_SIM_PREFIX, bankSimulatorRoutes, bankStatementsClient, SIM_BANK_CONSENT, simBankToken } from './integrations/bank/index.js';
import { checkEInvoice, dbLimiter, eFacturaRestFor, eInvoiceAuthFor } from './integrations/e-invoicing/index.js';
import { efacturaSimulatorRoutes } from './integrations/e-invoicing/simulator.js';
import { mailTransportFor } from './integrations/mail/index.js';
import { paymentGateway, paymentRoutes } from './integrations/payments/index.js';
import { smsTransportFor } from './integrations/sms/index.js';
import { storeAppFor, storeSimulatorRoutes } from './integrations/store/index.js';
import { addressesService } from './modules/addresses/index.js';
import { customersService } from './modules/customers/index.js';
import { adminBalanceService, adminService } from './modules/admin/index.js';
import { authService } from './modules/auth/index.js';
import { activeEntity, billingService } from './modules/billing/index.js';
import { eInvoiceConnections, einvoiceCompaniesService, sentInvoicesToBuyer, einvoiceService, einvoiceSync, receivedInvoicesService, receivedMessageSender, sentInvoicesService, einvoiceSender, invoiceFormService, sentDeadlinesService } from './modules/einvoice/index.js';
import { addressCorrectionService, countyName, geoService } from './modules/geo/index.js';
import { healthService } from './modules/health/index.js';
import { invoiceDocumentById, invoiceDocuments, invoicingDepsOf, invoicingService, setInvoiceBuyerAddressParts, shipmentBilling } from './modules/invoicing/index.js';
import { balanceService } from './modules/balance/index.js';
import { dashboardService } from './modules/dashboard/index.js';
import { balanceBani } from './modules/ledger/index.js';
import { mailDelivery, mailOutboxService, type AttachmentResolver } from './modules/mail/index.js';
import { packagingService } from './modules/packaging/index.js';
import { paidBani, paymentsService } from './modules/payments/index.js';
import { markPickupPointUsed, pickupDiscounts, pickupPointsService } from './modules/pickup-points/index.js';
import { automaticChargeInProgress, prepayService, stopSubscriptions, subscriptionsService } from './modules/prepay/index.js';
import { profileService } from './modules/profile/index.js';
import { referralsService } from './modules/referrals/index.js';
import { moneyAdmin, payoutService, repaymentSheetsService, repaymentsExportAttachment, repaymentsListService, repaymentsService, sheetActions, uploadProgressStore } from './modules/repayments/index.js';
import { shipmentsService } from './modules/shipments/index.js';
import { settingsService } from './modules/settings/index.js';
import {
  storeActivationService,
  storeBulkActivator,
  storeBulkService,
  storeOrderDetailService,
  storeService,
  type StoreOrderActivator,
  type StoreService,
} from './modules/store/index.js';
import { returnsService, templatesService } from './modules/templates/index.js';

/**
 * The composition root: every integration and service, built once from the configuration. The
 * HTTP app (app.ts), the job runner (jobs/boss.ts) and the demo seeds take what they need from
 * here; no module builds another module's service or reads the configuration itself.
 *
 * They are built once per process, by the app (app.ts, `app.services`); the server's start hands
 * the same object to the seeds and the jobs. `host` is that app: the integrations whose simulator is
 * this server's own routes (the shops, the couriers' reports, the bank, e-Factura's token endpoint)
 * call them in process through it, with the real protocol.
 */
export function buildServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  host: FastifyInstance,
  /** The single-order store activation bulk runs use (tests give their own). */
  opts: { storeActivator?: StoreOrderActivator } = {},
) {
  /* Integrations: the card processor, the company register, the courier network. */
  const gateway = paymentGateway(config);
  const companyCheck = companyCheckFor(config, database.db);
  const network = courierNetworkFor(config, database);
  // The address correction through the nomenclature, one for every module that places an address.
  const corrector = addressCorrectionService({ database });

  /* Money: invoicing first, injected into everything that invoices. */
  const invoicingDeps = invoicingDepsOf(config);
  const invoicing = invoicingService({ database, ...invoicingDeps, stopSubscriptions, automaticChargeInProgress });
  // The invoices page's documents: their paid state asks payments (a port: payments imports invoicing).
  const documents = invoiceDocuments({ database, payments: { paidBani } });
  const prepay = prepayService({ database, gateway, log, invoicing });
  const subscriptions = subscriptionsService({ database, gateway, invoicing });
  // The balance views: statements over the ledger and the invoices.
  const balance = balanceService(database, { sellerCui: config.seller.cui });
  const billing = billingService({
    database,
    companyCheck,
    multiCompanySelect: config.featureMultiCompanySelect,
    log,
    notInvoicedBani: invoicing.notInvoicedBani,
    eInvoiceConnections,
    corrector,
  });
  const einvoice = einvoiceService({ database, auth: eInvoiceAuthFor(config, host), tokenKey: config.tokenEncryptionKey, log });
  const efacturaLimiter = dbLimiter(database.db);
  const efacturaRest = eFacturaRestFor(config, host, efacturaLimiter);
  // The platform's own company's invoices are its couriers' (the 'Internal' account), checked against the AWBs' costs.
  const courierNames = () => network.couriers().map((c) => ({ id: c.id, name: c.name }));
  const einvoiceSyncer = einvoiceSync({ database, rest: efacturaRest, einvoice, platformCui: config.seller.cui, couriers: courierNames, log });
  const receivedMessages = receivedMessageSender({ database, rest: efacturaRest, einvoice, log });
  const receivedInvoices = receivedInvoicesService({ database, platformCui: config.seller.cui, couriers: courierNames });
  const einvoiceCompanies = einvoiceCompaniesService({ database, einvoice, log });
  const sentInvoices = sentInvoicesService({
    database,
    platformCui: config.seller.cui,
    setBuyerAddress: setInvoiceBuyerAddressParts,
    countyExists: async (code) => (await countyName(database.db, code)) !== null,
  });
  // The admins' view of every company's documents near or past their deadline.
  const sentDeadlines = sentDeadlinesService({ database, platform: { cui: config.seller.cui, name: config.seller.name }, now: config.now });
  // 'Trimite factura': a client's own invoices, checked with the same official rules before they are queued.
  const invoiceForm = invoiceFormService({ database, check: checkEInvoice });
  // The platform's invoices reported to e-Factura through its own company's connection (issue 26).
  const einvoiceSend = einvoiceSender({ database, rest: efacturaRest, einvoice, platformCui: config.seller.cui, document: (_source, id) => invoiceDocumentById(database.db, id), check: checkEInvoice, log });

  /* Accounts. */
  const policy = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
  // The referral programme (issue 27): registration through a link records the referrer in its transaction.
  const referrals = referralsService({ database, now: config.now });
  const auth = authService({ database, policy, referral: referrals.recordAtRegistration });
  const profile = profileService({ database, policy, platformIban: config.platformIban, notInvoicedBani: invoicing.notInvoicedBani });
  const admin = adminService({ database });
  // The admin's balances (issue 17): the platform's companies, the audit log, postpaid invoices' payments.
  const adminBalance = adminBalanceService({ database, seller: config.seller });
  const payments = paymentsService({ database });
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
  // The customer book: its page shows the shipments (as the shipments list does) and the e-invoices to each customer.
  const customers = customersService({ database, shipmentSummaries: (userId, ids) => shipments.summariesByIds(userId, ids), invoicesToBuyer: sentInvoicesToBuyer });

  /* Online stores: the Shopify app (real shops, or the built-in simulator's, reached in-process through the host). */
  const storeApp = storeAppFor(config, host, log);
  // The account check reads the client's billing data (an active entry that is not invalid) and prepaid balance.
  const readiness = {
    hasActiveBilling: async (userId: number) => {
      const entry = await activeEntity(database.db, userId);
      return !!entry && entry.verifyStatus !== 'invalid';
    },
    balanceBani: (userId: number) => balanceBani(database.db, userId),
  };
  const store = storeService({ database, app: storeApp, tokenKey: config.tokenEncryptionKey, readiness, corrector, log });
  // The order page: the shop's order with its recipient corrected through the nomenclature and the platform's shipments of it.
  const storeOrders = storeOrderDetailService({
    database,
    store,
    app: storeApp,
    corrector,
    book: addresses,
    shipment: (client, uniqueId) => shipments.detail(client, uniqueId),
  });
  const shopifySimulatorRoutes = storeSimulatorRoutes(config, database, host);
  // Offers, activation and saving for later of a store's fulfillment order (issue 14): the direct shipments' engine.
  const storeActivation = storeActivationOf(config, database, store, storeApp, shipments, network, log);
  // Bulk activation: the list's selected orders activated by a job, each through the store activation.
  const bulkActivator =
    opts.storeActivator ??
    storeBulkActivator({
      database,
      detail: storeOrders,
      activation: storeActivation,
      shipments: { activate: shipments.activate, labelsOf: shipments.labelsOf, printableOf: shipments.printableOf },
    });
  const storeBulk = storeBulkService({ database, activator: bulkActivator, awbFormat: settings.awbFormat, matching: (client, id, filter, limit) => store.matching(client.id, id, filter, limit), log });

  /* Repayments: the couriers' cash-on-delivery reports, from the simulator's APIs in process (the real protocol over the host). */
  const repayments = repaymentsFor(config, database, network, host);
  const repaymentsList = repaymentsListService(database);
  const repaymentSheetsRead = repaymentSheetsService(database);
  // Repayments' money: the platform account's statements (the bank simulator's API in process by default), the payouts, the sheets' actions.
  const repaymentMoney = moneyAdminFor(config, database, network, host);
  const payouts = payoutService({ database, platformIban: config.platformIban, platformName: config.seller.name, now: config.now });
  const repaymentSheets = sheetActions({ database, platformIban: config.platformIban });
  // Large uploads' progress (issue 24), kept in the database for the page's polls on any instance.
  const uploads = uploadProgressStore(database);
  const bankSimulator =
    config.bank === 'simulator'
      ? bankSimulatorRoutes({ database, key: config.tokenEncryptionKey, platformIban: config.platformIban, minutesPerStep: config.courierSimMinutesPerStep, courierName: courierNameOf(network), now: config.now })
      : null;
  const courierSimulatorRoutes = config.couriers === 'simulator' ? courierReportSimulatorRoutes({ database, key: config.tokenEncryptionKey, minutesPerStep: config.courierSimMinutesPerStep }) : null;

  // The dashboard (issue 27): each tile read through the owning module's public functions.
  const dashboard = dashboardService({ database, balance, store, courierName: courierNameOf(network), now: config.now });

  /* Mail: the account's outbox page; the mode says whether mail leaves (smtp) or is only kept (outbox). */
  const mailOutbox = mailOutboxService({ database, mode: config.mail });
  /** Attachments are produced when their mail is sent: invoice PDFs by invoicing, labels by the shipment's courier. */
  const resolveAttachment: AttachmentResolver = (ref) =>
    'invoiceId' in ref ? invoicing.resolveAttachment(ref) : 'repaymentsExport' in ref ? repaymentsExportAttachment(database, ref) : shipments.labelForMail(ref.label);
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
    balance,
    dashboard,
    gateway,
    companyCheck,
    network,
    /** The address correction through the nomenclature (the demo seed's store shipment too). */
    corrector,
    invoicingDeps,
    invoicing,
    invoiceDocuments: documents,
    /** What shipments record for invoicing (the demo seed's shipments too). */
    shipmentBilling: billingOfShipments,
    prepay,
    subscriptions,
    billing,
    einvoice,
    einvoiceSync: einvoiceSyncer,
    receivedInvoices,
    sentInvoices,
    sentDeadlines,
    invoiceForm,
    einvoiceSend,
    receivedMessages,
    einvoiceCompanies,
    auth,
    referrals,
    adminBalance,
    payments,
    profile,
    admin,
    settings,
    addresses,
    geo,
    health,
    shipments,
    customers,
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
    storeOrders,
    storeBulk,
    storeActivation,
    shopifySimulatorRoutes,
    repayments,
    repaymentsList,
    repaymentSheetsRead,
    courierSimulatorRoutes,
    repaymentMoney,
    payouts,
    repaymentSheets,
    uploads,
    bankSimulator,
  };
}

export type Services = ReturnType<typeof buildServices>;

/** The store's activation on the shipments service. */
function storeActivationOf(
  config: Config,
  database: Database,
  store: StoreService,
  app: NonNullable<ReturnType<typeof storeAppFor>>,
  shipments: ReturnType<typeof shipmentsService>,
  network: Pick<CourierNetwork, 'couriers'>,
  log?: FastifyBaseLogger,
) {
  return storeActivationService({
    database,
    store,
    app,
    shipments: {
      offers: (client, draft) => shipments.offers(client, draft),
      storeDraft: (client, draft, choice, made, key) => shipments.storeDraft(client, draft, choice, made, key),
      activate: (client, uniqueId, choice) => shipments.activate(client, uniqueId, choice),
      cancel: (client, uniqueId) => shipments.cancel(client, uniqueId),
      courierName: (courierId) => network.couriers().find((c) => c.id === courierId)?.name ?? courierId,
    },
    publicUrl: config.publicUrl ?? '',
    log,
  });
}

/**
 * The repayments service: the simulated couriers' report APIs are read in process through the host
 * (the real protocol, no network).
 */
function repaymentsFor(config: Config, database: Database, network: Pick<CourierNetwork, 'couriers'>, host: FastifyInstance) {
  return repaymentsService({
    database,
    reports: config.couriers === 'simulator' ? codReportsClient({ fetch: injectFetch(host), baseUrl: (id) => `http://localhost${COURIER_SIM_PREFIX}/${id}`, apiKey: (id) => simCourierApiKey(config.tokenEncryptionKey, id) }) : null,
    notReportedDays: config.repaymentNotReportedDays,
    courierName: courierNameOf(network),
    now: config.now,
  });
}

const courierNameOf = (network: Pick<CourierNetwork, 'couriers'>) => (id: string) => network.couriers().find((c) => c.id === id)?.name ?? id;

/**
 * The repayments' money for the admins and the statements job: the bank's statements API is the
 * simulator's routes of the host (in process), or the bank's PSD2 API when configured.
 */
function moneyAdminFor(config: Config, database: Database, network: Pick<CourierNetwork, 'couriers'>, host: FastifyInstance) {
  const bank =
    config.bank === 'psd2' && config.bankApi
      ? bankStatementsClient({ fetch: (url, init) => fetch(url, init), ...config.bankApi })
      : config.bank === 'simulator'
        ? bankStatementsClient({ fetch: injectFetch(host), baseUrl: `http://localhost${BANK_SIM_PREFIX}`, accountId: config.platformIban, consentId: SIM_BANK_CONSENT, token: simBankToken(config.tokenEncryptionKey) })
        : null;
  return moneyAdmin({ database, platformIban: config.platformIban, bank, courierName: courierNameOf(network), now: config.now });
}
