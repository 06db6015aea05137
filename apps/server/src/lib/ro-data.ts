import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a folder of the repository's data/ is (data/ro/ the Romanian postal nomenclature and the
 * localities' coordinates, data/efactura/ the e-Factura rules), from wherever this file runs: the
 * sources, the tests or the bundle; `marker` is a file it must hold.
 */
export function repoDataFolder(name: string, marker: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'data', name);
    if (fs.existsSync(path.join(candidate, marker))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`data/${name}/${marker} not found`);
}

/** data/ro/: the geo module builds the nomenclature from it; the courier simulator places its lockers with it. */
export const dataFolder = (): string => repoDataFolder('ro', 'postal-codes.csv');
