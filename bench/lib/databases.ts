import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The URL without its password, for printing. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

export const openPglite = async (): Promise<Database> => openDatabase({ dataDir: 'memory://' });

/** Null when the server cannot be reached (the reason is returned instead). */
export async function checkPostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message || e.name : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A new database on the server named by baseUrl (like test/helper.ts), so the run never touches
 * existing data; close() drops it again.
 */
export async function openFreshPostgres(baseUrl: string): Promise<{ database: Database; name: string; close(): Promise<void> }> {
  const name = `co_bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  let closed = false;
  return {
    database,
    name,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
