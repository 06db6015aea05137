import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceReceived, efacturaSimUploads } from '../src/db/schema.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { issueDailySupplierInvoices } from '../src/integrations/e-invoicing/simulator-daily.js';
import { EFACTURA_SIM_SUPPLIERS_QUEUE } from '../src/jobs/efactura-sim-suppliers.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { runJob } from './jobs-helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 25: the e-Factura simulator's suppliers issue each connected company an invoice a day
 * (through the job's queue), once a day; the sync brings it into the company's list, and it passes
 * the official rules.
 */

let ctx: TestContext;
let jobs: Jobs;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  jobs = await startJobs(ctx.app);
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

describe('the simulator’s daily supplier invoices', () => {
  it('one a day to each connected company, the day’s second run issuing nothing; synced into its list and valid by the rules', { timeout: 120_000 }, async () => {
    const alice = await createUser(ctx);
    const entity = await connectCompany(ctx, alice, '14399840');
    const uploads = async () => (await ctx.database.db.select().from(efacturaSimUploads)).filter((u) => u.xml.includes('<cbc:ID>ZI-'));
    expect((await runJob(jobs.boss, EFACTURA_SIM_SUPPLIERS_QUEUE)).state).toBe('completed');
    const today = await uploads();
    expect(today.filter((u) => u.xml.includes('14399840'))).toHaveLength(1);
    expect((await runJob(jobs.boss, EFACTURA_SIM_SUPPLIERS_QUEUE)).state).toBe('completed');
    expect(await uploads()).toHaveLength(today.length);
    // Tomorrow: another one, from the next supplier.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await issueDailySupplierInvoices(ctx.database.db, tomorrow)).issued).toBeGreaterThanOrEqual(1);
    const both = (await uploads()).filter((u) => u.xml.includes('14399840'));
    expect(both).toHaveLength(2);
    expect(new Set(both.map((u) => u.cif)).size).toBe(2);
    for (const u of both) expect((await checkEInvoice(u.xml)).fatal).toEqual([]);
    // The sync brings today's into the list.
    await ctx.app.services.einvoiceSync.syncCompany(entity);
    const kept = await ctx.database.db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entity));
    expect(kept.some((r) => r.number.startsWith('ZI-') && r.warnings.length === 0)).toBe(true);
  });
});
