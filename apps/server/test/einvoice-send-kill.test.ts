import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { eInvoiceSent, efacturaSimUploads } from '../src/db/schema.js';
import { eFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { SIM_REST_BASE } from '../src/integrations/e-invoicing/simulator-rest.js';
import { supplierXml, type SupplierDocument } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { einvoiceSender, invoiceIssuedListener, UNKNOWN_SETTLE_MS } from '../src/modules/einvoice/einvoice-send.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { createUser, type TestContext } from './helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 26: a sender killed with kill -9 between e-Factura's answer to its upload and its record of
 * it does not upload the document twice. The sender runs in a process of its own
 * (support/einvoice-send-child.ts) on the test's PostgreSQL database, so it needs PostgreSQL: two
 * processes cannot share an in-memory PGlite.
 */

const PLATFORM = '45500006';
const NUMBER = 'CO-9001';
const MIN = 60_000;
const serverDir = path.resolve(import.meta.dirname, '..');
// Always PostgreSQL (two processes cannot share an in-memory PGlite); the machine and CI run one at 127.0.0.1.
const postgres = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DOC: SupplierDocument = { kind: 'invoice', sellerCui: PLATFORM, buyerCui: '14399840', number: NUMBER, issueDate: '2026-11-27', dueDate: '2026-12-27', lines: [{ name: 'Servicii curierat', quantity: 2, unitPriceBani: 1_850, vatPercent: 21 }] };

let ctx: TestContext;
let databaseUrl = '';
let name = '';

beforeAll(async () => {
  name = `co_kill_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  const template = process.env.TEST_DATABASE_TEMPLATE ?? inject('testDatabaseTemplate');
  await admin.query(`CREATE DATABASE ${name}${template && /^\w+$/.test(template) ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  const config = testConfig({ databaseUrl });
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.ready();
  ctx = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  await loadNomenclature(database);
  await connectCompany(ctx, await createUser(ctx), PLATFORM);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (!name) return;
  const dropper = new pg.Client({ connectionString: postgres });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await dropper.end();
});

/** The child sender, killed with SIGKILL once the simulator has answered its upload; answers that upload's index. */
async function killedAfterUpload() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/einvoice-send-child.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_CUI: PLATFORM, DOCUMENT: JSON.stringify(DOC), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  try {
    const index = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no upload within 90 s; the child said:\n${output}`)), 90_000);
      child.stdout.on('data', () => {
        const m = /UPLOADED (\d+)/.exec(output);
        if (!m) return;
        clearTimeout(timer);
        resolve(m[1]!);
      });
      void exited.then(() => (clearTimeout(timer), reject(new Error(`the child ended before uploading:\n${output}`))));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    return index;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

describe('a sender killed with kill -9 between the upload and its record', () => {
  it('leaves the document to a later sender, which finds it in the sent list after the wait: uploaded once', async () => {
    const db = ctx.database.db;
    const invoiceId = 700_001;
    await invoiceIssuedListener.handle(db, {
      id: invoiceId,
      type: 'invoice.issued',
      createdAt: new Date(),
      payload: { invoiceId, number: NUMBER, kind: 'invoice', buyerName: 'Demo Logistic SRL', buyerIdentification: '14399840', issueDay: '2026-11-27', netBani: 3_700, vatBani: 777, totalBani: 4_477 },
    });
    const uploads = async () => (await db.select({ index: efacturaSimUploads.uploadIndex }).from(efacturaSimUploads).where(and(eq(efacturaSimUploads.cif, PLATFORM), like(efacturaSimUploads.xml, `%<cbc:ID>${NUMBER}</cbc:ID>%`)))).map((u) => String(u.index));
    const index = await killedAfterUpload();
    expect(await uploads()).toEqual([index]);
    // Killed before the record: the attempt's outcome is unknown, nothing says it was uploaded.
    const [killed] = await db.select().from(eInvoiceSent).where(eq(eInvoiceSent.sourceId, invoiceId));
    expect([killed!.status, killed!.uploadIndex, killed!.attemptedAt]).toEqual(['initial', null, expect.any(Date)]);

    const sender = einvoiceSender({
      database: ctx.database,
      rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) }),
      einvoice: ctx.app.services.einvoice,
      platformCui: PLATFORM,
      document: async () => ({ xml: supplierXml(DOC), standard: 'UBL', b2c: false }),
      check: checkEInvoice,
    });
    const attempted = killed!.attemptedAt!.getTime();
    // Its lease past, within the wait: nothing uploaded; after the wait it is found and adopted.
    expect(await sender.sendDue(new Date(attempted + UNKNOWN_SETTLE_MS - MIN))).toMatchObject({ waiting: 1, uploaded: 0, found: 0 });
    expect(await sender.sendDue(new Date(attempted + UNKNOWN_SETTLE_MS + MIN))).toMatchObject({ found: 1, uploaded: 0 });
    const [done] = await db.select().from(eInvoiceSent).where(eq(eInvoiceSent.sourceId, invoiceId));
    expect([done!.status, done!.uploadIndex]).toEqual(['pending', index]);
    expect(await uploads()).toEqual([index]);
  }, 180_000);
});
