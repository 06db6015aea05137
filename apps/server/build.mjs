// Bundles the server into dist/main.js; npm packages stay external, the contract is bundled in.
import { readFileSync } from 'node:fs';
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
