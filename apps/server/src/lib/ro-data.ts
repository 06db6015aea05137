import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where data/ro/ (the Romanian postal nomenclature and the localities' coordinates) is, from
 * wherever this file runs: the sources, the tests or the bundle. The geo module builds the
 * nomenclature from it; the courier simulator places its lockers with it.
 */
export function dataFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'data', 'ro');
    if (fs.existsSync(path.join(candidate, 'postal-codes.csv'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('data/ro/postal-codes.csv not found');
}
