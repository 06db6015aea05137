import Fastify from 'fastify';
import { EINVOICE_CALLBACK_PATH } from '../../apps/server/src/integrations/e-invoicing/einvoice-auth.js';
import { eFacturaRest } from '../../apps/server/src/integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../../apps/server/src/integrations/e-invoicing/index.js';
import { SIM_AUTHORIZE_PATH } from '../../apps/server/src/integrations/e-invoicing/simulator.js';
import { SIM_REST_BASE, spvRoutes } from '../../apps/server/src/integrations/e-invoicing/simulator-rest.js';
import { supplierXml } from '../../apps/server/src/integrations/e-invoicing/simulator-suppliers.js';
import { einvoiceSync } from '../../apps/server/src/modules/einvoice/einvoice-sync.js';
import { loadNomenclature } from '../../apps/server/src/modules/geo/geo-loader.js';
import { between, pick } from '../lib/random.js';
import type { BenchRequest, Scenario, ScenarioContext } from '../lib/types.js';
import { signedInClient } from './shipments.js';

/**
 * e-Factura's received invoices (issue 25): the sync of 5,000 messages of one company against the
 * simulator (its time and the process's peak memory printed: the memory must not grow with the
 * count), and the received list of a company with 100,000 invoices on PostgreSQL (p95 under 30 ms)
 * under its filters (dates by either date, statuses, a seller's name or CUI, later pages).
 */

const MESSAGES = 5_000;
const INVOICES = 100_000;
const BUYER = '14399840';
const SELLERS = ['4221306', '15900825', '12345674'];

/** A client whose company (by default the demo buyer) is connected to the simulator as a user connects it (billing data, consent, callback). */
export async function connected(ctx: ScenarioContext, label: string, company = { cui: BUYER, name: 'Demo Logistic SRL' }) {
  await loadNomenclature(ctx.database);
  const client = await signedInClient(ctx, label);
  const entry = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/billing/data',
    headers: client.headers,
    payload: { entityData: { name: company.name, isCompany: true, identificationCode: company.cui }, address: { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28' } },
  });
  const id = entry.json().data.fiscalSubaccountNumber as number;
  const prepared = await ctx.app.inject({ method: 'POST', url: '/api/user/invoicing-system/connect/prepare', headers: client.headers, payload: { fiscalSubaccountNumber: id, identificationCode: company.cui } });
  const params = Object.fromEntries(new URL(prepared.json().url as string, 'http://localhost').searchParams);
  const consent = await ctx.app.inject({ method: 'POST', url: SIM_AUTHORIZE_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...params, decision: 'allow', certificate: `sim-cert-${company.cui}` }).toString() });
  const back = new URL(String(consent.headers.location));
  await ctx.app.inject({ method: 'GET', url: `${EINVOICE_CALLBACK_PATH}${back.search}`, headers: client.headers });
  return { ...client, entityId: id };
}

export const einvoiceSyncScenario: Scenario = {
  name: 'einvoice-sync',
  description: `the sync of ${MESSAGES.toLocaleString('en')} received e-invoices of one company against the simulator (time and peak RSS printed), then its list (measured)`,
  onlyOn: 'PostgreSQL',
  async prepare(ctx) {
    const client = await connected(ctx, 'einvoice-sync');
    // The suppliers' invoices straight into the simulator's SPV (as its upload records them).
    const started = performance.now();
    const { simUpload } = await import('../../apps/server/src/integrations/e-invoicing/simulator-spv.js');
    for (let k = 0; k < MESSAGES; k++) {
      const sellerCui = SELLERS[k % SELLERS.length]!;
      const xml = supplierXml({ kind: 'invoice', sellerCui, buyerCui: BUYER, number: `BS-${k}`, issueDate: '2026-11-02', dueDate: '2026-12-02', lines: [{ name: 'Cutii carton', quantity: 1 + (k % 9), unitPriceBani: 450, vatPercent: 21 }] });
      await simUpload(ctx.database.db, { cif: sellerCui, standard: 'UBL', b2c: false, selfBilling: false, xml }, new Date(Date.now() - 86_400_000 + k));
    }
    console.log(`  einvoice-sync: ${MESSAGES.toLocaleString('en')} invoices issued in the simulator in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Our code's own pace: the simulator's SPV on a server of its own without its 1,000 calls a minute, and
    // the adapter without our own limits (at half of ANAF's, 5,000 downloads take ten minutes by design).
    const spv = Fastify({ bodyLimit: 11 * 2 ** 20 });
    await spv.register(spvRoutes({ database: ctx.database, key: ctx.app.deps.config.tokenEncryptionKey, callsPerMinute: 1_000_000, limitScope: 'bench-efactura' }));
    await spv.ready();
    const sync = einvoiceSync({ database: ctx.database, rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(spv) }), einvoice: ctx.app.services.einvoice });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    let result;
    try {
      result = await sync.syncCompany(client.entityId);
    } finally {
      clearInterval(timer);
      await spv.close();
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `  einvoice-sync: ${result?.downloaded ?? 0} downloaded, ${result?.failed ?? 0} failed in ${seconds.toFixed(1)} s (${((result?.downloaded ?? 0) / seconds).toFixed(0)} a second); ` +
        `RSS ${(before / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB (growth ${((peak - before) / 2 ** 20).toFixed(0)} MB)`,
    );
    if ((result?.downloaded ?? 0) !== MESSAGES) return { requests: [] };
    return { requests: listRequests(ctx, 50), headers: client.headers };
  },
};

/** The list's requests: a month or a year by either date, sometimes a status, a seller's name or CUI, a later page. */
function listRequests(ctx: ScenarioContext, pages: number): BenchRequest[] {
  return Array.from({ length: 300 }, () => {
    const days = pick(ctx.random, [30, 90, 365]);
    const to = new Date(Date.now() - between(ctx.random, 0, 200) * 86_400_000);
    const from = new Date(to.getTime() - days * 86_400_000);
    const filter = between(ctx.random, 0, 4);
    return {
      method: 'POST',
      path: '/api/user/invoicing-system/received-invoices',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        identificationCode: BUYER,
        usedDate: ctx.random() < 0.5 ? 'invoiceDate' : 'eInvoiceDate',
        filtersObj: {
          status: filter === 1 ? ['rejected', 'rejected_with_message'] : [],
          date: { fromDate: from.toISOString().slice(0, 10), toDate: to.toISOString().slice(0, 10) },
          seller: { name: filter === 2 ? 'transport' : '', identification: filter === 3 ? '4221' : '' },
          pagination: filter === 4 ? between(ctx.random, 2, pages) : 1,
        },
      }),
    };
  });
}

export const einvoiceListScenario: Scenario = {
  name: 'einvoice-received',
  description: `POST /api/user/invoicing-system/received-invoices: a page of 100 of a company's ${INVOICES.toLocaleString('en')} received invoices, under its filters`,
  targetP95Ms: 30,
  targetOn: 'PostgreSQL',
  onlyOn: 'PostgreSQL',
  async prepare(ctx) {
    const client = await connected(ctx, 'einvoice-list');
    const names = `ARRAY['Transport Rapid SA','Atelier Mobila Cluj SRL','Exemplu Comert SRL']`;
    const cuis = `ARRAY['4221306','15900825','12345674']`;
    const statuses = `ARRAY['initial','initial','initial','initial','rejected','rejected_with_message']`;
    const started = performance.now();
    await ctx.database.executeSql(
      `INSERT INTO einvoice_received (billing_entity_id, message_id, upload_index, message_at, zip, kind, number, issue_date, due_date, currency, seller_name, seller_search, seller_identification, tax_bani, total_bani, document, has_pdf, warnings, warning_status, status, notified_at)
       SELECT ${client.entityId}, 'bench-' || g, (9000000 + g)::text, at, '\\x504b0304'::bytea, 'invoice', 'BN-' || g, at::date, (at + interval '30 day')::date, 'RON',
              (${names})[1 + g % 3], lower((${names})[1 + g % 3]), (${cuis})[1 + g % 3], 1000 + g % 5000, 6000 + g % 30000, '{}'::jsonb, 0,
              CASE WHEN g % 20 = 0 THEN '["Suma liniilor nu corespunde"]'::jsonb ELSE '[]'::jsonb END, CASE WHEN g % 20 = 0 THEN 1 ELSE 0 END,
              (${statuses})[1 + g % 6], now()
       FROM generate_series(1, ${INVOICES}) g, LATERAL (SELECT now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute' AS at) x`,
    );
    // One statement of 100,000 rows updates each daily count in place hundreds of times in one transaction;
    // a company's invoices arriving over months leave it compact (autovacuum, migration 0063), as here.
    await ctx.database.executeSql('VACUUM ANALYZE einvoice_received');
    await ctx.database.executeSql('VACUUM FULL ANALYZE einvoice_received_days');
    console.log(`  einvoice-received: ${INVOICES.toLocaleString('en')} invoices written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { requests: listRequests(ctx, 20), headers: client.headers };
  },
};

export const einvoiceScenarios = [einvoiceListScenario, einvoiceSyncScenario];
