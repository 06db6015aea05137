// npm run mutate [-- <file glob>...]: StrykerJS over the money files (scripts/mutation-targets.mjs),
// one file at a time with only its tests, then the score per file (scripts/mutation-scores.mjs).
// Not part of npm test or CI: a file takes minutes to an hour on this machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { MUTATION_TARGETS } from './mutation-targets.mjs';
import { recordScores } from './mutation-scores.mjs';

const globs = process.argv.slice(2);
/** A shell-style glob ('**', '*', '?') as a regular expression over the whole path. */
const globRe = (g) => new RegExp(`^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\/?/g, '\0').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]').replace(/\0/g, '.*')}$`);
const matches = (file, g) => globRe(g).test(file) || file.endsWith(g);
const targets = globs.length === 0 ? MUTATION_TARGETS : MUTATION_TARGETS.filter((t) => globs.some((g) => matches(t.file, g)));
if (targets.length === 0) {
  console.error(`No money file matches ${globs.join(' ')}; the files are:\n${MUTATION_TARGETS.map((t) => `  ${t.file}`).join('\n')}`);
  process.exit(2);
}

/**
 * On PostgreSQL (TEST_DATABASE_URL set: much faster than PGlite here), one migrated database that
 * each test's fresh database is copied from (TEST_DATABASE_TEMPLATE, read by test/helper.ts).
 */
function makeTemplate(base) {
  const name = `co_mutate_template_${process.pid}`;
  const code = `
    import pg from 'pg';
    import { openDatabase } from './apps/server/src/db/client.ts';
    const admin = new pg.Client({ connectionString: ${JSON.stringify(base)} });
    await admin.connect();
    await admin.query('CREATE DATABASE ${name}');
    await admin.end();
    const url = new URL(${JSON.stringify(base)});
    url.pathname = '/${name}';
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await database.migrate();
    await database.close();`;
  const res = spawnSync('npx', ['tsx', '--input-type=module', '-e', code], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('could not make the template database');
  return name;
}
function dropTemplate(base, name) {
  spawnSync('npx', ['tsx', '-e', `const pg = require('pg'); const c = new pg.Client({ connectionString: ${JSON.stringify(base)} }); c.connect().then(() => c.query('DROP DATABASE IF EXISTS ${name} WITH (FORCE)')).then(() => c.end());`], { stdio: 'inherit' });
}
const base = process.env.TEST_DATABASE_URL;
const template = base ? makeTemplate(base) : null;

const report = 'reports/mutation/mutation.json';
let failed = false;
for (const target of targets) {
  const tests = target.tests.filter((f) => existsSync(f));
  console.log(`\n=== ${target.file} (${tests.length} test files: ${tests.map((f) => f.replace(/^.*\//, '')).join(', ')})`);
  rmSync(report, { force: true });
  const res = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', '--mutate', target.file], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_TESTS: tests.join(','), ...(template ? { TEST_DATABASE_TEMPLATE: template } : {}) },
  });
  if (res.status !== 0 || !existsSync(report)) {
    console.error(`Stryker failed on ${target.file} (exit ${res.status})`);
    failed = true;
    continue;
  }
  mkdirSync('reports/mutation/files', { recursive: true });
  const json = readFileSync(report, 'utf8');
  writeFileSync(`reports/mutation/files/${target.file.replace(/[/.]/g, '_')}.json`, json);
  recordScores(JSON.parse(json));
}
if (base && template) dropTemplate(base, template);
process.exit(failed ? 1 : 0);
