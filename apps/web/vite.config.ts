import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/**
 * MUI in a few chunks instead of dozens of small ones that compress worse and cost a request each,
 * grouped by the first loads that need them, so that none carries what it does not draw: the
 * components every page shows (buttons, cards, links, text), the form fields (sign-in, the lists'
 * filters), the signed-in shell (top bar, navigation), and the lists' tables, chips and pages.
 * Each holds its components and what they import from node_modules (the first group that reaches a
 * module keeps it).
 */
const CORE = 'ui-core';
const UI_CHUNKS: [string, string[]][] = [
  [CORE, ['Button', 'IconButton', 'Card', 'CardContent', 'Link', 'Paper', 'Typography']],
  ['ui-form', ['FormControl', 'InputLabel', 'OutlinedInput', 'FormHelperText', 'InputAdornment', 'Stack']],
  ['ui-shell', ['AppBar', 'Toolbar', 'List', 'ListItem', 'ListItemButton', 'ListItemIcon', 'ListItemText']],
  ['ui-list', ['Chip', 'Avatar', 'Table', 'TableBody', 'TableCell', 'TableHead', 'TableRow', 'Pagination']],
];

/**
 * Modules these components import but use only in development (prop types) or not at all, which
 * lazy pages do use (the date picker, dialogs' and menus' transitions, Container): left to Rollup,
 * so they ship with those pages, not the first load. The ripple needs only TransitionGroup.
 */
const LAZY_ONLY =
  /\/node_modules\/(prop-types\/|dom-helpers\/|react-transition-group\/esm\/(CSSTransition|Transition|ReplaceTransition|SwitchTransition|config|utils\/reflow)\.js|@mui\/utils\/esm\/refType\/|@mui\/system\/esm\/Container\/)/;

/**
 * Packages without side effects that do not say so: @emotion/react imports hoist-non-react-statics
 * (and so react-is 16) for its withTheme, which nothing uses, with a bare import that would keep them.
 */
const NO_SIDE_EFFECTS = /\/node_modules\/(hoist-non-react-statics|react-is)\//;

/** React's modules: not walked into; those MUI imports (react, react-dom's non-client part) stay in the core, whichever chunk reaches them first. */
const REACT = /\/node_modules\/(react|react-dom|scheduler)\//;
const REACT_FOR_UI = /\/node_modules\/(react\/|react-dom\/(index\.js|cjs\/react-dom\.production\.js))/;

let chunkOf: Map<string, string> | undefined;
function uiChunk(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  if (!chunkOf) {
    // The groups that reach each module; a module more than one group reaches goes to the first (the core).
    const reachedBy = new Map<string, Set<string>>();
    const ids = [...meta.getModuleIds()];
    for (const [name, components] of UI_CHUNKS) {
      const root = new RegExp(`/node_modules/@mui/material/esm/(${components.join('|')})/\\1\\.js$`);
      const queue = ids.filter((moduleId) => root.test(moduleId));
      const seen = new Set<string>();
      while (queue.length > 0) {
        const moduleId = queue.pop()!;
        if (seen.has(moduleId) || !moduleId.includes('/node_modules/') || LAZY_ONLY.test(moduleId)) continue;
        seen.add(moduleId);
        if (REACT.test(moduleId)) continue;
        reachedBy.set(moduleId, (reachedBy.get(moduleId) ?? new Set()).add(name));
        queue.push(...(meta.getModuleInfo(moduleId)?.importedIds ?? []));
      }
    }
    chunkOf = new Map([...reachedBy].map(([moduleId, names]) => [moduleId, names.size === 1 ? [...names][0]! : CORE]));
  }
  if (REACT_FOR_UI.test(id)) return CORE;
  if (LAZY_ONLY.test(id)) return 'ui-lazy';
  const importers = SHELL_ICON.test(id) ? (meta.getModuleInfo(id)?.importers ?? []) : [];
  if (importers.some((importer) => SHELL.test(importer)) && !importers.some((importer) => PUBLIC.test(importer))) return 'shell-icons';
  return chunkOf.get(id);
}

/**
 * The icons of the signed-in shell (its navigation and top bar) in one chunk: each would otherwise be
 * a chunk of its own (pages use them too), a request and a few hundred bytes apiece on every first load.
 */
const SHELL = /\/src\/app\/(nav|layout\/profile-layout)\.tsx$/;
/** The signed-out pages (sign-in, registration) load no shell: an icon they share with it stays its own chunk. */
const PUBLIC = /\/src\/features\/auth\//;
const SHELL_ICON = /\/node_modules\/@mui\/icons-material\/(esm\/)?[A-Za-z0-9]+\.js$/;

/**
 * Links MUI's createTheme to withoutCssVars (src/app/mui-create-theme.ts): the branch MUI takes for a
 * theme without CSS variables or colour schemes (the product's and MUI's default theme), without the
 * CSS-variables theme MUI's module also carries (about 5 KB gzip on every first load). The test
 * beside it checks that both build the same themes.
 */
function themeWithoutCssVars(): Plugin {
  const shim = fileURLToPath(new URL('./src/app/mui-create-theme.ts', import.meta.url));
  const muiCreateTheme = /\/@mui\/material\/esm\/styles\/createTheme\.js$/;
  return {
    name: 'theme-without-css-vars',
    apply: 'build',
    load(id) {
      if (!muiCreateTheme.test(id)) return null;
      return [
        `import createThemeNoVars from './createThemeNoVars.js';`,
        `import { withoutCssVars } from ${JSON.stringify(shim)};`,
        'export default withoutCssVars(createThemeNoVars);',
      ].join('\n');
    },
  };
}

/**
 * React Router 7's package sends every bundler to its development build (its exports name no
 * production condition: remix-run/react-router#14102, open); the build takes the production one,
 * the same code without its development warnings.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.replace(/\/react-router\/dist\/development\/index\.mjs$/, '/react-router/dist/production/index.mjs') ?? null;
    },
  };
}

/**
 * Writes file.br and file.gz beside every text file of the build (not the source maps) when they
 * are smaller: the server sends them to browsers that accept them (@fastify/static's preCompressed),
 * compressed once, at the highest levels, instead of on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file) && !file.startsWith('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(outDir, file));
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          // A file too small to gain is sent as it is.
          if (br.length < content.length) await writeFile(path.join(outDir, `${file}.br`), br);
          if (gz.length < content.length) await writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), themeWithoutCssVars(), reactRouterProduction(), precompress()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/check-bundle.mjs reads each route's chunks from it.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The contract builds its schemas at module level (z.object(...), and the list helpers
      // pageQuery, pageBody and listEnvelope of common/pagination.ts): calls without side effects,
      // so the schemas of an imported contract module that no page uses are left out.
      treeshake: {
        manualPureFunctions: ['z', 'pageQuery', 'pageBody', 'listEnvelope'],
        moduleSideEffects: (id) => !NO_SIDE_EFFECTS.test(id),
      },
      output: {
        manualChunks: uiChunk,
      },
    },
  },
});
