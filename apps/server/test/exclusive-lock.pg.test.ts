import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { openTestDatabase } from './helper.js';

/*
 * PostgreSQL only (vitest.config.ts leaves *.pg.test.ts out without TEST_DATABASE_URL). Issue 28:
 * instances starting together take turns at the demo seed (server.ts) through database.exclusive,
 * an advisory lock on a connection of its own. Here two "instances" (two pools on one database).
 */

let first: Database;
let second: Database;
beforeAll(async () => {
  first = await openTestDatabase();
  if (first.kind !== 'postgres') throw new Error('exclusive-lock.pg.test.ts runs on PostgreSQL only: TEST_DATABASE_URL');
  const { rows } = await first.executeSql('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(rows[0]!.name)}`;
  second = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const KEY = 990_001;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('database.exclusive across instances', () => {
  it('runs the work of two instances one after the other, never side by side', async () => {
    const steps: string[] = [];
    const work = (name: string) => async () => {
      steps.push(`${name} in`);
      await pause(300);
      steps.push(`${name} out`);
      return name;
    };
    const answers = await Promise.all([first.exclusive(KEY, work('a')), pause(50).then(() => second.exclusive(KEY, work('b')))]);
    expect(answers).toEqual(['a', 'b']);
    expect(steps).toEqual(['a in', 'a out', 'b in', 'b out']);
  });

  it('lets go when the work fails: the next instance takes its turn', async () => {
    await expect(first.exclusive(KEY, async () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    await expect(Promise.race([second.exclusive(KEY, async () => 'taken'), pause(5_000).then(() => 'still locked')])).resolves.toBe('taken');
  });

  it('another key is not held up', async () => {
    let release!: () => void;
    const held = first.exclusive(KEY, () => new Promise<void>((r) => (release = r)));
    await pause(100);
    await expect(Promise.race([second.exclusive(KEY + 1, async () => 'free'), pause(5_000).then(() => 'held up')])).resolves.toBe('free');
    release();
    await held;
  });
});
