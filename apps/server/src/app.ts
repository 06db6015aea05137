import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messages } from '@colete/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { addressesRoutes } from './modules/addresses/index.js';
import { customersRoutes } from './modules/customers/index.js';
import { adminBalanceRoutes, adminRoutes } from './modules/admin/index.js';
import { authRoutes } from './modules/auth/index.js';
import { billingRoutes } from './modules/billing/index.js';
import { einvoiceAdminRoutes, einvoiceRoutes, invoiceFormRoutes } from './modules/einvoice/index.js';
import { geoRoutes } from './modules/geo/index.js';
import { healthRoutes } from './modules/health/index.js';
import { invoicingRoutes } from './modules/invoicing/index.js';
import { balanceRoutes } from './modules/balance/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { referralsRoutes } from './modules/referrals/index.js';
import { testJobRoutes } from './jobs/test-hooks.js';
import { mailRoutes } from './modules/mail/index.js';
import { packagingRoutes } from './modules/packaging/index.js';
import { pickupPointsAdminRoutes, pickupPointsRoutes } from './modules/pickup-points/index.js';
import { prepayRoutes } from './modules/prepay/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { shipmentsRoutes } from './modules/shipments/index.js';
import {
  publicTrackingRoutes,
  storeActivationRoutes,
  storeBulkRoutes,
  storeMoveRoutes,
  storeMutationRoutes,
  storeOrderRoutes,
  storeRoutes,
  type StoreOrderActivator,
} from './modules/store/index.js';
import { publicReturnRoutes, templatesRoutes } from './modules/templates/index.js';
import { awaitingAccountRoutes, payoutAdminRoutes, repaymentsAdminListRoutes, repaymentsAdminRoutes, repaymentsListRoutes } from './modules/repayments/index.js';
import { errorForLog, registerErrorHandler } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './modules/auth/index.js';
import { buildServices } from './services.js';
import './types.js';

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Where the log goes (standard output unless given: tests read it). */
  logStream?: { write(line: string): void };
  /** The single-order store activation bulk runs use (tests give their own; the store's otherwise). */
  storeActivator?: StoreOrderActivator;
};

function findWebDist(config: Config): string | undefined {
  const candidate = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/** Builds the server: plugins, every module's routes, one error handler. It does not listen. */
export async function buildApp({ config, database, logStream, storeActivator }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the values of a failed statement (errorForLog).
    logger:
      config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { err: errorForLog }, ...(logStream ? { stream: logStream } : {}) },
    // A hop count trusts that many proxies in front of us (Fastify's types accept it as a function).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Long path parameters reach the route's schema, which answers 400 in the usual shape.
    routerOptions: { maxParamLength: 5000 },
    frameworkErrors: (_error, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ success: false, message: messages.common.invalidData });
    },
  });
  app.decorate('deps', { config, database });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Colete Online API', version: '1.0.0', description: 'API-ul platformei de expediere colete.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);

  // Every service and integration, built once per process (services.ts); each route plugin gets its
  // own, and the server's start hands the same object to the seeds and the jobs (app.services).
  const services = buildServices(config, database, app.log, app, { storeActivator });
  app.decorate('services', services);

  await app.register(healthRoutes(services.health));
  await app.register(authRoutes(services.auth));
  await app.register(profileRoutes(services.profile));
  await app.register(adminRoutes(services.admin));
  // The admin's balances: invoicing a client now, postpaid invoices' payments, companies, the audit log.
  await app.register(adminBalanceRoutes({ balance: services.adminBalance, invoicing: services.invoicing, payments: services.payments }));
  await app.register(geoRoutes(services.geo));
  await app.register(addressesRoutes(services.addresses));
  await app.register(customersRoutes(services.customers));
  await app.register(settingsRoutes(services.settings));
  await app.register(mailRoutes(services.mailOutbox));

  // Card payments: the built-in simulator (its hosted pages) or Stripe (its webhook), unless turned off.
  await app.register(prepayRoutes(services.prepay, services.subscriptions));
  if (services.paymentProcessorRoutes) await app.register(services.paymentProcessorRoutes);

  // Billing data: companies are checked against the register the configuration names (simulator by default).
  await app.register(billingRoutes(services.billing));

  // e-Invoicing (e-Factura): a verified company is connected through the tax authority's OAuth consent, or its built-in simulator.
  // (The e-invoicing service exists: the app is its host.)
  await app.register(einvoiceRoutes(services.einvoice, { publicUrl: config.publicUrl, now: config.now, received: services.receivedInvoices, companies: services.einvoiceCompanies, sent: services.sentInvoices }));
  await app.register(invoiceFormRoutes(services.invoiceForm));
  await app.register(einvoiceAdminRoutes(services.sentDeadlines));
  if (services.einvoiceSimulatorRoutes) await app.register(services.einvoiceSimulatorRoutes);

  // Invoices: numbered in one series, issued on top-ups (when the client wants) and on settling the account.
  await app.register(invoicingRoutes(services.invoicing, services.invoiceDocuments));
  // The balance views: the available balance, bonuses, invoices and payments, the general summary.
  await app.register(balanceRoutes(services.balance));
  // The dashboard (issue 27): one call per tile.
  await app.register(dashboardRoutes(services.dashboard));
  await app.register(referralsRoutes(services.referrals));
  // End-to-end tests run the weekly referral job through its queue (never outside NODE_ENV=test).
  if (config.env === 'test' && config.jobs) await app.register(testJobRoutes(database));

  // Shipments through the courier network (the built-in simulator unless configured otherwise).
  await app.register(shipmentsRoutes(services.shipments));

  // Pick-up points: requests for the acting client, approval by admins; couriers from the courier network.
  await app.register(pickupPointsRoutes(services.pickupPoints));
  await app.register(pickupPointsAdminRoutes(services.pickupPoints));

  // Templates: order templates with their public return page (returns land in the merchant's shipments), packaging.
  await app.register(templatesRoutes(services.templates));
  await app.register(publicReturnRoutes(services.returns));
  await app.register(packagingRoutes(services.packaging));

  // Online stores: connected Shopify shops (the built-in simulator's by default), their consent flow and webhooks.
  await app.register(storeRoutes(services.store, services.storeApp, { publicUrl: config.publicUrl }));
  // The order page's saved senders and product dimensions.
  await app.register(storeMutationRoutes(database));
  await app.register(storeOrderRoutes(services.storeOrders));
  await app.register(storeMoveRoutes(services.store));
  await app.register(storeBulkRoutes(services.storeBulk));
  // Offers, activation and saving for later (issue 14); the public tracking page's call (no sign-in).
  await app.register(storeActivationRoutes(services.storeActivation));
  await app.register(publicTrackingRoutes(services.shipments.publicTracking));
  if (services.shopifySimulatorRoutes) await app.register(services.shopifySimulatorRoutes);

  // Repayments (issue 15): a courier's report file uploaded by an admin; the simulated couriers' report APIs.
  // Large uploads' progress (issue 24), asked for by the reconciliation page while it waits.
  const { uploads } = services;
  await app.register(repaymentsAdminRoutes(services.repayments, uploads));
  await app.register(repaymentsListRoutes(services.repaymentsList, services.repaymentSheetsRead));
  await app.register(repaymentsAdminListRoutes(services.repaymentsList));
  if (services.courierSimulatorRoutes) await app.register(services.courierSimulatorRoutes);
  // Repayments' money: pay now, sheets marked unprocessed, bank statements, reconciliation, payout files; the awaiting accounts; the simulated bank.
  await app.register(payoutAdminRoutes({ database, payouts: services.payouts, sheets: services.repaymentSheets, money: services.repaymentMoney, uploads }));
  await app.register(awaitingAccountRoutes(services.repaymentSheets));
  if (services.bankSimulator) await app.register(services.bankSimulator);

  const webDist = findWebDist(config);
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes file.br and file.gz beside each file: sent to browsers that accept them.
      preCompressed: true,
      // The cache headers are set below (send's own default, max-age=0, would replace them).
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // Unknown paths of the API and of the simulators answer 404 in JSON, whatever the method; a
    // build file that is not there (an old page asking for a replaced asset) is a 404, not the page.
    const pathOnly = req.url.split('?')[0]!.split('#')[0]!;
    const notAPage = ['/api', '/sim', '/assets'].some((p) => pathOnly === p || pathOnly.startsWith(`${p}/`));
    if (notAPage || !webDist || req.method !== 'GET') {
      return reply.status(404).send({ success: false, message: messages.common.notFound });
    }
    // The single-page app answers every other path; its router shows the right screen.
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });

  return app;
}
