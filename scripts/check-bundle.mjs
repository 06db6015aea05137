// The web app's first-load JavaScript budget, read from the built output (apps/web/dist).
// For each route: the entry chunk, every chunk it imports statically (the browser modulepreloads
// them) and the route's lazy page chunks with their own static imports: everything the browser
// fetches before the page can render. Sizes are gzip bytes (level 9, the server's precompressed
// .gz); 1 KB = 1000 bytes, as Vite prints.
// Exit code 1 when a route is over the budget or the build is missing. Run after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 170 KB since issue 28 (200 before): the shell and the lists' first loads are at about 155-168 KB.
const BUDGET_KB = 170;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

// The lazy modules each route renders before its content shows (see apps/web/src/app/router.tsx).
const ROUTES = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  '/profile/orders': ['src/app/layout/profile-layout.tsx', 'src/features/shipments/pages/shipments-list-page.tsx'],
  // Where a client lands after signing in (issue 27): its charts (MUI X Charts) load after it, in a chunk of their own.
  '/profile/dashboard': ['src/app/layout/profile-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
};

if (!existsSync(manifestFile)) {
  console.error(`check-bundle: ${path.relative(root, manifestFile)} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`check-bundle: expected one entry chunk in the manifest, found ${entries.length}.`);
  process.exit(1);
}

const [entryKey, entryChunk] = entries[0];
// The build writes .gz files (apps/web/vite.config.ts, precompress) unless it was made without them.
const precompressed = existsSync(path.join(dist, `${entryChunk.file}.gz`));
const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    const full = path.join(dist, file);
    // What the server sends to a browser accepting gzip: the build's precompressed .gz, or the file
    // itself when it has none (too small to gain); a build without them is measured here.
    const size = existsSync(`${full}.gz`)
      ? readFileSync(`${full}.gz`).length
      : precompressed
        ? readFileSync(full).length
        : gzipSync(readFileSync(full), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return gzipCache.get(file);
}

/** The JS files a manifest key brings in: its own chunk and, recursively, its static imports. */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-bundle: ${key} is not in the manifest (renamed? update ROUTES)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
let over = false;
for (const [route, modules] of Object.entries(ROUTES)) {
  let files;
  try {
    files = closure(entryKey);
    for (const module of modules) {
      if (!manifest[module]?.isDynamicEntry) throw new Error(`check-bundle: ${module} is not a lazy chunk in the manifest (update ROUTES)`);
      closure(module, files);
    }
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipBytes(file), 0);
  const entrySize = gzipBytes(manifest[entryKey].file);
  const ok = total <= BUDGET_KB * 1000;
  if (!ok) over = true;
  console.log(
    `${ok ? 'PASS' : 'FAIL'} ${route.padEnd(16)} ${kb(total).padStart(6)} KB gzip in ${js.length} JS files ` +
      `(entry ${kb(entrySize)} KB; budget ${BUDGET_KB} KB)`,
  );
  if (!ok || process.env.CHECK_BUNDLE_VERBOSE) {
    for (const file of js.sort((a, b) => gzipBytes(b) - gzipBytes(a))) console.log(`  ${kb(gzipBytes(file)).padStart(6)} KB  ${file}`);
  }
}
process.exit(over ? 1 : 0);
