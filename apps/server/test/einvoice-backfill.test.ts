import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, eInvoiceSent, invoices } from '../src/db/schema.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { eInvoiceDeadline } from '../src/lib/working-days.js';
import { invoicingDepsOf, issueInvoice } from '../src/modules/invoicing/index.js';
import { invoiceIssuedOf } from '../src/modules/invoicing/invoice-events.js';
import { createTestApp, createUser, type TestContext } from './helper.js';

/*
 * Issue 26: invoices issued before the invoicing module wrote its 'invoice.issued' event (migration
 * 0062) are reported too. Migration 0067 writes for each the event the module writes today, so the
 * e-invoicing listener queues it; it skips an invoice already queued or whose event still waits.
 */

const MIGRATION = readFileSync(new URL('../drizzle/0067_einvoice_backfill_issued.sql', import.meta.url), 'utf8');
let ctx: TestContext;

const backfill = async () => {
  for (const statement of MIGRATION.split('--> statement-breakpoint')) await ctx.database.executeSql(statement);
};
const issuedEvents = async (ids: number[]) =>
  (await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'invoice.issued'))).filter((e) => ids.includes(Number(e.payload.invoiceId)));

beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => ctx?.close());

describe('the backfill of invoices issued before their event existed', () => {
  it('writes the module’s own event for each unreported invoice and credit note, once, and they are queued with their deadline', async () => {
    const user = await createUser(ctx);
    const deps = { ...invoicingDepsOf(ctx.config), mail: false };
    const buyer = { name: 'Ionescu Transport SRL', identificationCode: '14399840', isCompany: true, isVatPayer: true, tradeRegister: 'J12/1234/2010', address: 'Strada Memorandumului 28, Cluj-Napoca, 400114', county: 'Cluj', countryCode: 'RO' };
    const issue = (at: string, kind: 'prepay' | 'credit_note' = 'prepay', creditsInvoiceId?: number) =>
      ctx.database.db.transaction((tx) =>
        issueInvoice(tx, deps, { userId: user.id, entity: { id: null, buyer }, kind, lines: [{ description: kind === 'prepay' ? 'Avans' : 'Stornare', grossBani: kind === 'prepay' ? 12_100 : -12_100 }], at: new Date(at), ...(creditsInvoiceId ? { creditsInvoiceId } : {}) }),
      );
    // 00:30 in Bucharest on 11 January, and 23:59:59 on 10 January: the issue day is Bucharest's.
    const early = await issue('2026-01-10T22:30:00Z');
    const late = await issue('2026-01-10T21:59:59Z');
    const credit = await issue('2026-01-12T09:00:00Z', 'credit_note', early.id);
    const queued = await issue('2026-01-12T10:00:00Z');
    const waiting = await issue('2026-01-12T11:00:00Z');
    // A number past six digits is written whole, as the invoice prints it.
    await ctx.database.db.update(invoices).set({ number: 9_000_000 + late.id }).where(eq(invoices.id, late.id));

    // `queued` was reported (its event delivered, then pruned); `waiting` keeps its undelivered
    // event; the other three are as before migration 0062: no event, no row.
    await ctx.database.db.delete(domainEvents).where(and(eq(domainEvents.type, 'invoice.issued'), sql`(${domainEvents.payload}->>'invoiceId')::int in (${early.id}, ${late.id}, ${credit.id}, ${queued.id})`));
    const all = [early.id, late.id, credit.id, queued.id, waiting.id];
    await ctx.database.db.insert(eInvoiceSent).values({ source: 'platform', sourceId: queued.id, number: 'X', kind: 'invoice', buyerName: 'X', buyerIdentification: 'X', issueDate: '2026-01-12', deadline: '2026-01-19', taxExcludedBani: 1, taxBani: 0, totalBani: 1 });

    await backfill();
    const rows = await ctx.database.db.select().from(invoices).where(inArray(invoices.id, all));
    const expected = rows.filter((r) => [early.id, late.id, credit.id].includes(r.id)).map(invoiceIssuedOf);
    const written = await issuedEvents(all);
    expect(written.filter((e) => e.payload.invoiceId !== waiting.id).map((e) => e.payload)).toEqual(expect.arrayContaining(expected));
    expect(written).toHaveLength(4); // three written now, and the one that was waiting
    const byId = new Map(written.map((e) => [Number(e.payload.invoiceId), e.payload]));
    expect(byId.get(early.id)).toMatchObject({ issueDay: '2026-01-11', kind: 'invoice', netBani: 10_000, vatBani: 2_100, totalBani: 12_100, buyerName: 'Ionescu Transport SRL', buyerIdentification: '14399840' });
    expect(byId.get(late.id)).toMatchObject({ issueDay: '2026-01-10', number: `${deps.series} ${9_000_000 + late.id}` });
    expect(byId.get(credit.id)).toMatchObject({ kind: 'creditNote', totalBani: -12_100 });

    await backfill();
    expect(await issuedEvents(all)).toHaveLength(4);

    await deliverLifecycleEvents(ctx.database);
    const sent = await ctx.database.db.select().from(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'platform'), inArray(eInvoiceSent.sourceId, all)));
    expect(sent).toHaveLength(5);
    const early_ = sent.find((s) => s.sourceId === early.id)!;
    expect(early_).toMatchObject({ status: 'initial', issueDate: '2026-01-11', deadline: eInvoiceDeadline('2026-01-11'), totalBani: 12_100 });
    expect(sent.find((s) => s.sourceId === queued.id)!.number).toBe('X');
  });
});
