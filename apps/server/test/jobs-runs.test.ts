import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, cardPayments, invoices, ledgerEntries, mailOutbox, shipmentEvents, shipments, users } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { AUTO_TOPUP_QUEUE } from '../src/jobs/auto-topup.js';
import { MAIL_SENDER_QUEUE } from '../src/jobs/mail-sender.js';
import { MONTHLY_INVOICES_QUEUE, startOfMonthInBucharest } from '../src/jobs/monthly-invoices.js';
import { SHIPMENT_TRACKING_QUEUE } from '../src/jobs/shipment-tracking.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { insertMail } from '../src/modules/mail/mail-queries.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { activeCompany } from './support/billing.js';
import { subscribedClient as subscribedClientOf } from './support/prepay.js';
import { fakeSmtpServer } from './support/smtp-server.js';

/*
 * The tracking, mail, top-up and monthly-invoice jobs as they run in production: the job is sent
 * to its queue, the worker startJobs registered takes it, pg-boss records it completed, and its
 * effect is read from the database. (The scheduled runs may take a turn too: every assertion is
 * about the database, which holds whichever run did the work.)
 */

/** A simulated courier step every 0.3 s, so a shipment's journey is over in seconds. */
const MINUTES_PER_STEP = 0.005;

let ctx: TestContext;
let jobs: Jobs;
let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
beforeAll(async () => {
  smtp = await fakeSmtpServer();
  ctx = await createTestApp({ courierSimMinutesPerStep: MINUTES_PER_STEP, mail: 'smtp', smtpUrl: smtp.url });
  await loadNomenclature(ctx.database);
  jobs = await startJobs(ctx.app);
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.database.db;
const ledger = (u: TestUser, bani: number, kind: 'topup' | 'charge' = bani >= 0 ? 'topup' : 'charge') =>
  db().insert(ledgerEntries).values({ userId: u.id, kind, amountBani: bani, description: 'Miscare test', reference: randomUUID() });
const balance = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;

describe('shipment tracking through pg-boss', () => {
  const address = (contactName: string, countyCode: string, city: string, postalCode: string, street: string, number: string) => ({
    contactName,
    contactPhone: '+40722000001',
    countyCode,
    city,
    postalCode,
    street,
    number,
  });
  const draft = {
    sender: address('Ana Expeditor', 'CJ', 'Cluj-Napoca', '400114', 'Memorandumului', '28'),
    recipient: address('Ion Destinatar', 'B', 'Sectorul 1', '010093', 'Calea Victoriei', '120'),
    packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
    content: 'Carti',
    clientReference: 'CMD-JOB',
    options: { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
  };

  it('a run of the tracking job moves an activated shipment along the courier’s journey', async () => {
    const alice = await createUser(ctx);
    await ledger(alice, 100_000);
    const offers = await as(ctx, alice, { method: 'POST', url: '/api/shipments/offers', payload: draft });
    expect(offers.statusCode, offers.body).toBe(200);
    const offer = offers.json().offers.find((o: { type: string; errors: string[] }) => o.type === 'standard' && o.errors.length === 0);
    const created = await as(ctx, alice, {
      method: 'POST',
      url: '/api/shipments',
      payload: { ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uniqueId = created.json().shipment.uniqueId as string;
    const [before] = await db().select().from(shipments).where(eq(shipments.uniqueId, uniqueId));
    expect(before!.status).toBe('created');
    // The job looks at shipments whose last news is over 30 s old; the journey's steps are 0.3 s.
    await db().update(shipments).set({ statusAt: new Date(Date.now() - 60_000) }).where(eq(shipments.id, before!.id));
    // Eight steps later the courier has picked it up and it left the depot (steps 1.5 and 2.5).
    await new Promise((r) => setTimeout(r, 8 * MINUTES_PER_STEP * 60_000));

    const job = await runJob(jobs.boss, SHIPMENT_TRACKING_QUEUE);
    expect(job.state).toBe('completed');
    const [after] = await db().select().from(shipments).where(eq(shipments.id, before!.id));
    expect(after!.status).not.toBe('created');
    expect(after!.statusAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const history = await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, before!.id)).orderBy(asc(shipmentEvents.at));
    expect(history.slice(0, 3).map((e) => e.status)).toEqual(['created', 'picked_up', 'in_transit']);
    expect(history.at(-1)!.status).toBe(after!.status);
  });
});

describe('the mail sender through pg-boss', () => {
  it('a run sends every due mail over SMTP once and records it sent', async () => {
    const bob = await createUser(ctx);
    const subjects = [`Factura ${randomUUID().slice(0, 8)}`, `Confirmare ${randomUUID().slice(0, 8)}`];
    // Written straight to the outbox (no nudge): only a run of the queue sends them.
    const ids = [];
    for (const [i, subject] of subjects.entries()) {
      ids.push(await insertMail(db(), { userId: bob.id, kind: 'sendInvoiceMail', to: [`dest${i}@firma.ro`], subject, text: 'Buna ziua', html: null, attachments: [] }));
    }
    const job = await runJob(jobs.boss, MAIL_SENDER_QUEUE);
    expect(job.state).toBe('completed');
    for (const [i, id] of ids.entries()) {
      const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
      const copies = smtp.received.filter((m) => m.data.includes(`Subject: ${subjects[i]}`));
      expect(copies).toHaveLength(1);
      expect(copies[0]!.to).toEqual([`dest${i}@firma.ro`]);
    }
  });
});

describe('automatic top-ups through pg-boss', () => {
  const card = { good: '4242424242424242', declinesLater: '4000000000000341' };
  const subscribedClient = async (number: string) => (await subscribedClientOf(ctx, number)).user;
  const paymentsOf = (u: TestUser, since: Date) =>
    db().select().from(cardPayments).where(and(eq(cardPayments.userId, u.id), gte(cardPayments.createdAt, since)));
  const topUpRun = async () => expect((await runJob(jobs.boss, AUTO_TOPUP_QUEUE)).state).toBe('completed');

  it('charges the saved card once for a fall below the trigger, however often the job runs', async () => {
    const u = await subscribedClient(card.good);
    expect(await balance(u)).toBe('200.00');
    const fall = new Date();
    await ledger(u, -15_000); // 50 lei left, below the 100 trigger
    await topUpRun();
    expect(await balance(u)).toBe('250.00');
    await topUpRun();
    expect(await balance(u)).toBe('250.00');
    const charges = await paymentsOf(u, fall);
    expect(charges.map((p) => ({ status: p.status, amountBani: p.amountBani }))).toEqual([{ status: 'succeeded', amountBani: 20_000 }]);

    const secondFall = new Date();
    await ledger(u, -20_000); // 50 lei again: a new fall, a new charge
    await topUpRun();
    expect(await balance(u)).toBe('250.00');
    expect(await paymentsOf(u, secondFall)).toHaveLength(1);
  });

  it('a declined saved card is tried once per fall, not on every run', async () => {
    const u = await subscribedClient(card.declinesLater);
    const fall = new Date();
    await ledger(u, -15_000);
    await topUpRun();
    await topUpRun();
    await topUpRun();
    const tried = await paymentsOf(u, fall);
    expect(tried.map((p) => p.status)).toEqual(['declined']);
    expect(await balance(u)).toBe('50.00');

    // Back above the trigger (a manual top-up), then a new fall: one more attempt, for that fall.
    await ledger(u, 10_000);
    await topUpRun();
    expect(await paymentsOf(u, fall)).toHaveLength(1);
    await ledger(u, -10_000);
    await topUpRun();
    await topUpRun();
    expect((await paymentsOf(u, fall)).map((p) => p.status)).toEqual(['declined', 'declined']);
    expect(await balance(u)).toBe('50.00');
  });

  it('never charges a settled account: settling stops the subscription, and later runs charge nothing', async () => {
    const u = await subscribedClient(card.good);
    await db().update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, u.id));
    const since = new Date();
    const settled = await as(ctx, u, { method: 'POST', url: '/api/user/settle-account-finances' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await balance(u)).toBe('0.00'); // below the 100 trigger
    await topUpRun();
    await topUpRun();
    expect(await paymentsOf(u, since)).toEqual([]);
    expect(await balance(u)).toBe('0.00');
    expect((await as(ctx, u, { method: 'GET', url: '/api/user/billing/data' })).json().settled).toBe(true);
  });
});

describe('monthly invoices through pg-boss', () => {
  it('a run invoices last month’s open charges of a client once and leaves this month’s open', async () => {
    const carol = await createUser(ctx);
    await activeCompany(ctx, carol);
    const lastMonth = new Date(startOfMonthInBucharest().getTime() - 5 * 86_400_000);
    const old = [1190, 2380];
    for (const bani of old) {
      await db().insert(billableCharges).values({ userId: carol.id, amountBani: bani, description: 'Expediere', reference: randomUUID(), createdAt: lastMonth });
    }
    const [thisMonth] = await db().insert(billableCharges).values({ userId: carol.id, amountBani: 999, description: 'Expediere', reference: randomUUID() }).returning();

    expect((await runJob(jobs.boss, MONTHLY_INVOICES_QUEUE)).state).toBe('completed');
    const issued = await db().select().from(invoices).where(eq(invoices.userId, carol.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: 'orders', totalBani: old.reduce((a, b) => a + b, 0) });
    const [open] = await db().select().from(billableCharges).where(eq(billableCharges.id, thisMonth!.id));
    expect(open!.invoiceId).toBeNull();

    expect((await runJob(jobs.boss, MONTHLY_INVOICES_QUEUE)).state).toBe('completed');
    expect(await db().select().from(invoices).where(eq(invoices.userId, carol.id))).toHaveLength(1);
  });
});
