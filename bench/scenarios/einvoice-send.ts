import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { eInvoiceSent, efacturaSimUploads, invoices, type InvoiceParty } from '../../apps/server/src/db/schema.js';
import { checkEInvoice } from '../../apps/server/src/integrations/e-invoicing/cius-ro-rules.js';
import { deliverLifecycleEvents } from '../../apps/server/src/jobs/lifecycle-events.js';
import { issueInvoice } from '../../apps/server/src/modules/invoicing/index.js';
import type { InvoiceLineInput } from '../../apps/server/src/modules/invoicing/invoice-lines.js';
import { invoiceUblOf } from '../../apps/server/src/modules/invoicing/invoice-ubl.js';
import { between, pick } from '../lib/random.js';
import type { Scenario, ScenarioContext } from '../lib/types.js';
import { connected } from './einvoice.js';

/*
 * The platform's own e-invoices (issue 26): building one and checking it with the official rules
 * (the UBL 2.1 schema and the CIUS-RO Schematron), as the sender does before each upload; and a
 * day's invoices sent to e-Factura's simulator through the platform's company, within our call
 * limits (half of ANAF's: 500 calls a minute), its total time printed.
 */

/** A day's invoices (BENCH_EINVOICE_DAY: fewer to try the scenario quickly). */
const DAY_INVOICES = Number(process.env.BENCH_EINVOICE_DAY ?? 2_000);
const BUILT_INVOICES = 200;
const DAY_MS = 86_400_000;

const BUYERS: InvoiceParty[] = [
  { name: 'Demo Logistic SRL', identificationCode: '14399840', isCompany: true, isVatPayer: true, tradeRegister: 'J12/1234/2010', address: 'Strada Memorandumului 28, Cluj-Napoca, 400114', county: 'Cluj', countryCode: 'RO', street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114' },
  { name: 'Exemplu Comert SRL', identificationCode: '12345674', isCompany: true, isVatPayer: false, tradeRegister: 'J35/910/2001', address: 'Calea Victoriei 120, Sectorul 1, 010093', county: 'București', countryCode: 'RO', street: 'Calea Victoriei 120', city: 'Sectorul 1', countyCode: 'B', postalCode: '010093' },
  { name: 'Ion Popescu', identificationCode: '1800101123450', isCompany: false, isVatPayer: false, tradeRegister: null, address: 'Strada Lungă 3, bl. A, Brașov, 500035', county: 'Brașov', countryCode: 'RO', street: 'Strada Lungă 3, bl. A', city: 'Brașov', countyCode: 'BV', postalCode: '500035' },
  { name: 'Maria Ionescu', identificationCode: '', isCompany: false, isVatPayer: false, tradeRegister: null, address: 'Sat Lăzărești, 117653', county: 'Argeș', countryCode: 'RO', street: '', city: 'Lăzărești', countyCode: 'AG', postalCode: '117653' },
];

/** A shipment's charges over the last month, a reduced-rate line now and then. */
function charges(ctx: ScenarioContext, at: Date, count: number): InvoiceLineInput[] {
  return Array.from({ length: count }, (_, i) => ({
    description: `Expediere AWB ${between(ctx.random, 1_000_000, 9_999_999)} ${pick(ctx.random, ['Cluj-Napoca', 'Sectorul 3', 'Brașov', 'Iași'])}`,
    grossBani: between(ctx.random, 12_00, 90_00),
    quantity: between(ctx.random, 1, 3),
    suppliedOn: new Date(at.getTime() - between(ctx.random, 0, 28) * DAY_MS).toISOString().slice(0, 10),
    ...(i === 3 ? { vatPercent: 11 } : {}),
  }));
}

/**
 * `count` invoices of the platform to a bench client's billing copies, in groups of four: an advance,
 * a month's orders, a settlement with the storno of an advance, and a credit note of the orders;
 * the buyers a company paying VAT or not, an individual by CNP or without one. Answers their ids.
 */
async function issueInvoices(ctx: ScenarioContext, userId: number, count: number) {
  const deps = { ...ctx.app.services.invoicingDeps, mail: false };
  const at = new Date();
  const ids: number[] = [];
  for (let start = 0; start < count; start += 100) {
    await ctx.database.db.transaction(async (tx) => {
      let orders: { id: number; lines: InvoiceLineInput[] } | null = null;
      for (let i = start; i < Math.min(count, start + 100); i++) {
        const entity = { id: null, buyer: BUYERS[Math.floor(i / 4) % BUYERS.length]! };
        const step = i % 4;
        let row;
        if (step === 0) row = await issueInvoice(tx, deps, { userId, entity, kind: 'prepay', lines: [{ description: 'Avans servicii de curierat - Reincarcare', grossBani: between(ctx.random, 50_00, 500_00) }], at });
        else if (step === 1) {
          const lines = charges(ctx, at, between(ctx.random, 1, 12));
          row = await issueInvoice(tx, deps, { userId, entity, kind: 'orders', lines, at });
          orders = { id: row.id, lines };
        } else if (step === 2) {
          const lines = [...charges(ctx, at, between(ctx.random, 1, 6)), { description: 'Stornare avans: sold preplatit returnat clientului', grossBani: -between(ctx.random, 10_00, 100_00) }];
          row = await issueInvoice(tx, deps, { userId, entity, kind: 'settlement', lines, at });
        } else {
          const lines = (orders?.lines ?? charges(ctx, at, 1)).slice(0, 1).map((l) => ({ ...l, grossBani: -l.grossBani }));
          row = await issueInvoice(tx, deps, { userId, entity, kind: 'credit_note', lines, at, ...(orders ? { creditsInvoiceId: orders.id } : {}) });
        }
        ids.push(row.id);
      }
    });
  }
  return ids;
}

export const einvoiceBuildScenario: Scenario = {
  name: 'einvoice-build',
  description: `GET /bench/einvoice/build/{id}: one of ${BUILT_INVOICES} platform invoices (advances, orders, settlements, credit notes; companies and individuals) built as its e-invoice and checked with the UBL schema and the CIUS-RO rules`,
  targetP95Ms: 500,
  routes(app: FastifyInstance) {
    app.get('/bench/einvoice/build/:id', async (req, reply) => {
      const id = Number((req.params as { id: string }).id);
      const { db } = app.deps.database;
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
      if (!row) return reply.code(404).send({ success: false });
      const ubl = await invoiceUblOf(db, row);
      const report = await checkEInvoice(ubl.xml);
      // A document the rules refuse fails the scenario (a non-2xx answer).
      if (report.schemaErrors.length > 0 || report.fatal.length > 0) return reply.code(500).send({ success: false, schema: report.schemaErrors, fatal: report.fatal });
      return { success: true, bytes: ubl.xml.length };
    });
  },
  async prepare(ctx) {
    const client = await connected(ctx, 'einvoice-build');
    const ids = await issueInvoices(ctx, client.user.id, BUILT_INVOICES);
    // The rules loaded (the compiled Schematron read once per process) before the load.
    const started = performance.now();
    await checkEInvoice((await invoiceUblOf(ctx.database.db, (await ctx.database.db.select().from(invoices).where(eq(invoices.id, ids[0]!)))[0]!)).xml);
    console.log(`  einvoice-build: ${ids.length} invoices issued; the first check (the rules loaded) took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { requests: ids.map((id) => `/bench/einvoice/build/${id}`) };
  },
};

export const einvoiceSendDayScenario: Scenario = {
  name: 'einvoice-send-day',
  description: `first, once: a day's ${DAY_INVOICES.toLocaleString('en')} platform invoices queued, checked, uploaded through the platform's company to the simulator within our call limits and followed to its verdict (the total time printed); then the platform's sent list ('Facturi trimise') under load`,
  async prepare(ctx) {
    const seller = ctx.app.deps.config.seller;
    const client = await connected(ctx, 'einvoice-send-day', { cui: seller.cui, name: seller.name });
    const ids = await issueInvoices(ctx, client.user.id, DAY_INVOICES);
    // Each one queued by the invoicing module's event; only this day's are sent (not other scenarios' invoices).
    while ((await deliverLifecycleEvents(ctx.database)).delivered > 0);
    await ctx.database.db.delete(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'platform'), not(inArray(eInvoiceSent.sourceId, ids))));
    const send = ctx.app.services.einvoiceSend;
    const t0 = performance.now();
    let sendAt = new Date();
    let uploadedSeconds = 0;
    // As the job runs it: batches until none is due, then e-Factura's verdicts a couple of minutes on (its clock moved, not waited for).
    for (let round = 0; round < 20; round++) {
      let claimed = 0;
      for (;;) {
        const r = await send.sendDue(sendAt);
        if (r.claimed === 0) break;
        claimed += r.claimed;
      }
      if (round === 0) uploadedSeconds = (performance.now() - t0) / 1000;
      if (claimed === 0 && round > 0) break;
      sendAt = new Date(Math.max(Date.now(), sendAt.getTime() + 2 * 60_000));
    }
    const seconds = (performance.now() - t0) / 1000;
    const statuses = (await ctx.database.db.select({ status: eInvoiceSent.status, n: sql<number>`count(*)::int` }).from(eInvoiceSent).where(inArray(eInvoiceSent.sourceId, ids)).groupBy(eInvoiceSent.status)).map((r) => `${r.n} ${r.status}`);
    const [uploads] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(efacturaSimUploads).where(eq(efacturaSimUploads.cif, seller.cui));
    console.log(
      `  einvoice-send-day: ${ids.length.toLocaleString('en')} invoices, ${uploads?.n ?? 0} uploads; checked and uploaded in ${uploadedSeconds.toFixed(1)} s (${((ids.length / uploadedSeconds) * 60).toFixed(0)} a minute), ` +
        `followed to the verdicts in ${seconds.toFixed(1)} s in all: ${statuses.join(', ')}`,
    );
    const list = (page: number, status: number[]) => ({ method: 'POST' as const, path: '/api/user/invoicing-system/outgoing-list', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identificationCode: seller.cui, filters: { status }, page }) });
    return { requests: Array.from({ length: 60 }, (_, i) => list(1 + (i % 5), i % 3 === 0 ? [4] : [])), headers: client.headers };
  },
};

export const einvoiceSendScenarios = [einvoiceBuildScenario, einvoiceSendDayScenario];
