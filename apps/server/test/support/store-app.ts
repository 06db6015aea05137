import type { TStoreBulkRun } from '@colete/contract';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ledgerEntries } from '../../src/db/schema.js';
import { startJobs, type Jobs } from '../../src/jobs/boss.js';
import { loadNomenclature } from '../../src/modules/geo/geo-loader.js';
import { connectDemoShop } from '../../src/modules/store/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from '../helper.js';

export type StoreTestApp = {
  ctx: TestContext;
  /** The client whose store is the simulator's demo shop. */
  alice: TestUser;
  /** Another client, without a store. */
  bob: TestUser;
  /** Alice's store account. */
  account: number;
  /** The job queues, when asked for. */
  jobs: Jobs | undefined;
  close(): Promise<void>;
};

/**
 * The store tests' app: the nomenclature loaded, Alice's store connected to the simulator's demo
 * shop, Bob beside her; optionally money on Alice's prepaid balance (activations charge it) and the
 * job queues running (fulfillments, bulk runs).
 */
export async function storeTestApp(opts: { topUpBani?: number; jobs?: boolean } = {}): Promise<StoreTestApp> {
  const ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  const alice = await createUser(ctx, { name: 'Alice Magazin SRL' });
  const bob = await createUser(ctx, { name: 'Bob Magazin SRL' });
  const account = await connectDemoShop(ctx.database.db, alice.id, ctx.config.tokenEncryptionKey);
  if (opts.topUpBani) {
    await ctx.database.db.insert(ledgerEntries).values({ userId: alice.id, kind: 'topup', amountBani: opts.topUpBani, description: 'Reincarcare test', reference: randomUUID() });
  }
  const jobs = opts.jobs ? await startJobs(ctx.app) : undefined;
  return {
    ctx,
    alice,
    bob,
    account,
    jobs,
    close: async () => {
      await jobs?.stop();
      await ctx.close();
    },
  };
}

/** A bulk activation run of `orders` started by `user` and followed until it is done (a minute at most); answers the finished run. */
export async function finishedBulkRun(ctx: TestContext, user: TestUser, account: number, orders: { shopifyGraphQLId: string; orderDisplayName: string }[]): Promise<TStoreBulkRun> {
  const base = `/api/user/integration/shopify/activate-orders/${account}`;
  const res = await as(ctx, user, { method: 'POST', url: base, payload: { orders } });
  expect(res.statusCode, res.body).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = (await as(ctx, user, { method: 'GET', url: `${base}/runs/${res.json().runId}` })).json().run as TStoreBulkRun;
    if (run.status === 'done') return run;
    if (Date.now() > deadline) throw new Error('run not done');
    await new Promise((r) => setTimeout(r, 200));
  }
}
