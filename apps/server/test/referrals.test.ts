import { messages } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, referralBonusItems, referrals, shipments, users } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { DEMO_INVITED, seedDemoReferrals } from '../src/db/seed-referrals.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { REFERRAL_BONUS_QUEUE } from '../src/jobs/referral-bonus.js';
import { as, createTestApp, createUser, sessionCookie, type TestContext, type TestUser } from './helper.js';
import { waitForJob } from './jobs-helper.js';

/*
 * The referral programme (issue 27): registration through a link, the weekly bonus through its
 * queue (once per referrer and week, however often or concurrently it runs), the two months, the
 * week's Bucharest boundary, a take-back, and the stats. Each test lives in a year of its own so
 * one test's weekly runs never reach another's clients (a run looks three months back).
 */

const T = messages.referrals;
let ctx: TestContext;
let jobs: Jobs;
let phoneSeq = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  jobs = await startJobs(ctx.app);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

const codeOf = async (user: TestUser) => (await as(ctx, user, { method: 'GET', url: '/api/user/profile' })).json().profile.referralCode as string;

/** A new client registering through /register?ref=CODE, with a phone of their own unless given. */
async function register(ref: string | undefined, phone?: string) {
  phoneSeq += 1;
  const email = `invitat${phoneSeq}.${Date.now()}@test.ro`;
  const payload = { accountType: 'individual', name: `Invitat ${phoneSeq}`, email, phone: phone ?? `+4073${String(1_000_000 + phoneSeq).slice(-7)}`, password: 'Parola123!', ref };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const body = res.json();
  return { res, body, user: { id: body.user?.id as number, email, password: 'Parola123!', name: payload.name, cookie: res.statusCode === 200 ? sessionCookie(res) : '' } };
}

/** A referrer and a client they invited, activated at `activatedAt`. */
async function invited(activatedAt: Date) {
  const referrer = await createUser(ctx);
  const { user } = await register(await codeOf(referrer));
  await ctx.database.db.update(referrals).set({ activatedAt, createdAt: activatedAt }).where(eq(referrals.referredId, user.id));
  return { referrer, client: user };
}

let awbSeq = 0;
async function delivered(userId: number, priceBani: number, at: Date) {
  awbSeq += 1;
  const place = { contactName: 'Ion Pop', contactPhone: '+40722000000', addressCountyCode: 'CJ', addressCity: 'Cluj-Napoca', addressId: null };
  const [row] = await ctx.database.db
    .insert(shipments)
    .values({
      uniqueId: `ref-${awbSeq}-${Date.now()}`,
      userId,
      status: 'delivered',
      statusAt: at,
      sender: place as never,
      recipient: place as never,
      packages: [],
      content: 'Carti',
      options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
      courierId: 'sim-fast',
      awb: `REF${awbSeq}${Date.now()}`,
      priceNoVatBani: Math.round(priceBani / 1.21),
      priceBani,
      activatedAt: at,
    })
    .returning({ id: shipments.id });
  return row!.id;
}

/** The weekly job for a week, sent to its queue and finished by the worker. */
async function runWeek(weekStart: string) {
  const id = await jobs.boss.send(REFERRAL_BONUS_QUEUE, { weekStart });
  const job = await waitForJob(jobs.boss, REFERRAL_BONUS_QUEUE, id!);
  expect(job.state).toBe('completed');
  return job.output as { creditedBani: number; takenBackBani: number };
}

const bonuses = (userId: number) =>
  ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'bonus'))).orderBy(ledgerEntries.id);

describe('registration through a referral link', () => {
  it('records who referred whom and says so', async () => {
    const referrer = await createUser(ctx);
    const { res, body, user } = await register(await codeOf(referrer));
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ referral: 'recorded', message: T.registeredWithReferral });
    const [row] = await ctx.database.db.select().from(referrals).where(eq(referrals.referredId, user.id));
    expect(row).toMatchObject({ referrerId: referrer.id });
    // The invited client sees who referred them.
    const info = await as(ctx, user, { method: 'POST', url: '/api/user/referrals-info', payload: { start: '2026-01-01', end: '2026-01-31' } });
    expect(info.json().referredBy).toBe(referrer.name);
  });

  it('an unknown code: registered without a referrer, and told so', async () => {
    const { res, body, user } = await register('NUEXISTA');
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ referral: 'unknownCode', warning: T.unknownCode, message: messages.auth.registered });
    expect(await ctx.database.db.select().from(referrals).where(eq(referrals.referredId, user.id))).toHaveLength(0);
  });

  it("one's own code (the referrer's own phone number) is refused", async () => {
    const referrer = await createUser(ctx); // phone +40722000000
    const { res, body, user } = await register(await codeOf(referrer), '0722000000');
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ referral: 'ownCode', warning: T.ownCode });
    expect(await ctx.database.db.select().from(referrals).where(eq(referrals.referredId, user.id))).toHaveLength(0);
    // And nobody can be their own referrer in the database either.
    await expect(ctx.database.db.insert(referrals).values({ referredId: referrer.id, referrerId: referrer.id, activatedAt: new Date() })).rejects.toThrow();
  });

  it('a second referrer is refused: a client has one', async () => {
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    const { user } = await register(await codeOf(first));
    const secondCode = await codeOf(second);
    const refused = await ctx.database.db.transaction((tx) => ctx.app.services.referrals.recordAtRegistration(tx, { id: user.id, phone: '+40799999999', createdAt: new Date() }, secondCode));
    expect(refused).toEqual({ outcome: 'ownCode', warning: T.alreadyReferred });
    const rows = await ctx.database.db.select().from(referrals).where(eq(referrals.referredId, user.id));
    expect(rows.map((r) => r.referrerId)).toEqual([first.id]);
  });
});

describe('the weekly bonus', () => {
  it('runs through its queue; run twice, it credits once (2% of the week, rounded half up once per client)', async () => {
    const { referrer, client } = await invited(new Date('2027-01-04T10:00:00+02:00'));
    // 1025 + 1025 bani: 2% is 41 bani (20.5 + 20.5, rounded once).
    await delivered(client.id, 1025, new Date('2027-01-05T12:00:00+02:00'));
    await delivered(client.id, 1025, new Date('2027-01-07T12:00:00+02:00'));
    expect(await runWeek('2027-01-04')).toMatchObject({ creditedBani: 41 });
    expect(await runWeek('2027-01-04')).toMatchObject({ creditedBani: 0 });
    const paid = await bonuses(referrer.id);
    expect(paid.map((b) => [b.amountBani, b.reference])).toEqual([[41, `referral:${referrer.id}:2027-01-04`]]);
    expect(paid[0]!.description).toBe(`${T.weekBonus} 04.01.2027 - 10.01.2027`);
    // Sold > Bonus shows it.
    const view = await as(ctx, referrer, { method: 'POST', url: '/api/user/balance/bonus', payload: {} });
    expect(view.json().transactions.map((t: { amount: number }) => t.amount)).toEqual([41]);
    expect(view.json().amounts.totalBonus).toBe(41);
  });

  it('two runs at once (each on its own connection on PostgreSQL) credit once', async () => {
    const { referrer, client } = await invited(new Date('2028-02-07T10:00:00+02:00'));
    await delivered(client.id, 50_000, new Date('2028-02-08T12:00:00+02:00'));
    const credit = () => ctx.app.services.referrals.creditWeek('2028-02-07');
    const [a, b, c] = await Promise.all([credit(), credit(), runWeek('2028-02-07')]);
    expect(a.creditedBani + b.creditedBani + c.creditedBani).toBe(1_000);
    expect((await bonuses(referrer.id)).map((x) => x.amountBani)).toEqual([1_000]);
    expect(await ctx.database.db.select().from(referralBonusItems).where(eq(referralBonusItems.referrerId, referrer.id))).toHaveLength(1);
  });

  it('stops two months after the activation: the boundary day', async () => {
    // Activated 10 January 2029, 14:30 in Bucharest: the promotion ends 10 March 2029, 14:30.
    const { referrer, client } = await invited(new Date('2029-01-10T14:30:00+02:00'));
    await delivered(client.id, 10_000, new Date('2029-03-10T14:29:59+02:00'));
    await delivered(client.id, 20_000, new Date('2029-03-10T14:30:00+02:00'));
    await delivered(client.id, 40_000, new Date('2029-03-11T09:00:00+02:00'));
    expect(await runWeek('2029-03-05')).toMatchObject({ creditedBani: 200 });
    expect((await bonuses(referrer.id)).map((x) => x.amountBani)).toEqual([200]);
  });

  it('the week ends Sunday 23:59:59 in Bucharest: Monday 00:00 belongs to the next week', async () => {
    const { referrer, client } = await invited(new Date('2030-03-01T10:00:00+02:00'));
    await delivered(client.id, 10_000, new Date('2030-03-10T23:59:00+02:00')); // Sunday
    await delivered(client.id, 30_000, new Date('2030-03-11T00:00:00+02:00')); // Monday
    expect(await runWeek('2030-03-04')).toMatchObject({ creditedBani: 200 });
    expect(await runWeek('2030-03-11')).toMatchObject({ creditedBani: 600 });
    expect((await bonuses(referrer.id)).map((x) => [x.amountBani, x.reference])).toEqual([
      [200, `referral:${referrer.id}:2030-03-04`],
      [600, `referral:${referrer.id}:2030-03-11`],
    ]);
  });

  it('a shipment cancelled after its bonus was paid is taken back the next week', async () => {
    const { referrer, client } = await invited(new Date('2031-05-01T10:00:00+03:00'));
    const kept = await delivered(client.id, 10_000, new Date('2031-05-06T12:00:00+03:00'));
    const cancelled = await delivered(client.id, 25_000, new Date('2031-05-07T12:00:00+03:00'));
    expect(await runWeek('2031-05-05')).toMatchObject({ creditedBani: 700 });
    await ctx.database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, cancelled));
    expect(await runWeek('2031-05-12')).toMatchObject({ creditedBani: 0, takenBackBani: 500 });
    expect(await runWeek('2031-05-19')).toMatchObject({ creditedBani: 0, takenBackBani: 0 });
    const paid = await bonuses(referrer.id);
    expect(paid.map((b) => b.amountBani)).toEqual([700, -500]);
    expect(paid[1]!.description).toBe(`${T.weekTakeBack} 12.05.2031 - 18.05.2031`);
    expect(kept).toBeGreaterThan(0);
    const stats = await as(ctx, referrer, { method: 'POST', url: '/api/user/referrals-info', payload: { start: '2031-01-01', end: '2031-12-31' } });
    expect(stats.json()).toMatchObject({ numOfInvited: 1, collectedAmount: 200 });
  });
});

describe('POST user/referrals-info', () => {
  it("refuses a bad range with the specification's messages", async () => {
    const user = await createUser(ctx);
    const post = (payload: object) => as(ctx, user, { method: 'POST', url: '/api/user/referrals-info', payload });
    const badStart = await post({ start: '2026-02-30', end: '2026-03-01' });
    expect(badStart.statusCode).toBe(400);
    expect(badStart.json().errors.start).toBe('Invalid start date');
    const badEnd = await post({ start: '2026-03-10', end: '2026-03-01' });
    expect(badEnd.statusCode).toBe(400);
    expect(badEnd.json().errors.end).toBe('Invalid end date');
    expect((await as(ctx, null, { method: 'POST', url: '/api/user/referrals-info', payload: { start: '2026-03-01', end: '2026-03-02' } })).statusCode).toBe(401);
  });

  it('answers the counts, the amounts and every day of the range', async () => {
    const activated = new Date(Date.now() - 3 * 86_400_000);
    const { referrer, client } = await invited(activated);
    await delivered(client.id, 12_345, new Date(Date.now() - 86_400_000));
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const res = await as(ctx, referrer, { method: 'POST', url: '/api/user/referrals-info', payload: { start, end } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ numOfInvited: 1, numOfActivePromotions: 1, referredBy: null, collectedAmount: 0, incomingAmounts: { amount: 247 } });
    expect(body.referralInfo.amountsByDay).toHaveLength(30);
    expect(body.referralInfo.usersByDay.reduce((s: number, d: { users: number }) => s + d.users, 0)).toBe(1);
  });
});

describe('the demo', () => {
  it('the demo client invited two clients, was paid bonus weeks and has bonus to come', async () => {
    await seedDemo(ctx.database);
    await seedDemoReferrals(ctx.database, ctx.app.services.referrals);
    await seedDemoReferrals(ctx.database, ctx.app.services.referrals); // once
    const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'client@demo.ro', password: 'Client123!' } });
    const client = { id: demo!.id, email: demo!.email, password: 'Client123!', name: demo!.name, cookie: sessionCookie(login) };
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const info = (await as(ctx, client, { method: 'POST', url: '/api/user/referrals-info', payload: { start, end } })).json();
    expect(info.numOfInvited).toBe(DEMO_INVITED.length);
    expect(info.collectedAmount).toBeGreaterThan(0);
    expect(info.incomingAmounts.amount).toBeGreaterThan(0);
    const paid = await bonuses(demo!.id);
    expect(paid.reduce((s, b) => s + b.amountBani, 0)).toBe(info.collectedAmount);
  });
});
