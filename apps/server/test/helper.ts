import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@colete/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { newReferralCode } from '../src/lib/tokens.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). With
 * TEST_DATABASE_TEMPLATE (npm run mutate sets it), the new database is a copy of that migrated one:
 * much faster than migrating anew for each of the thousands of runs.
 */
export async function openTestDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `co_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // The run's migrated template (global-setup.ts), or the mutation runs' own.
  const template = process.env.TEST_DATABASE_TEMPLATE ?? inject('testDatabaseTemplate');
  await admin.query(`CREATE DATABASE ${name}${template && /^\w+$/.test(template) ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TestContext = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> };

export async function createTestApp(
  overrides: Partial<Config> = {},
  configure?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const config = testConfig(overrides);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestUser = { id: number; email: string; password: string; name: string; cookie: string };

/** The session cookie pair (name=value) a response set, for the next request's Cookie header. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'co_session');
  if (!c) throw new Error('no session cookie in the response');
  return `${c.name}=${c.value}`;
}

let seq = 0;
/**
 * One argon2 hash per password for the run's users (about 45 ms each; most users of the tests share
 * 'Parola123!'): a hash with one salt verifies for every user it is stored for.
 */
const hashes = new Map<string, Promise<string>>();
const passwordHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};
/** Creates a user directly in the database and signs them in through the API. */
export async function createUser(
  ctx: TestContext,
  opts: { email?: string; password?: string; name?: string; userType?: number; accountType?: 'company' | 'individual' } = {},
): Promise<TestUser> {
  seq += 1;
  const email = opts.email ?? `user${seq}.${randomUUID().slice(0, 8)}@test.ro`;
  const password = opts.password ?? 'Parola123!';
  const name = opts.name ?? `Utilizator ${seq}`;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash(password),
      name,
      phone: '+40722000000',
      userType: opts.userType ?? USER_TYPE.client,
      accountType: opts.accountType ?? 'company',
      referralCode: newReferralCode(),
    })
    .returning();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.body}`);
  return { id: row!.id, email, password, name, cookie: sessionCookie(res) };
}

/** Two unrelated clients, so each area can prove that one user's object answers 404 to the other. */
export async function twoUsers(ctx: TestContext) {
  const alice = await createUser(ctx, { name: 'Alice Transport SRL' });
  const bob = await createUser(ctx, { name: 'Bob Curierat SRL' });
  return { alice, bob };
}

/** app.inject with the user's session cookie. */
export function as(ctx: TestContext, user: TestUser | null, opts: InjectOptions) {
  return ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) } });
}
