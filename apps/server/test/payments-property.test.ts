import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, invoicePayments, ledgerEntries, shipments } from '../src/db/schema.js';
import { issueInvoice } from '../src/modules/invoicing/index.js';
import { balanceBani, creditTopUp, paymentsBani } from '../src/modules/ledger/index.js';
import { paymentsService } from '../src/modules/payments/index.js';
import { AppError } from '../src/lib/errors.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { activeCompany } from './support/billing.js';

/*
 * For random sequences of recorded payments, activations and reverts (some in parallel), the sum
 * of a payment's reverts never exceeds it, and the ledger moves only with a movement: each
 * activation and each accepted revert writes exactly one row, a refused call writes none, and
 * the client's paid sum is the active payments less their reverts; the prepaid balance never moves.
 */

let ctx: TestContext;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  adminId = (await createUser(ctx)).id;
}, 120_000);
afterAll(async () => ctx?.close());

const party = { contactName: 'Ana', contactPhone: '0722000000', addressCity: 'Cluj-Napoca' } as never;

/** A postpaid client with one invoice covering a postpaid shipment, and 25 lei of prepaid balance. */
async function postpaidInvoice() {
  const client = await createUser(ctx);
  const entity = await activeCompany(ctx, client);
  const [shipment] = await ctx.database.db
    .insert(shipments)
    .values({ uniqueId: `pay-${client.id}`, userId: client.id, status: 'created', sender: party, recipient: party, packages: [], content: 'Test', paymentType: 'postpaid', options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false }, courierId: 'rapidcarpati', awb: `PAY${client.id}` })
    .returning();
  const invoice = await ctx.database.db.transaction(async (tx) => {
    const row = await issueInvoice(tx, { seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries, mail: false }, { userId: client.id, entity, kind: 'orders', lines: [{ description: 'Expediere', grossBani: 500_00 }] });
    await tx.insert(billableCharges).values({ userId: client.id, shipmentId: shipment!.id, amountBani: 500_00, description: 'Expediere', reference: `shipment:${shipment!.id}`, invoiceId: row.id });
    return row;
  });
  await creditTopUp(ctx.database.db, { userId: client.id, amountBani: 25_00, reference: `prop-top-${client.id}`, description: 'Reincarcare' });
  return { clientId: client.id, invoiceId: invoice.id };
}

const STEP = fc.oneof(
  fc.record({ type: fc.constant('record' as const), bani: fc.integer({ min: 10, max: 100_000 }) }),
  fc.record({ type: fc.constant('activate' as const), which: fc.nat(), parallel: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ type: fc.constant('revert' as const), which: fc.nat(), amounts: fc.array(fc.integer({ min: 10, max: 120_000 }), { minLength: 1, maxLength: 4 }) }),
);

const refused = (e: unknown): false => {
  if (e instanceof AppError && (e.statusCode === 409 || e.statusCode === 404)) return false;
  throw e;
};

describe('payments on random sequences of actions', () => {
  it('reverts never exceed their payment; the ledger moves only with a movement', async () => {
    const service = paymentsService({ database: ctx.database });
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { clientId, invoiceId } = await postpaidInvoice();
        const model: { id: string; amount: number; active: boolean; reverted: number }[] = [];
        let movements = 0;
        const prepaid = await balanceBani(ctx.database.db, clientId);
        for (const step of steps) {
          if (step.type === 'record') {
            const p = await service.record(adminId, clientId, { invoiceId, amount: step.bani / 100, reference: `OP ${model.length + 1}` });
            model.push({ id: p.id, amount: step.bani, active: false, reverted: 0 });
          } else if (model.length > 0) {
            const target = model[step.which % model.length]!;
            if (step.type === 'activate') {
              const results = await Promise.all(Array.from({ length: step.parallel }, () => service.activate(adminId, target.id).then(() => true, refused)));
              const won = results.filter(Boolean).length;
              expect(won).toBe(target.active ? 0 : 1);
              if (won) target.active = true;
              movements += won;
            } else {
              const results = await Promise.all(step.amounts.map((b) => service.revert(adminId, target.id, b).then((): number | false => b, refused)));
              for (const b of results) if (b !== false) target.reverted += b;
              movements += results.filter((b) => b !== false).length;
              if (!target.active) expect(results.every((b) => b === false)).toBe(true);
            }
          }
          const rows = await ctx.database.db.select().from(invoicePayments).where(eq(invoicePayments.userId, clientId));
          for (const m of model) {
            const row = rows.find((r) => r.id === m.id)!;
            expect(row.revertedBani).toBe(m.reverted);
            expect(row.revertedBani).toBeLessThanOrEqual(row.amountBani);
            expect(row.active).toBe(m.active);
          }
          const ledger = await ctx.database.db
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.userId, clientId), inArray(ledgerEntries.kind, ['payment', 'payment_revert'])));
          expect(ledger).toHaveLength(movements);
          expect(await paymentsBani(ctx.database.db, clientId)).toBe(model.reduce((s, m) => s + (m.active ? m.amount - m.reverted : 0), 0));
          expect(await balanceBani(ctx.database.db, clientId)).toBe(prepaid);
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
