import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { eFacturaRest } from '../../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../../src/integrations/e-invoicing/cius-ro-rules.js';
import { injectFetch } from '../../src/integrations/e-invoicing/index.js';
import { SIM_REST_BASE } from '../../src/integrations/e-invoicing/simulator-rest.js';
import { supplierXml, type SupplierDocument } from '../../src/integrations/e-invoicing/simulator-suppliers.js';
import { einvoiceSender } from '../../src/modules/einvoice/einvoice-send.js';

/*
 * A sender in a process of its own (einvoice-send-kill.test.ts): on the test's PostgreSQL database
 * (DATABASE_URL), with the e-Factura simulator of an app on that database, it sends what is due
 * as the platform (PLATFORM_CUI), each document the one DOCUMENT (JSON) describes. Once the simulator
 * has answered an upload it prints `UPLOADED <index>` and stops there, before the upload is
 * recorded: the test kills it with SIGKILL at that moment.
 */

const databaseUrl = process.env.DATABASE_URL!;
const doc = JSON.parse(process.env.DOCUMENT!) as SupplierDocument;
const database = await openDatabase({ databaseUrl, dataDir: '' });
const app = await buildApp({ config: testConfig({ databaseUrl }), database });
await app.ready();
const rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(app) });
const sender = einvoiceSender({
  database,
  rest: {
    ...rest,
    upload: async (...args) => {
      const answer = await rest.upload(...args);
      process.stdout.write(`UPLOADED ${answer.uploadIndex}\n`);
      // Held here (a timer keeps the process alive) until the test kills it.
      return new Promise<never>(() => setInterval(() => {}, 1_000));
    },
  },
  einvoice: app.services.einvoice,
  platformCui: process.env.PLATFORM_CUI!,
  document: async () => ({ xml: supplierXml(doc), standard: 'UBL', b2c: false }),
  check: checkEInvoice,
});
process.stdout.write('READY\n');
const result = await sender.sendDue(new Date());
// Reached only when nothing was uploaded: the test fails on it.
process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
await app.close();
await database.close();
