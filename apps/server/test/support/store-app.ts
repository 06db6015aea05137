import { randomUUID } from 'node:crypto';
import { ledgerEntries } from '../../src/db/schema.js';
import { startJobs, type Jobs } from '../../src/jobs/boss.js';
import { loadNomenclature } from '../../src/modules/geo/geo-loader.js';
import { connectDemoShop } from '../../src/modules/store/index.js';
import { createTestApp, createUser, type TestContext, type TestUser } from '../helper.js';

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
