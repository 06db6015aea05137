import { normalizeText, searchWords, type TCustomer } from '@colete/contract';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPrefixCounts, customers } from '../src/db/schema.js';
import type { Executor } from '../src/db/client.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

/*
 * The customer search's kept counts (issue 27, migration 0073): each client's number of customers
 * per 1-4 letter prefix of a word of their names, kept by the trigger that writes the words. Checked
 * against a count made here from the customers' names after inserts, a customer with two words
 * sharing a prefix, renames, deletes, several rows in one statement, a customer moved to another
 * client and parallel writers; and the list's count of short and long searches against it.
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL), where the writers really run in parallel.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const person = (name: string) => ({ type: 'individual', name, country: 'RO', phone: '', address: null });
async function create(u: TestUser, name: string) {
  const res = await as(ctx, u, { method: 'POST', url: '/api/user/customer', payload: person(name) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { customer: TCustomer }).customer.id;
}
async function rename(u: TestUser, id: number, name: string) {
  const res = await as(ctx, u, { method: 'PUT', url: `/api/user/customer/${id}`, payload: person(name) });
  expect(res.statusCode, res.body).toBe(200);
}
async function remove(u: TestUser, id: number) {
  const res = await as(ctx, u, { method: 'DELETE', url: `/api/user/customer/${id}` });
  expect(res.statusCode, res.body).toBe(200);
}
async function listCount(u: TestUser, search: string) {
  const res = await as(ctx, u, { method: 'POST', url: '/api/user/customer/list', payload: { search, limit: 5 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}

/** The counts made here: for each 1-4 letter prefix of a word, the customers with such a word. */
async function directCounts(userId: number) {
  const rows = await ctx.database.db.select({ words: customers.searchWords }).from(customers).where(eq(customers.userId, userId));
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const prefixes = new Set(r.words.split(' ').flatMap((w) => [1, 2, 3, 4].filter((n) => n <= w.length).map((n) => w.slice(0, n))));
    for (const p of prefixes) counts[p] = (counts[p] ?? 0) + 1;
  }
  return counts;
}
async function keptCounts(userId: number) {
  const db = ctx.database.db;
  const all = await db.select().from(customerPrefixCounts).where(eq(customerPrefixCounts.userId, userId));
  expect(all.filter((r) => r.customers < 0)).toEqual([]);
  const rows = await db.select().from(customerPrefixCounts).where(and(eq(customerPrefixCounts.userId, userId), gt(customerPrefixCounts.customers, 0)));
  return Object.fromEntries(rows.map((r) => [r.prefix, r.customers]));
}
async function expectKeptAsCounted(userId: number) {
  const direct = await directCounts(userId);
  expect(await keptCounts(userId)).toEqual(direct);
  return direct;
}
const rowOf = (userId: number, name: string) => ({ userId, type: 'individual' as const, name, nameKey: normalizeText(name), searchWords: searchWords(name), source: 'import' as const });
const insertRows = (db: Executor, userId: number, names: string[]) => db.insert(customers).values(names.map((n) => rowOf(userId, n)));

describe('customer prefix counts', () => {
  it('counts each customer once per prefix through inserts, renames and deletes', async () => {
    const u = await createUser(ctx);
    const popa = await create(u, 'Pop Popa');
    await create(u, 'Ana Popovici');
    const maria = await create(u, 'Maria Marin');
    await create(u, 'Ștefan Mureșan');
    let direct = await expectKeptAsCounted(u.id);
    // Two words sharing 'pop' (and 'p', 'po'): one customer.
    expect([direct.p, direct.po, direct.pop, direct.popa, direct.popo]).toEqual([2, 2, 2, 1, 1]);
    expect([direct.m, direct.ma, direct.mar, direct.mari, direct.mu]).toEqual([2, 1, 1, 1, 1]);
    expect(await listCount(u, 'pop')).toBe(2);
    expect(await listCount(u, 'Mar')).toBe(1);

    await rename(u, popa, 'Vasile Ene');
    await rename(u, maria, 'Maria Mărginean');
    direct = await expectKeptAsCounted(u.id);
    expect([direct.p ?? 0, direct.pop ?? 0, direct.v, direct.e, direct.marg, direct.mari]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await listCount(u, 'pop')).toBe(1);
    expect(await listCount(u, 'marg')).toBe(1);

    await remove(u, maria);
    direct = await expectKeptAsCounted(u.id);
    expect([direct.m, direct.ma, direct.mari]).toEqual([1, undefined, undefined]);
    expect(await listCount(u, 'ma')).toBe(0);
    expect(await listCount(u, 'm')).toBe(1);
  });

  it('keeps the counts of several rows in one statement, a customer moved to another client and a deleted client', async () => {
    const u = await createUser(ctx);
    const v = await createUser(ctx);
    await insertRows(ctx.database.db, u.id, ['Maria Pop', 'Mara Popa', 'Marin Popescu SRL', 'Ion Ionescu', 'Ioana Ion']);
    await insertRows(ctx.database.db, v.id, ['Maria Stan']);
    const direct = await expectKeptAsCounted(u.id);
    expect([direct.i, direct.io, direct.ion, direct.ioan, direct.ma, direct.mar, direct.mara]).toEqual([2, 2, 2, 1, 3, 3, 1]);
    await expectKeptAsCounted(v.id);

    const [moved] = await ctx.database.db.update(customers).set({ userId: v.id }).where(and(eq(customers.userId, u.id), eq(customers.name, 'Maria Pop'))).returning();
    expect(moved).toBeDefined();
    expect((await expectKeptAsCounted(u.id)).mari).toBe(1);
    expect((await expectKeptAsCounted(v.id)).mari).toBe(2);

    await ctx.database.db.delete(customers).where(eq(customers.userId, u.id));
    expect(await keptCounts(u.id)).toEqual({});
    await expectKeptAsCounted(v.id);
  });

  it("the list's count: kept for one word of up to 4 letters, counted from the index otherwise; the same numbers", async () => {
    const u = await createUser(ctx);
    const names = ['Maria Pop', 'Mara Popa', 'Marin Popescu SRL', 'Ion Ionescu', 'Ioana Ion', 'Mariana Marinescu', 'Pop Ion'];
    await insertRows(ctx.database.db, u.id, names);
    const direct = await expectKeptAsCounted(u.id);
    const byIndex = (search: string) => names.filter((n) => search.split(' ').every((w) => searchWords(n).includes(` ${w}`))).length;
    for (const search of ['m', 'ma', 'mar', 'mari', 'maria', 'marin', 'pop', 'popa', 'popes', 'ion', 'ione', 'ionescu', 'x', 'mari pop', 'ion ion', 'pop pop', 'ma ion']) {
      expect(await listCount(u, search), search).toBe(byIndex(search));
    }
    expect(await listCount(u, 'mari')).toBe(direct.mari);
  });

  it('stays right under parallel writers of the same client (inserts, renames, deletes; and two transactions taking prefixes in opposite orders)', async () => {
    const u = await createUser(ctx);
    const first = ['Maria', 'Mara', 'Marin', 'Ana', 'Andrei', 'Ion', 'Ioana', 'Pop'];
    const last = ['Pop', 'Popa', 'Popescu', 'Marinescu', 'Ionescu', 'Anghel'];
    const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => create(u, `${first[i % first.length]} ${last[i % last.length]}`)));
    await Promise.all([
      ...ids.slice(0, 8).map((id, i) => rename(u, id, `${first[(i + 3) % first.length]} ${last[(i + 1) % last.length]}`)),
      ...ids.slice(8, 14).map((id) => remove(u, id)),
      ...Array.from({ length: 8 }, (_, i) => create(u, `${last[i % last.length]} ${first[(i + 5) % first.length]}`)),
    ]);
    await expectKeptAsCounted(u.id);

    // Transaction A writes an 'a' customer and waits; B writes an 'm' one, then an 'a' one; A then
    // an 'm' one. Without the lock per client (taken before any prefix) they would deadlock.
    let aWrote!: () => void;
    const wrote = new Promise<void>((r) => (aWrote = r));
    let goOn!: () => void;
    const gate = new Promise<void>((r) => (goOn = r));
    const a = ctx.database.db.transaction(async (tx) => {
      await insertRows(tx, u.id, ['Ana Tudor']);
      aWrote();
      await gate;
      await insertRows(tx, u.id, ['Marius Tudor']);
    });
    await wrote;
    const b = ctx.database.db.transaction(async (tx) => {
      await insertRows(tx, u.id, ['Mihai Toma']);
      await insertRows(tx, u.id, ['Anca Toma']);
    });
    await new Promise((r) => setTimeout(r, 300));
    goOn();
    await Promise.all([a, b]);
    const direct = await expectKeptAsCounted(u.id);
    expect([direct.tudo, direct.toma]).toEqual([2, 2]);
  }, 60_000);
});
