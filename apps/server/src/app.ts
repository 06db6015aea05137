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
import { addressesRoutes } from './modules/addresses/addresses-routes.js';
import { billingRoutes } from './modules/billing/billing-routes.js';
import { billingService } from './modules/billing/billing-service.js';
import { einvoiceRoutes } from './modules/einvoice/einvoice-routes.js';
import { einvoiceService } from './modules/einvoice/einvoice-service.js';
import { eInvoiceAuthFor } from './integrations/e-invoicing/index.js';
import { efacturaSimulatorRoutes } from './integrations/e-invoicing/simulator.js';
import { invoicingRoutes } from './modules/invoicing/invoicing-routes.js';
import { shipmentsRoutes } from './modules/shipments/shipments-routes.js';
import { shipmentsService } from './modules/shipments/shipments-service.js';
import { courierNetworkFor } from './integrations/couriers/index.js';
import { invoicingDepsOf, invoicingService } from './modules/invoicing/invoicing-service.js';
import { shipmentBilling } from './modules/invoicing/index.js';
import { companyCheckFor } from './integrations/company-check/index.js';
import { adminRoutes } from './modules/admin/admin-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { geoRoutes } from './modules/geo/geo-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { profileRoutes } from './modules/profile/profile-routes.js';
import { settingsRoutes } from './modules/settings/settings-routes.js';
import { paymentGateway, paymentRoutes } from './integrations/payments/index.js';
import { prepayRoutes } from './modules/prepay/prepay-routes.js';
import { prepayService } from './modules/prepay/prepay-service.js';
import { subscriptionsService } from './modules/prepay/subscriptions-service.js';
import { mailRoutes } from './modules/mail/mail-routes.js';
import { mailOutboxService } from './modules/mail/mail-service.js';
import { pickupPointsAdminRoutes, pickupPointsRoutes } from './modules/pickup-points/pickup-points-routes.js';
import { markPickupPointUsed, pickupDiscounts, pickupPointsService } from './modules/pickup-points/pickup-points-service.js';
import { packagingRoutes } from './modules/packaging/packaging-routes.js';
import { packagingService } from './modules/packaging/packaging-service.js';
import { returnsService } from './modules/templates/returns-service.js';
import { publicReturnRoutes, templatesRoutes } from './modules/templates/templates-routes.js';
import { templatesService } from './modules/templates/templates-service.js';
import { registerErrorHandler } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import './types.js';

export type BuildOptions = { config: Config; database: Database };

function findWebDist(config: Config): string | undefined {
  const candidate = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/** Builds the server: plugins, every module's routes, one error handler. It does not listen. */
export async function buildApp({ config, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
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

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(adminRoutes);
  await app.register(geoRoutes);
  await app.register(addressesRoutes);
  await app.register(settingsRoutes);
  // The account's outbox page; the mode says whether mail leaves (smtp) or is only kept (outbox).
  await app.register(mailRoutes(mailOutboxService({ database, mode: config.mail })));

  // Card payments: the built-in simulator (its hosted pages) or Stripe (its webhook), unless turned off.
  const gateway = paymentGateway(config);
  const invoicingDeps = invoicingDepsOf(config);
  const prepay = prepayService({ database, gateway, log: app.log, invoicing: invoicingDeps });
  const subscriptions = subscriptionsService({ database, gateway, invoicing: invoicingDeps });
  await app.register(prepayRoutes(prepay, subscriptions));
  const processorRoutes = paymentRoutes(config, {
    findPending: prepay.findPendingPayment,
    await3ds: prepay.await3ds,
    complete: prepay.completePayment,
    completeAutomatic: subscriptions.settleCharge,
  });
  if (processorRoutes) await app.register(processorRoutes);

  // Billing data: companies are checked against the register the configuration names (simulator by default).
  const billing = billingService({
    database,
    companyCheck: companyCheckFor(config),
    multiCompanySelect: config.featureMultiCompanySelect,
    log: app.log,
  });
  await app.register(billingRoutes(billing));

  // e-Invoicing (e-Factura): a verified company is connected through the tax authority's OAuth consent, or its built-in simulator.
  const einvoice = einvoiceService({ database, auth: eInvoiceAuthFor(config, app), tokenKey: config.tokenEncryptionKey, log: app.log });
  await app.register(einvoiceRoutes(einvoice, { publicUrl: config.publicUrl }));
  if (config.einvoice === 'simulator') await app.register(efacturaSimulatorRoutes({ database, key: config.tokenEncryptionKey, publicUrl: config.publicUrl }));

  // Invoices: numbered in one series, issued on top-ups (when the client wants) and on settling the account.
  const invoicing = invoicingService({ database, ...invoicingDeps });
  await app.register(invoicingRoutes(invoicing));

  // Shipments through the courier network (the built-in simulator unless configured otherwise).
  // An approved pick-up point gives its courier's discount on shipments sent from that address.
  const network = courierNetworkFor(config, database);
  await app.register(
    shipmentsRoutes(
      shipmentsService({ database, network, billing: shipmentBilling(invoicingDeps), pickupDiscounts, pickupUsed: markPickupPointUsed, now: config.now }),
    ),
  );

  // Pick-up points: requests for the acting client, approval by admins; couriers from the courier network.
  const pickupPoints = pickupPointsService({ database, couriers: () => network.couriers() });
  await app.register(pickupPointsRoutes(pickupPoints));
  await app.register(pickupPointsAdminRoutes(pickupPoints));

  // Templates: order templates with their public return page (returns land in the merchant's shipments), packaging.
  await app.register(templatesRoutes(templatesService({ database })));
  await app.register(publicReturnRoutes(returnsService({ database })));
  await app.register(packagingRoutes(packagingService({ database })));

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
    if (req.url.startsWith('/api/') || req.url === '/api' || !webDist || req.method !== 'GET') {
      return reply.status(404).send({ success: false, message: messages.common.notFound });
    }
    // The single-page app answers every other path; its router shows the right screen.
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });

  return app;
}
