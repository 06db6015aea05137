// Bundles the server into dist/main.js; npm packages stay external, the contract is bundled in.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@colete/'));

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'dist/main.js',
  external: [...external, ...external.map((d) => `${d}/*`)],
  sourcemap: true,
  logLevel: 'warning',
});
// The CIUS-RO rules' worker thread is started by its file's address beside the bundle (cius-ro-pool.ts).
copyFileSync('src/integrations/e-invoicing/cius-ro-worker.mjs', 'dist/cius-ro-worker.mjs');
