import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';

/*
 * On PostgreSQL (TEST_DATABASE_URL), one migrated database that every test's fresh database is
 * copied from (CREATE DATABASE ... TEMPLATE): a file's database is ready in a tenth of a second
 * instead of running every migration again. The tests still run the migrations on their copy
 * (openTestDatabase), which finds nothing left to do; the migrations' own tests open their
 * databases without it. The template holds the Romanian nomenclature as a started server's database
 * does. Dropped when the run ends.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || process.env.TEST_DATABASE_TEMPLATE) return;
  const name = `co_test_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
  // The nomenclature too: half the files load it (5 to 6 s each), and on a copy that has it the
  // load finds its version and returns.
  await loadNomenclature(database);
  await database.close();
  project.provide('testDatabaseTemplate', name);
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
