import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/db/seed.js';
import { createTestApp, openTestDatabase, type TestContext } from './helper.js';

let ctx: TestContext;

/** The public schema (columns, indexes, constraints), the applied migrations and every table's rows, comparable with toEqual. */
async function snapshot(database: Database) {
  const rows = async (text: string) => (await database.executeSql(text)).rows;
  const tables = (await rows(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)).map((r) => String(r.table_name));
  const contents: Record<string, unknown[]> = {};
  // Each table's rows as text, in a stable order: any row added, lost or changed shows.
  for (const t of tables) contents[t] = (await rows(`SELECT row_to_json(x)::text AS row FROM "${t}" x ORDER BY 1`)).map((r) => r.row);
  return {
    tables,
    columns: await rows(`SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`),
    constraints: await rows(`SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
    applied: await rows(`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`),
    contents,
  };
}
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('demo seed', () => {
  it('creates the README’s demo accounts once; a second start keeps what was saved', async () => {
    expect(await seedDemo(ctx.database)).toBe(true);
    for (const account of DEMO_ACCOUNTS) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
      expect(res.statusCode, account.email).toBe(200);
      expect(res.json().user.isAdmin).toBe(account.email === 'admin@demo.ro');
    }
    await ctx.database.db.update(users).set({ name: 'Nume schimbat de utilizator' }).where(eq(users.email, 'client@demo.ro'));
    expect(await seedDemo(ctx.database)).toBe(false);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    expect(row!.name).toBe('Nume schimbat de utilizator');
    expect(await ctx.database.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('migrations are idempotent: running them again changes neither the schema nor the rows', async () => {
    // A database of its own (migrated once), with rows worth keeping: the demo data.
    const database = await openTestDatabase();
    try {
      expect(await seedDemo(database)).toBe(true);
      const before = await snapshot(database);
      // Every committed migration applied once: as many journal rows as migrations in the folder.
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      expect(before.applied).toHaveLength(journal.entries.length);
      expect(before.contents.users).toHaveLength(DEMO_ACCOUNTS.length);

      await database.migrate();
      await database.migrate();
      expect(await snapshot(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
