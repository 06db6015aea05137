import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { schemaWalls } from './apps/server/schema-walls.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '.test-output/**', '.data/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['apps/web/src/components', 'apps/web/src/lib'] },
        { type: 'entry', pattern: 'apps/web/src/main.tsx', mode: 'file' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // shared -> features -> app: a feature never reaches into another feature's folder.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'shared', allow: ['shared'] },
            { from: 'feature', allow: ['shared', ['feature', { feature: '${from.feature}' }]] },
            { from: 'app', allow: ['shared', 'feature', 'app'] },
            { from: 'entry', allow: ['app'] },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
      // notistack loads with the first message: its own useSnackbar has no provider above the pages.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'notistack', message: 'Use useSnackbar from lib/snackbar.', allowTypeImports: true }] },
      ],
    },
  },
  // Server walls. A module reaches another only through its index.ts; integrations stand on lib/,
  // db/ and the contract, never on modules or jobs; lib/ stands on nothing of ours but db/ and the
  // contract; a file imports only the schema files its owner owns (apps/server/schema-walls.js).
  // The TypeScript resolver maps the `.js` specifiers to the `.ts` sources, so both the walls and
  // the cycle check see the real files.
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries, 'import-x': importX, walls: schemaWalls },
    settings: {
      'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': [
        { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'integration', pattern: 'apps/server/src/integrations/*', capture: ['integration'] },
        { type: 'lib', pattern: 'apps/server/src/lib' },
        { type: 'jobs', pattern: 'apps/server/src/jobs' },
        { type: 'db', pattern: 'apps/server/src/db' },
        { type: 'plugins', pattern: 'apps/server/src/plugins' },
        { type: 'root', pattern: 'apps/server/src/*.ts', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            { from: 'integration', disallow: ['module', 'jobs'], message: 'An integration never imports a module or a job: move what it needs to lib/.' },
            { from: 'lib', disallow: ['module', 'integration', 'jobs'], message: 'lib/ imports nothing from modules/, integrations/ or jobs/.' },
          ],
        },
      ],
      // Another module's files other than its index.ts are private to it.
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: ['module'], disallow: ['**'] },
            { target: ['module'], allow: ['index.ts'] },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Each schema file has one owner; a file imports only its owner's (apps/server/schema-walls.js).
      'walls/schema-owner': 'error',
    },
  },
  { files: ['apps/web/src/app/snackbars.tsx'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  // The contract's schemas take z from src/zod.ts, which sets the catalogue's texts as zod's defaults.
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/zod.ts', 'packages/contract/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import z from the contract's zod.ts (its defaults speak the catalogue).", allowTypeImports: true }] },
      ],
    },
  },
);
