import { USER_TYPE } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRuns } from '../src/db/schema.js';
import { seedDemoRepayments } from '../src/db/seed-repayments.js';
import { seedDemoShipments } from '../src/db/seed-shipments.js';
import { seedDemo } from '../src/db/seed.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf } from '../src/modules/invoicing/index.js';
import { invoicingService } from '../src/modules/invoicing/invoicing-service.js';
import { seedDemoRepayments as seedDemoShipmentRepayments } from '../src/modules/repayments/index.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';
import { validatePain001 } from './support/pain001.js';

/*
 * Issue 24: every payout run has its file. The demo's two scheduled runs of the repayments
 * screens (the demo shipments' sheets) were written without a pain.001: their download answered 404.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  await seedDemo(ctx.database, { invoicing: invoicingService({ database: ctx.database, ...invoicingDepsOf(ctx.config) }) });
  await seedDemoShipments(ctx.database, ctx.app.services);
  const payer = { platformIban: ctx.config.platformIban, platformName: 'Colete Online SRL' };
  await seedDemoRepayments(ctx.database, ctx.app.services, payer);
  await seedDemoShipmentRepayments(ctx.database, payer);
}, 240_000);
afterAll(async () => ctx?.close());

describe('the demo’s payout runs', () => {
  it('each one downloads its pain.001, valid against the schema', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const runs = await ctx.database.db.select().from(payoutRuns);
    expect(runs.filter((r) => r.messageId.startsWith('DEMO-RUN-'))).toHaveLength(2);
    for (const run of runs) {
      const file = await as(ctx, admin, { method: 'GET', url: `/api/admin/repayments/payout-runs/${run.id}/file` });
      expect(file.statusCode, `${run.messageId}: ${file.body}`).toBe(200);
      expect(await validatePain001(file.body)).toEqual({ valid: true, errors: [] });
      expect(file.body).toContain(`<MsgId>${run.messageId}</MsgId>`);
    }
  }, 120_000);
});
