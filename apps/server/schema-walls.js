import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Modules own their tables (issue 28 §2; docs/decisions.md "Modules own their tables").
 *
 * Every file of src/db/schema/ belongs to one owner: a module (its folder under src/modules/), an
 * integration's simulator (`integrations/<name>`), or the platform (src/lib, src/jobs,
 * src/plugins, src/db and the root files). Code imports only its owner's schema files; what it
 * needs of another owner's data it asks that module's index for (a query function, not a table).
 * The barrel src/db/schema.ts is for drizzle-kit and the client (db/client.ts) alone.
 * The lint rule `walls/schema-owner` below (registered in eslint.config.js) enforces it.
 */
export const SCHEMA_OWNERS = {
  addresses: 'addresses',
  'audit-log': 'platform', // written by the audit plugin, read by admin's log page: db/audit-log.ts
  billing: 'billing',
  customers: 'customers',
  einvoice: 'einvoice',
  events: 'platform', // the outbox: written and read through db/outbox.ts
  geo: 'geo',
  'invoice-totals': 'invoicing',
  invoicing: 'invoicing',
  ledger: 'ledger',
  'ledger-totals': 'ledger',
  mail: 'mail',
  packaging: 'packaging',
  payments: 'payments',
  'pickup-points': 'pickup-points',
  prepay: 'prepay',
  referrals: 'referrals',
  'repayment-payouts': 'repayments',
  'repayment-totals': 'repayments',
  repayments: 'repayments',
  settings: 'settings',
  shipments: 'shipments',
  store: 'store',
  'store-activations': 'store',
  'store-bulk': 'store',
  'store-copy': 'store',
  templates: 'templates',
  users: 'auth',
  'courier-sim': 'integrations/couriers',
  'efactura-sim': 'integrations/e-invoicing',
  'shopify-sim': 'integrations/store',
};

/**
 * Open to every owner: column builders (no tables), and app_meta/rate_windows, the platform's
 * key/value markers and rate counters, where each writer keeps to its own keys and scopes.
 */
export const SHARED_SCHEMA = ['columns', 'meta'];

/**
 * The seeds write demo data the way a fresh database would hold it, across modules. Each seed may
 * import only the schema files listed for it here (what it inserts rows into); anything else it
 * does through the module indexes. Adding a table to a seed is a visible change of this list.
 */
export const SEED_TABLES = {
  'seed.ts': ['addresses', 'billing', 'pickup-points', 'prepay', 'users'],
  'seed-customers.ts': ['users'],
  'seed-einvoice.ts': ['billing', 'einvoice', 'users'],
  'seed-einvoice-client.ts': ['billing', 'einvoice', 'users'],
  'seed-einvoice-platform.ts': ['billing', 'einvoice', 'invoicing', 'shipments', 'users'],
  'seed-postpaid.ts': ['addresses', 'courier-sim', 'invoicing', 'shipments', 'users'],
  'seed-referrals.ts': ['referrals', 'shipments', 'users'],
  // The demo seed's months of history and the money tests' fixtures: a delivered shipment and its repayment written straight in.
  'seed-repayment-rows.ts': ['repayments', 'shipments'],
  'seed-repayments.ts': ['repayment-payouts', 'users'],
  'seed-shipments.ts': ['addresses', 'courier-sim', 'shipments', 'users'],
  'seed-store-shipment.ts': ['addresses', 'shipments', 'store', 'users'],
  'seed-templates.ts': ['addresses', 'packaging', 'users'],
};

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/** Who a file under src/ belongs to: a module, an integration, a seed, or the platform. */
function ownerOf(rel) {
  const [top, name] = rel.split('/');
  if (top === 'modules') return name;
  if (top === 'integrations') return `integrations/${name}`;
  if (top === 'db' && /^seed[\w-]*\.ts$/.test(name ?? '')) return 'seed';
  return 'platform';
}

const schemaOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: "A file imports only its owner's schema files (src/db/schema/*), never the barrel" },
    schema: [],
    messages: {
      barrel:
        "Import the schema file you own (db/schema/<area>.js), not the barrel db/schema.js: it is for drizzle-kit and db/client.ts.",
      unowned: "db/schema/{{file}}.ts has no owner: add it to SCHEMA_OWNERS in apps/server/schema-walls.js.",
      foreign:
        "db/schema/{{file}}.ts belongs to {{owner}}, not to {{importer}}: ask the {{owner}} module's index for the data (a query function), do not import its tables.",
      seed: "{{seed}} may write only the schema files listed for it in SEED_TABLES (apps/server/schema-walls.js); db/schema/{{file}}.ts is not one: go through the owning module's index.",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) return {};
    const importer = ownerOf(rel);
    const fromSchema = rel.startsWith('db/schema/') || rel === 'db/schema.ts';

    function check(node, source) {
      // A type-only import (a row's shape) reads no table.
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(SRC, path.resolve(path.dirname(file), source))
        .split(path.sep)
        .join('/')
        .replace(/\.(js|ts)$/, '');
      if (target === 'db/schema') {
        if (rel !== 'db/client.ts') context.report({ node, messageId: 'barrel' });
        return;
      }
      const m = /^db\/schema\/([\w-]+)$/.exec(target);
      if (!m || fromSchema) return; // schema files reference each other's keys freely
      const schemaFile = m[1];
      if (SHARED_SCHEMA.includes(schemaFile)) return;
      const owner = SCHEMA_OWNERS[schemaFile];
      if (!owner) return context.report({ node, messageId: 'unowned', data: { file: schemaFile } });
      if (importer === 'seed') {
        const seed = rel.slice('db/'.length);
        if (!(SEED_TABLES[seed] ?? []).includes(schemaFile)) context.report({ node, messageId: 'seed', data: { seed, file: schemaFile } });
        return;
      }
      if (owner === importer) return;
      context.report({ node, messageId: 'foreign', data: { file: schemaFile, owner, importer } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const schemaWalls = { rules: { 'schema-owner': schemaOwnerRule } };
