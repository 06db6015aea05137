import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e-Factura rules compiled once before any server starts (15 to 30 s the first time, into
 * node_modules/.cache; a read afterwards): otherwise the first invoice each worker's server checks
 * would compile them while its test waits, four at once on two cores. npm test compiles them beside
 * the typecheck, so there this finds them ready.
 *
 * The run's shared folder (support/server.ts runDir: its seeded copies, 100 MB and more each, and the
 * accessibility scans done) starts empty and is removed when the run ends.
 */
export default function globalSetup() {
  const run = path.join(os.tmpdir(), `colete-e2e-${process.pid}`);
  fs.rmSync(run, { recursive: true, force: true });
  const root = path.resolve(import.meta.dirname, '../..');
  const code = "await (await import('./apps/server/src/integrations/e-invoicing/cius-ro-rules.ts')).compiledRules()";
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`compiling the e-Factura rules failed (exit ${res.status})`);
  return () => fs.rmSync(run, { recursive: true, force: true });
}
