import react from '@vitejs/plugin-react';
import { defineConfig, type Rollup } from 'vite';

/**
 * MUI in two chunks instead of dozens of small ones that compress worse and cost a request each:
 * the components nearly every page shows (forms, cards, buttons, links), and those of the signed-in
 * shell and its lists. Each holds its components and what they import from node_modules.
 */
const UI_CHUNKS: [string, string[]][] = [
  ['ui-core', ['TextField', 'Button', 'IconButton', 'InputAdornment', 'Card', 'CardContent', 'Link', 'Stack', 'Paper', 'Typography']],
  ['ui-shell', ['AppBar', 'Toolbar', 'Drawer', 'ListItem', 'ListItemButton', 'ListItemIcon', 'ListItemText', 'MenuItem', 'Divider', 'Chip', 'Avatar', 'Table', 'TableBody', 'TableCell', 'TableHead', 'TableRow', 'Pagination']],
];

let chunkOf: Map<string, string> | undefined;
function uiChunk(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  if (!chunkOf) {
    const assigned = new Map<string, string>();
    const ids = [...meta.getModuleIds()];
    for (const [name, components] of UI_CHUNKS) {
      const root = new RegExp(`/node_modules/@mui/material/esm/(${components.join('|')})/\\1\\.js$`);
      const queue = ids.filter((moduleId) => root.test(moduleId));
      while (queue.length > 0) {
        const moduleId = queue.pop()!;
        if (assigned.has(moduleId) || !moduleId.includes('/node_modules/') || /\/node_modules\/(react|react-dom|scheduler)\//.test(moduleId)) continue;
        assigned.set(moduleId, name);
        queue.push(...(meta.getModuleInfo(moduleId)?.importedIds ?? []));
      }
    }
    chunkOf = assigned;
  }
  return chunkOf.get(id);
}

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/check-bundle.mjs reads each route's chunks from it.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The contract builds its schemas at module level (z.object(...)): calls without side
      // effects, so a page that imports one schema or constant does not bring every other schema
      // (and zod, libphonenumber) with it.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        manualChunks: uiChunk,
      },
    },
  },
});
