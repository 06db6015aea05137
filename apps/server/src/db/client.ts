import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either the database or a transaction. */
export type Executor = Db | Tx;

export type SqlResult = { rows: Record<string, unknown>[] };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL, for pg-boss and the few statements Drizzle does not express. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding a lock that every process on this database shares (a PostgreSQL
   * advisory lock on a connection of its own; PGlite has one process): instances starting together
   * take turns, e.g. the demo seed is written by the first and found done by the others.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Embedded PGlite only: writes the whole database to a file that `loadFrom` starts from. */
  dumpTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The committed SQL migrations, found from wherever this module runs (src or the bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (drizzle/) not found');
}

/** Several server instances may start at once on PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK_KEY = 7_243_001;
/** PostgreSQL's SQLSTATE for a transaction chosen to break a deadlock; the job queue's statements retry it. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 5;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; dataDirFrom?: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir, opts.dataDirFrom);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined); // an idle client's error must not crash the process; queries report their own
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: async (text, values) => {
      // Instances starting together create the job queues together, and PostgreSQL may break the
      // tie with a deadlock. A deadlocked statement (or script: one implicit transaction) was
      // rolled back whole, so running it again is safe.
      for (let attempt = 1; ; attempt += 1) {
        try {
          const res = await pool.query(text, values as unknown[] | undefined);
          return { rows: res.rows };
        } catch (err) {
          if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw err;
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 200) * attempt));
        }
      }
    },
    migrate: () => advisoryLocked(url, MIGRATION_LOCK_KEY, (client) => migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() })),
    exclusive: (key, work) => advisoryLocked(url, key, () => work()),
    close: () => pool.end(),
  };
}

/** Runs `work` holding PostgreSQL's advisory lock `key` on a connection of its own (released with it, also when the process dies). */
async function advisoryLocked<T>(url: string, key: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end();
  }
}

/** PostgreSQL's bytea type, answered as text ('\\x' and hex digits). */
const BYTEA_OID = 17;
/**
 * A bytea value read through Node's own hex decoder: PGlite's default parser takes about 250 ns a
 * byte (a kept 2.7 MB label file: 0.7-1.1 s on a busy machine, 30-100 ms this way). A copy, so the
 * bytes never share Node's small-buffer pool.
 */
const parseBytea = (text: string) => new Uint8Array(Buffer.from(text.startsWith('\\x') ? text.slice(2) : text, 'hex'));

async function openPglite(dataDir: string, loadFrom?: string): Promise<Database> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const loadDataDir = loadFrom ? new Blob([fs.readFileSync(loadFrom)]) : undefined;
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir, parsers: { [BYTEA_OID]: parseBytea } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, values) => {
      // pg-boss sends multi-statement scripts without parameters; those go through exec.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const res = await client.query(text, values);
      return { rows: res.rows as Record<string, unknown>[] };
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    // One process holds an embedded database: nothing to take turns with.
    exclusive: (_key, work) => work(),
    dumpTo: async (file) => {
      // Written whole under another name, then renamed: a reader never sees half a dump.
      const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, dump);
      fs.renameSync(partial, file);
    },
    close: () => client.close(),
  };
}
