import { ADDRESS_TYPE_LOCKED, PICKUP_DELETED, USER_TYPE, messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, pickupPoints } from '../src/db/schema.js';
import { courierNetworkFor } from '../src/integrations/couriers/index.js';
import { startJobs } from '../src/jobs/boss.js';
import { PICKUP_POINTS_QUEUE } from '../src/jobs/pickup-points.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { defaultDiscountPercent, markPickupPointUsed, pickupDiscountPercent, processPickupPoints } from '../src/modules/pickup-points/pickup-points-service.js';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';

const p = messages.pickupPoints;
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  admin = await createUser(ctx, { userType: USER_TYPE.admin, name: 'Admin' });
});
afterAll(async () => ctx?.close());

/** The network's couriers: two that pick up on their own days (scheduleType 1), two on chosen weekdays (2). */
let DAILY: string, DAILY2: string, WEEKDAYS: string, WEEKDAYS2: string;
beforeAll(() => {
  const couriers = courierNetworkFor(ctx.config, ctx.database).couriers();
  [DAILY, DAILY2] = couriers.filter((c) => c.scheduleType === 1).map((c) => c.id) as [string, string];
  [WEEKDAYS, WEEKDAYS2] = couriers.filter((c) => c.scheduleType === 2).map((c) => c.id) as [string, string];
  expect([DAILY, DAILY2, WEEKDAYS, WEEKDAYS2].every(Boolean)).toBe(true);
});

const newAddress = (extra: object = {}) => ({
  contactName: 'Mihai Pop',
  contactPhone: '0722123456',
  countyCode: 'CJ',
  city: 'Cluj-Napoca',
  postalCode: '400114',
  street: 'Memorandumului',
  number: '28',
  ...extra,
});
const request = (extra: object = {}) => ({ address: newAddress(), courier: DAILY, estimatedOrderCount: 20, pickUpDays: [], printerAvailable: true, ...extra });

const add = (user: TestUser, body: object, query = '') => as(ctx, user, { method: 'POST', url: `/api/user/pick-up-points/add${query}`, payload: body });
const list = (user: TestUser, displayDeleted?: 0 | 1) =>
  as(ctx, user, { method: 'GET', url: `/api/user/pick-up-points/list${displayDeleted === undefined ? '' : `?displayDeleted=${displayDeleted}`}` });
const requestDelete = (user: TestUser, id: number) => as(ctx, user, { method: 'PUT', url: `/api/user/pick-up-points/request-delete/${id}` });
const approve = (user: TestUser, id: number) => as(ctx, user, { method: 'POST', url: `/api/admin/pick-up-points/${id}/approve` });
const reject = (user: TestUser, id: number, reason: unknown) => as(ctx, user, { method: 'POST', url: `/api/admin/pick-up-points/${id}/reject`, payload: { reason } });

async function added(user: TestUser, body: object) {
  const res = await add(user, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().point as { id: number; addressId: number; enabled: boolean; deleted: number; type: number; pickUpDays: number[] };
}
async function bookAddress(user: TestUser, shortName = 'Depozit') {
  const res = await as(ctx, user, { method: 'POST', url: '/api/address', payload: { ...newAddress(), shortName } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().address.id as number;
}
const addressRow = async (id: number) => (await ctx.database.db.select().from(addresses).where(eq(addresses.id, id)))[0]!;
const pointRow = async (id: number) => (await ctx.database.db.select().from(pickupPoints).where(eq(pickupPoints.id, id)))[0]!;

describe('couriers-list', () => {
  it('lists the network’s couriers with their logo, discount (correction) and schedule type; signed-out is 401', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'GET', url: '/api/user/pick-up-points/couriers-list' });
    expect(res.statusCode).toBe(200);
    const listed = res.json().list as { forwarderId: string; scheduleType: number; correction: number; logo: string; name: string }[];
    expect(listed.find((c) => c.forwarderId === DAILY)).toEqual({ forwarderId: DAILY, name: expect.any(String), logo: expect.any(String), correction: defaultDiscountPercent(DAILY), scheduleType: 1 });
    expect(listed).toHaveLength(courierNetworkFor(ctx.config, ctx.database).couriers().length);
    expect(listed.find((c) => c.forwarderId === WEEKDAYS)?.scheduleType).toBe(2);
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/pick-up-points/couriers-list' })).statusCode).toBe(401);
  });
});

describe('add', () => {
  it('saves a request for an address-book entry: pending, days ignored for a courier that sets its own', async () => {
    const alice = await createUser(ctx);
    const addressId = await bookAddress(alice);
    const res = await add(alice, request({ address: { addressId }, pickUpDays: [1, 2] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Cererea a fost salvata! Vom reveni catre dumneavoastra in momentul care aceasta este procesata!',
      point: {
        addressId,
        forwarderName: expect.any(String),
        address: 'Strada Memorandumului, Nr. 28, 400114 Cluj-Napoca, jud. Cluj',
        shortName: 'Depozit',
        enabled: false,
        deleted: 0,
        rejected: false,
        printerAvailable: true,
        estimatedOrdersCount: 20,
        pickUpDays: [],
        type: 1,
        courier: { forwarderId: DAILY, scheduleType: 1 },
      },
    });
    // Still editable while it waits for approval.
    expect((await addressRow(addressId)).type).toBe(1);
  });

  it('a scheduleType 2 courier needs at least one weekday; the days are kept sorted and unique', async () => {
    const alice = await createUser(ctx);
    const missing = await add(alice, request({ courier: WEEKDAYS, pickUpDays: [] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ pickUpDays: p.daysRequired });
    const point = await added(alice, request({ courier: WEEKDAYS, pickUpDays: [5, 1, 5] }));
    expect(point.pickUpDays).toEqual([1, 5]);
    const bad = await add(alice, request({ courier: WEEKDAYS, pickUpDays: [0, 6] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['pickUpDays.0']).toBe(p.daysInvalid);
  });

  it('a new address is checked with the address book’s rules and kept as an entry, under the given name or a generated one', async () => {
    const alice = await createUser(ctx);
    const named = await added(alice, request({ address: newAddress({ saveAs: 'Atelier' }) }));
    expect((await addressRow(named.addressId)).shortName).toBe('Atelier');
    const unnamed = await added(alice, request({ address: newAddress({ countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' }) }));
    const row = await addressRow(unnamed.addressId);
    expect(row).toMatchObject({ shortName: expect.stringMatching(/^Punct de ridicare /), userId: alice.id, contactPhone: '+40722123456', addressStreet: 'Calea Victoriei', addressCity: 'Sectorul 1', type: 1 });
    const book = await as(ctx, alice, { method: 'POST', url: '/api/address/all', payload: {} });
    expect(book.json().count).toBe(2);
  });

  it('refuses invalid requests field by field, with the catalogue’s messages', async () => {
    const alice = await createUser(ctx);
    const empty = await add(alice, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      message: messages.common.invalidData,
      errors: { address: p.addressRequired, courier: p.courierRequired, estimatedOrderCount: p.estimatedRequired, printerAvailable: p.printerRequired },
    });
    const cases: [object, Record<string, string>][] = [
      [request({ estimatedOrderCount: 0 }), { estimatedOrderCount: p.estimatedMin }],
      [request({ estimatedOrderCount: 2.5 }), { estimatedOrderCount: p.estimatedInvalid }],
      [request({ printerAvailable: 'da' }), { printerAvailable: p.printerRequired }],
      [request({ courier: '' }), { courier: p.courierRequired }],
      [request({ courier: 'necunoscut' }), { courier: p.courierInvalid }],
      [request({ address: newAddress({ contactPhone: '0722' }) }), { 'address.contactPhone': messages.common.fieldInvalid }],
      [request({ address: newAddress({ countyCode: '' }) }), { 'address.countyCode': messages.address.countyRequired }],
      [request({ address: newAddress({ city: 'Nicaieri' }) }), { 'address.city': messages.address.cityInvalid }],
      [request({ address: newAddress({ postalCode: '010093' }) }), { 'address.postalCode': messages.address.postalCodeMismatch }],
    ];
    for (const [body, errors] of cases) {
      const res = await add(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await list(alice)).json().list).toEqual([]);
  });

  it('one live request per address and courier: the second answers 409; another courier is fine', async () => {
    const alice = await createUser(ctx);
    const addressId = await bookAddress(alice);
    await added(alice, request({ address: { addressId } }));
    const twice = await add(alice, request({ address: { addressId } }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(p.duplicate);
    await added(alice, request({ address: { addressId }, courier: WEEKDAYS, pickUpDays: [2] }));
    // Parallel requests for one address: exactly one wins.
    const other = await bookAddress(alice, 'Magazin');
    const codes = (await Promise.all([1, 2, 3].map(() => add(alice, request({ address: { addressId: other } }))))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
  });

  it('another user’s address answers 404, and nothing is saved', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const addressId = await bookAddress(alice);
    const res = await add(bob, request({ address: { addressId } }));
    expect(res.statusCode).toBe(404);
    expect((await list(bob)).json().list).toEqual([]);
  });

  it('an admin acts for the selected client; a client naming another user is refused', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const addressId = await bookAddress(alice);
    const res = await add(admin, request({ address: { addressId } }), `?selectedClient=${alice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(alice)).json().list).toHaveLength(1);
    expect((await add(bob, request(), `?selectedClient=${alice.id}`)).statusCode).toBe(403);
    const forAlice = await as(ctx, admin, { method: 'GET', url: `/api/user/pick-up-points/list?selectedClient=${alice.id}` });
    expect(forAlice.json().list.map((x: { addressId: number }) => x.addressId)).toEqual([addressId]);
  });
});

describe('list and delete request', () => {
  it('lists the user’s points; rejected and deleted ones only with displayDeleted=1', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const kept = await added(alice, request());
    const rejected = await added(alice, request({ courier: DAILY2 }));
    const removed = await added(alice, request({ courier: WEEKDAYS2, pickUpDays: [3] }));
    expect((await reject(admin, rejected.id, 'Adresa in afara zonei de acoperire')).statusCode).toBe(200);
    expect((await requestDelete(alice, removed.id)).statusCode).toBe(200);
    await processPickupPoints(ctx.database);

    const ids = (res: Awaited<ReturnType<typeof list>>) => (res.json().list as { id: number }[]).map((x) => x.id);
    expect(ids(await list(alice))).toEqual([kept.id]);
    expect(ids(await list(alice, 0))).toEqual([kept.id]);
    const all = (await list(alice, 1)).json().list as { id: number; deleted: number; rejected: boolean; rejectReason: string | null }[];
    expect(all.map((x) => x.id).sort()).toEqual([kept.id, rejected.id, removed.id].sort());
    expect(all.find((x) => x.id === rejected.id)).toMatchObject({ rejected: true, rejectReason: 'Adresa in afara zonei de acoperire', deleted: 0 });
    expect(all.find((x) => x.id === removed.id)?.deleted).toBe(2);
    expect((await list(bob, 1)).json().list).toEqual([]);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/pick-up-points/list?displayDeleted=2' })).statusCode).toBe(400);
  });

  it('a delete request moves an approved point to deletion requested, once; another user’s point is 404', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const point = await added(alice, request());
    expect((await approve(admin, point.id)).statusCode).toBe(200);
    expect((await requestDelete(bob, point.id)).statusCode).toBe(404);
    expect((await requestDelete(alice, 999_999)).statusCode).toBe(404);
    const res = await requestDelete(alice, point.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Cerea de stergere a fost salvata!' });
    expect((await list(alice)).json().list[0]).toMatchObject({ id: point.id, enabled: true, deleted: 1 });
    const again = await requestDelete(alice, point.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(p.deleteNotAllowed);
    expect((await requestDelete(alice, 0)).statusCode).toBe(400);
  });
});

describe('admin', () => {
  it('signed-out is 401 and a client is 403 on every admin call', async () => {
    const alice = await createUser(ctx);
    const point = await added(alice, request());
    expect((await as(ctx, null, { method: 'GET', url: '/api/admin/pick-up-points' })).statusCode).toBe(401);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/admin/pick-up-points' })).statusCode).toBe(403);
    expect((await approve(alice, point.id)).statusCode).toBe(403);
    expect((await reject(alice, point.id, 'x')).statusCode).toBe(403);
    expect((await pointRow(point.id)).enabled).toBe(false);
  });

  it('lists pending requests oldest first, a page at a time, with the client and the discount it would get', async () => {
    const alice = await createUser(ctx, { name: 'Alice Pending SRL' });
    const first = await added(alice, request());
    const second = await added(alice, request({ courier: WEEKDAYS, pickUpDays: [1] }));
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/pick-up-points?limit=100' });
    expect(res.statusCode).toBe(200);
    const mine = (res.json().list as { id: number; client: { id: number }; discountPercent: number }[]).filter((x) => x.client.id === alice.id);
    expect(mine.map((x) => x.id)).toEqual([first.id, second.id]);
    expect(mine[1]).toMatchObject({ client: { id: alice.id, name: 'Alice Pending SRL', email: alice.email }, discountPercent: defaultDiscountPercent(WEEKDAYS) });
    const total = res.json().count as number;
    const page = await as(ctx, admin, { method: 'GET', url: `/api/admin/pick-up-points?limit=1&page=${total}` });
    expect(page.json()).toMatchObject({ count: total });
    expect(page.json().list).toHaveLength(1);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/admin/pick-up-points?limit=1000' })).statusCode).toBe(400);
  });

  it('approving enables the point with the courier’s discount and locks its address (type 10); only a pending request', async () => {
    const alice = await createUser(ctx);
    const addressId = await bookAddress(alice);
    const point = await added(alice, request({ address: { addressId }, courier: WEEKDAYS, pickUpDays: [2, 4] }));
    const res = await approve(admin, point.id);
    expect(res.json()).toEqual({ success: true, message: p.approved });
    const row = await pointRow(point.id);
    expect(row).toMatchObject({ enabled: true, discountPercent: defaultDiscountPercent(WEEKDAYS) });
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect((await addressRow(addressId)).type).toBe(ADDRESS_TYPE_LOCKED);
    expect((await list(alice)).json().list[0]).toMatchObject({ enabled: true, type: 10, courier: { correction: defaultDiscountPercent(WEEKDAYS) } });
    // The address book refuses to edit a pick-up point's address.
    const edit = await as(ctx, alice, { method: 'PUT', url: `/api/address/${addressId}`, payload: { ...newAddress(), shortName: 'Alt nume' } });
    expect(edit.statusCode).toBe(409);
    const twice = await approve(admin, point.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(p.notPending);
    expect((await approve(admin, 999_999)).statusCode).toBe(404);
  });

  it('rejecting needs a reason and leaves the address editable', async () => {
    const alice = await createUser(ctx);
    const point = await added(alice, request());
    const empty = await reject(admin, point.id, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ reason: p.rejectReasonRequired });
    const res = await reject(admin, point.id, 'Volum prea mic');
    expect(res.json()).toEqual({ success: true, message: p.rejected });
    const row = await pointRow(point.id);
    expect(row.rejectedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ rejectReason: 'Volum prea mic', enabled: false });
    expect((await addressRow(point.addressId)).type).toBe(1);
    expect((await approve(admin, point.id)).statusCode).toBe(409);
    // A rejected request no longer blocks a new one for the same address and courier.
    await added(alice, request({ address: { addressId: point.addressId } }));
  });
});

describe('the job', () => {
  it('completes deletion requests and unlocks the address once no approved point uses it', async () => {
    const alice = await createUser(ctx);
    const addressId = await bookAddress(alice);
    const one = await added(alice, request({ address: { addressId } }));
    const two = await added(alice, request({ address: { addressId }, courier: DAILY2 }));
    await approve(admin, one.id);
    await approve(admin, two.id);
    await requestDelete(alice, one.id);
    // Every deletion requested so far in this database is completed: this one and any other test's.
    const requestedNow = async () => (await ctx.database.db.select({ id: pickupPoints.id }).from(pickupPoints).where(eq(pickupPoints.deleted, PICKUP_DELETED.requested))).length;
    expect((await pointRow(one.id)).deleted).toBe(PICKUP_DELETED.requested);
    const requested = await requestedNow();
    expect((await processPickupPoints(ctx.database)).deleted).toBe(requested);
    expect(await requestedNow()).toBe(0);
    expect((await pointRow(one.id)).deleted).toBe(2);
    // The other courier's point still uses the address.
    expect((await addressRow(addressId)).type).toBe(ADDRESS_TYPE_LOCKED);
    await requestDelete(alice, two.id);
    expect(await requestedNow()).toBe(1);
    expect((await processPickupPoints(ctx.database)).deleted).toBe(1);
    expect((await addressRow(addressId)).type).toBe(1);
    // A deleted point frees the address and courier for a new request.
    await added(alice, request({ address: { addressId } }));
  });

  it('deactivates approved points unused for 60 days (by last use, or approval when never used)', async () => {
    const alice = await createUser(ctx);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const stale = await added(alice, request());
    const used = await added(alice, request({ courier: DAILY2 }));
    const fresh = await added(alice, request({ courier: WEEKDAYS, pickUpDays: [1] }));
    const waiting = await added(alice, request({ courier: WEEKDAYS2, pickUpDays: [1] }));
    for (const pt of [stale, used, fresh]) await approve(admin, pt.id);
    await ctx.database.db.update(pickupPoints).set({ approvedAt: daysAgo(61) }).where(eq(pickupPoints.id, stale.id));
    await ctx.database.db.update(pickupPoints).set({ approvedAt: daysAgo(200), lastUsedAt: daysAgo(10) }).where(eq(pickupPoints.id, used.id));
    await ctx.database.db.update(pickupPoints).set({ approvedAt: daysAgo(59) }).where(eq(pickupPoints.id, fresh.id));
    await ctx.database.db.update(pickupPoints).set({ createdAt: daysAgo(100) }).where(eq(pickupPoints.id, waiting.id));

    const result = await processPickupPoints(ctx.database, now);
    expect(result.deactivated).toBe(1);
    expect((await pointRow(stale.id)).deleted).toBe(2);
    expect((await pointRow(used.id)).deleted).toBe(0);
    expect((await pointRow(fresh.id)).deleted).toBe(0);
    expect((await pointRow(waiting.id)).deleted).toBe(0);
    // Each request had its own new address: the stale one's is unlocked, the others stay locked.
    expect((await addressRow(stale.addressId)).type).toBe(1);
    expect((await addressRow(used.addressId)).type).toBe(ADDRESS_TYPE_LOCKED);
  });

  it('is scheduled every 10 minutes and runs from the queue', async () => {
    const jobs = await startJobs(ctx.app);
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.find((s) => s.name === PICKUP_POINTS_QUEUE)?.cron).toBe('*/10 * * * *');
      const id = await jobs.boss.send(PICKUP_POINTS_QUEUE, {});
      const deadline = Date.now() + 20_000;
      let state: string | undefined;
      while (Date.now() < deadline) {
        state = (await jobs.boss.getJobById(PICKUP_POINTS_QUEUE, id!))?.state;
        if (state === 'completed' || state === 'failed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(state).toBe('completed');
    } finally {
      await jobs.stop();
    }
  });
});

describe('discount for offers', () => {
  it('is the approved point’s percent for its user, address and courier, otherwise 0; using it records the date', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const db = ctx.database.db;
    const addressId = await bookAddress(alice);
    const point = await added(alice, request({ address: { addressId }, courier: WEEKDAYS, pickUpDays: [1] }));
    expect(await pickupDiscountPercent(db, alice.id, addressId, WEEKDAYS)).toBe(0);
    await approve(admin, point.id);
    expect(await pickupDiscountPercent(db, alice.id, addressId, WEEKDAYS)).toBe(defaultDiscountPercent(WEEKDAYS));
    expect(await pickupDiscountPercent(db, alice.id, addressId, DAILY)).toBe(0);
    expect(await pickupDiscountPercent(db, bob.id, addressId, WEEKDAYS)).toBe(0);

    const at = new Date('2026-05-04T10:00:00Z');
    await markPickupPointUsed(db, alice.id, addressId, WEEKDAYS, at);
    expect((await pointRow(point.id)).lastUsedAt?.toISOString()).toBe(at.toISOString());
    await markPickupPointUsed(db, bob.id, addressId, WEEKDAYS, new Date());
    expect((await pointRow(point.id)).lastUsedAt?.toISOString()).toBe(at.toISOString());

    await requestDelete(alice, point.id);
    expect(await pickupDiscountPercent(db, alice.id, addressId, WEEKDAYS)).toBe(0);
  });
});
