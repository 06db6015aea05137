import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let built = false;

/**
 * `npm run build` once per bench run (unless BENCH_BUILD=0), for what runs the built server as
 * `npm start` does (the export's own process, Lighthouse): never a stale apps/server/dist.
 */
export function buildOnce(log: (line: string) => void): void {
  if (built || process.env.BENCH_BUILD === '0') return;
  log('building the web app and the server (npm run build; BENCH_BUILD=0 skips it)...');
  // Its warnings are printed only when it fails.
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}`);
    throw new Error('npm run build failed');
  }
  built = true;
}
