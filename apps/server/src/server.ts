import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemo } from './db/seed.js';
import { backfillCustomers } from './modules/customers/index.js';
import { seedDemoPostpaid } from './db/seed-postpaid.js';
import { seedDemoRepayments } from './db/seed-repayments.js';
import { seedDemoShipments } from './db/seed-shipments.js';
import { seedDemoRepayments as seedDemoShipmentRepayments } from './modules/repayments/index.js';
import { seedDemoShopCopy, seedDemoStoreShipment } from './db/seed-store-shipment.js';
import { seedDemoTemplates } from './db/seed-templates.js';
import { seedDemoCustomers } from './db/seed-customers.js';
import { seedDemoEInvoices, syncDemoCompany } from './db/seed-einvoice.js';
import { seedPlatformBuyerMessages, seedPlatformEInvoices, sendPlatformDemoInvoices, sendRounds } from './db/seed-einvoice-platform.js';
import { seedClientFormInvoices } from './db/seed-einvoice-client.js';
import { deliverLifecycleEvents } from './jobs/lifecycle-events.js';
import { loadNomenclature } from './modules/geo/index.js';
import { startJobs, type Jobs } from './jobs/boss.js';
import { seedDemoReferrals } from './db/seed-referrals.js';
import { startNudges, type Nudges } from './jobs/nudges.js';

export type Server = { app: FastifyInstance; database: Database; jobs?: Jobs; nudges?: Nudges; close(): Promise<void> };

/** Opens and migrates the database, seeds the demo data once, builds the app and starts the jobs. */
export async function createServer(config: Config): Promise<Server> {
  const database = await openDatabase(config);
  await database.migrate();
  await loadNomenclature(database);
  const app = await buildApp({ config, database });
  // The seeds and the jobs use the app's services: one set per process. Instances starting together
  // on one database take turns at the seed: the first writes the demo, the others find each part's
  // marker taken (the parts build on one another: two instances must not write them side by side).
  if (config.demoSeed) await database.exclusive(DEMO_SEED_LOCK_KEY, () => seedAll(config, database, app));
  // The customer book's one-off fill from the shipments sent before it (issue 27), after the demo's shipments.
  await database.exclusive(CUSTOMERS_BACKFILL_LOCK_KEY, () => backfillCustomers(database));
  // Before the jobs start: the dump holds the migrated, seeded database and nothing after.
  if (config.dataDirDumpTo) await database.dumpTo!(config.dataDirDumpTo);
  const jobs = config.jobs ? await startJobs(app) : undefined;
  // Without jobs of its own (an instance behind the balancer), on a database other processes share:
  // what its requests start wakes the jobs of the instances that run them.
  const nudges = !config.jobs && database.kind === 'postgres' ? await startNudges(app) : undefined;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Both at once: the server stops accepting and finishes the requests in flight while the
      // jobs stop (see startJobs); the database closes once both are done.
      await Promise.all([app.close(), jobs?.stop(), nudges?.stop()]);
      await database.close();
    })());
  return { app, database, jobs, nudges, close };
}

/** Several server instances may start at once on PostgreSQL: one writes the demo data, the others wait and find it written. */
const DEMO_SEED_LOCK_KEY = 7_243_002;
/** Instances starting together: one fills the customer book from the old shipments, the others find it done. */
const CUSTOMERS_BACKFILL_LOCK_KEY = 7_243_027;

/** The demo data, each part once (its own marker in app_meta), in the order the parts build on one another. */
async function seedAll(config: Config, database: Database, app: FastifyInstance) {
  const { services } = app;
  await seedDemo(database, services, { storeSimulatorKey: config.store === 'simulator' ? config.tokenEncryptionKey : undefined });
  await seedDemoShipments(database, services);
  // The demo client's postpaid past: invoices and their recorded payments (issue 17).
  await seedDemoPostpaid(database, services);
  // Months of the demo client's repayments: reports, statements, sheets and two discrepancies.
  // First: its payouts pay what was received then, before the demo shipments' repayments exist.
  await seedDemoRepayments(database, services, { platformIban: config.platformIban });
  // The repayments screens' demo: the cash on delivery of those shipments at every step, two
  // sheets, received ones left to pay now, one awaiting an account.
  await seedDemoShipmentRepayments(database, { platformIban: config.platformIban, platformName: config.seller.name });
  // The demo shop's order sent through the platform (only with the store simulator: the shop is its).
  if (config.store === 'simulator') {
    await seedDemoStoreShipment(database, services);
    // The store's copy of the demo shop, made once (the pages read it from the first one).
    await seedDemoShopCopy(database, services);
  }
  await seedDemoTemplates(database, services);
  // The demo client's referral programme: two invited clients, their deliveries and the paid bonus weeks (issue 27).
  await seedDemoReferrals(database, services.referrals);
  // The demo client's customer book (issue 27); its shipments' recipients join it by the backfill below.
  await seedDemoCustomers(database, services);
  // The demo company connected to the e-Factura simulator, with its suppliers' invoices (issue 25).
  if (config.einvoice === 'simulator') {
    await seedDemoEInvoices(app, database);
    // The platform's own company, with its couriers' invoices for the demo's AWBs (the 'Internal' account).
    await seedPlatformEInvoices(app, database, config.seller);
    if (config.einvoiceSend) {
      await sendPlatformDemoInvoices(app, () => deliverLifecycleEvents(database));
      // The demo client's own invoices through 'Trimite factura', sent through its company's connection.
      await seedClientFormInvoices(app, (now) => sendRounds(app, now));
      // The demo client's messages about two of the platform's invoices, in the platform's sent list (issue 26).
      await seedPlatformBuyerMessages(app, database, config.seller.cui);
      // The demo client's company syncs: the platform's invoices and its credit note in its received list.
      await syncDemoCompany(app);
    }
  }
}
