import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { eventsCommitted } from '../src/db/outbox.js';
import { storeAccounts } from '../src/db/schema.js';
import { jobNudges, startNudges, type Nudges } from '../src/jobs/nudges.js';
import { as, createUser, openTestDatabase, type TestContext } from './helper.js';
import { bulkActivatorStandIn } from './support/store-bulk.js';

/*
 * Issue 28: an instance that runs no jobs (JOBS=false, behind the load balancer) still wakes them.
 * What its requests start becomes a job in the database, for whichever instance runs the jobs; before,
 * the signal stayed in its process and the work waited for the next scheduled run (up to a minute).
 * No worker runs here: the jobs are read where they wait.
 */

const standIn = bulkActivatorStandIn();
let ctx: TestContext;
let nudges: Nudges;
beforeAll(async () => {
  const config = testConfig();
  expect(config.jobs).toBe(false);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, storeActivator: standIn.activator });
  await app.ready();
  standIn.bind(app);
  ctx = { app, database, config, close: async () => { await app.close(); await database.close(); } };
  nudges = await startNudges(app);
  // The queues, as the instance running the jobs made them (their policies: jobs.test.ts).
  for (const { queue } of jobNudges({ einvoiceSend: true })) await nudges.boss.createQueue(queue, { name: queue, policy: queue === 'store-bulk-activation' ? 'standard' : 'short' });
}, 90_000);
afterAll(async () => {
  await nudges?.stop();
  await ctx?.close();
});

/** The jobs of a queue waiting to be taken, with how many seconds from now each may start. */
async function waiting(queue: string) {
  const { rows } = await ctx.database.executeSql(`SELECT extract(epoch FROM start_after - now())::float8 AS after FROM pgboss.job WHERE name = $1 AND state = 'created'`, [queue]);
  return rows.map((r) => Number(r.after));
}

async function eventually<T>(probe: () => Promise<T[]>) {
  for (let i = 0; i < 50; i += 1) {
    const found = await probe();
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return probe();
}

describe('an instance without jobs wakes the jobs through the database', () => {
  it('lists a nudge for every job a request wakes (the e-invoice sender only when invoices are sent)', () => {
    expect(jobNudges({ einvoiceSend: true }).map((n) => n.queue).sort()).toEqual(['einvoice-messages', 'einvoice-send', 'lifecycle-events', 'mail-sender', 'store-bulk-activation', 'store-fulfillments', 'store-shop-sync']);
    expect(jobNudges({ einvoiceSend: false }).map((n) => n.queue)).not.toContain('einvoice-send');
  });

  it('a bulk run started on it is a job of the bulk activation queue at once', async () => {
    const user = await createUser(ctx);
    standIn.signIn(user.id, user.cookie);
    const [account] = await ctx.database.db.insert(storeAccounts).values({ userId: user.id, shop: `nudge-${user.id}.myshopify.com`, name: 'Nudge', status: 'CONNECTED' }).returning();
    expect(await waiting('store-bulk-activation')).toHaveLength(0);
    const res = await as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/activate-orders/${account!.id}`, payload: { orders: [{ shopifyGraphQLId: 'gid://shopify/Order/1001', orderDisplayName: '#1001' }] } });
    expect(res.statusCode, res.body).toBe(200);
    const jobs = await eventually(() => waiting('store-bulk-activation'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!).toBeLessThanOrEqual(0);
  });

  it('events committed on it wake the lifecycle delivery a second later, a burst of commits once', async () => {
    eventsCommitted();
    eventsCommitted();
    eventsCommitted();
    const jobs = await eventually(() => waiting('lifecycle-events'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!).toBeGreaterThan(0);
    expect(jobs[0]!).toBeLessThanOrEqual(1);
  });

  it('sends nothing once stopped', async () => {
    // A send still on its way when the stop is asked is waited for: none lands after the stop.
    eventsCommitted();
    await nudges.stop();
    await ctx.database.executeSql(`DELETE FROM pgboss.job WHERE name = 'lifecycle-events'`);
    eventsCommitted();
    await new Promise((r) => setTimeout(r, 500));
    expect(await waiting('lifecycle-events')).toHaveLength(0);
  });
});
