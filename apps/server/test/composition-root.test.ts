import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28, one composition root: every service is built once per process, by the app
 * (services.ts through app.ts); the server's start, the jobs and the seeds take `app.services`.
 * Read from the source: which files build the services, and which build the address correction.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
const callers = (call: RegExp) =>
  files(src)
    .filter((f) => call.test(fs.readFileSync(f, 'utf8').replace(/export function \w+/g, '')))
    .map((f) => path.relative(src, f))
    .sort();

describe('the composition root', () => {
  it('builds the services in one place: the app', () => {
    expect(callers(/\bbuildServices\(/)).toEqual(['app.ts']);
  });

  it('builds the address correction once, for every module that places an address', () => {
    expect(callers(/\baddressCorrectionService\(/)).toEqual(['services.ts']);
  });

  it('starts the jobs with the app (its services), not with a set of their own', () => {
    const boss = fs.readFileSync(path.join(src, 'jobs/boss.ts'), 'utf8');
    expect(boss).not.toMatch(/buildServices|repaymentsFor|moneyAdminFor|storeActivationFor/);
    expect(fs.readFileSync(path.join(src, 'server.ts'), 'utf8')).toMatch(/startJobs\(app\)/);
  });
});
