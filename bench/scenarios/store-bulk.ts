import { STORE_BULK_MAX_ORDERS } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { StoreBulkService } from '../../apps/server/src/modules/store/index.js';
import type { Scenario, ScenarioContext } from '../lib/types.js';
import { connectedClient, walkAwaiting, type StoreClient } from './store.js';

/*
 * Bulk activation (issue 14) on the simulator's 10,000-order shop: one order of a run worked as the
 * job works it (claimed, read as its page shows it, the cheapest offer of the usual type, the AWB,
 * the shop's fulfillment, the result recorded), through a bench route that runs the bulk service for
 * one order; and the merged label PDF of a run of 100 orders.
 */

const RUN_ORDERS = 100;
/** The bulk service of each app (the bench runs one app on PGlite, then one on PostgreSQL): the app's own. */
const bulkOf = (app: FastifyInstance): StoreBulkService => app.services.storeBulk;

/** Runs of the awaiting tab's orders (newest first, then oldest first), started through the API (at most STORE_BULK_MAX_ORDERS a run). */
async function startRuns(ctx: ScenarioContext, client: StoreClient, count: number) {
  const ids = [...new Set((await walkAwaiting(ctx, client)).flatMap((w) => w.orderIds))].slice(0, count);
  const runIds: number[] = [];
  for (let i = 0; i < ids.length; i += STORE_BULK_MAX_ORDERS) {
    const orders = ids.slice(i, i + STORE_BULK_MAX_ORDERS).map((id) => ({ shopifyGraphQLId: id, orderDisplayName: `#${id.split('/').pop()}` }));
    const res = await ctx.app.inject({ method: 'POST', url: `/api/user/integration/shopify/activate-orders/${client.accountId}`, headers: client.headers, payload: { orders } });
    if (res.statusCode !== 200) throw new Error(`bulk run: ${res.statusCode} ${res.body}`);
    runIds.push((res.json() as { runId: number }).runId);
  }
  return runIds;
}

export const storeBulkOrder: Scenario = {
  name: 'store-bulk-order',
  description: 'one order of a bulk activation run, as the job works it (POST /bench/store-bulk/order: claim, the order read, offers, the AWB, the shop fulfilled, the result kept): the time per order',
  routes(app) {
    app.post('/bench/store-bulk/order', async () => ({ success: true, ...(await bulkOf(app).work({ limit: 1 })) }));
  },
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'bulk-order');
    // 800 orders waiting (the first 40 pages both ways): more than the load works through.
    await startRuns(ctx, client, 800);
    return { requests: [{ method: 'POST', path: '/bench/store-bulk/order' }] };
  },
};

export const storeBulkLabels: Scenario = {
  name: 'store-bulk-labels',
  description: 'GET .../activate-orders/{clientId}/runs/{runId}/labels: every label of a 100-order run in one PDF, A6 and A4 (from positions 1 to 4)',
  targetP95Ms: 500,
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'bulk-labels');
    const [runId] = await startRuns(ctx, client, RUN_ORDERS);
    // The run worked through before the load (outside its time), as the job would.
    while ((await bulkOf(ctx.app).work({ limit: 10, runId })).orders > 0);
    const base = `/api/user/integration/shopify/activate-orders/${client.accountId}/runs/${runId}`;
    const run = (await ctx.app.inject({ method: 'GET', url: base, headers: client.headers })).json() as { run: { labels: number } };
    if (run.run.labels < 50) throw new Error(`the run made only ${run.run.labels} labels`);
    return { requests: ['?format=A6', '?format=A4&start=1', '?format=A4&start=3'].map((q) => `${base}/labels${q}`), headers: client.headers };
  },
};

export const storeBulkScenarios: Scenario[] = [storeBulkOrder, storeBulkLabels];
