import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module walls of eslint.config.js fail on a violation: fake files placed in the server's
 * tree are linted with the project's own configuration, as `eslint .` in `npm test` would.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = path.join(root, 'apps/server/src');
const WALL_RULES = new Set(['boundaries/entry-point', 'boundaries/element-types', 'import-x/no-cycle', 'walls/schema-owner']);

let eslint: ESLint;

async function wallErrors(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  return result!.messages.filter((m) => m.ruleId && WALL_RULES.has(m.ruleId)).map((m) => m.ruleId);
}

// A cycle needs real files on both ends: two throwaway modules that import each other.
const cycleA = path.join(src, 'modules/__wall_test_a__');
const cycleB = path.join(src, 'modules/__wall_test_b__');

const removeCycle = () => {
  fs.rmSync(cycleA, { recursive: true, force: true });
  fs.rmSync(cycleB, { recursive: true, force: true });
};

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
  removeCycle(); // left over by a run that was killed
  fs.mkdirSync(cycleA, { recursive: true });
  fs.mkdirSync(cycleB, { recursive: true });
  fs.writeFileSync(path.join(cycleA, 'index.ts'), "import { b } from '../__wall_test_b__/index.js';\nexport const a = () => b();\n");
  fs.writeFileSync(path.join(cycleB, 'index.ts'), "import { a } from '../__wall_test_a__/index.js';\nexport const b = () => a();\n");
});

afterAll(removeCycle);

describe('server module walls (eslint.config.js)', () => {
  it("refuses a module importing another module's queries", async () => {
    const code = "import { insertShipment } from '../shipments/shipments-queries.js';\nexport const use = insertShipment;\n";
    expect(await wallErrors(code, 'modules/templates/__wall_test__.ts')).toEqual(['boundaries/entry-point']);
  });

  it("refuses a module importing another module's service file", async () => {
    const code = "import { geoService } from '../geo/geo-service.js';\nexport const use = geoService;\n";
    expect(await wallErrors(code, 'modules/addresses/__wall_test__.ts')).toEqual(['boundaries/entry-point']);
  });

  it("lets a module import another module's index", async () => {
    const code = "import { geoService } from '../geo/index.js';\nexport const use = geoService;\n";
    expect(await wallErrors(code, 'modules/addresses/__wall_test__.ts')).toEqual([]);
  });

  it('lets a module import its own files', async () => {
    const code = "import { findAddress } from './addresses-queries.js';\nexport const use = findAddress;\n";
    expect(await wallErrors(code, 'modules/addresses/__wall_test__.ts')).toEqual([]);
  });

  it('refuses an integration importing a module, even through its index', async () => {
    const code = "import { geoService } from '../../modules/geo/index.js';\nexport const use = geoService;\n";
    expect(await wallErrors(code, 'integrations/couriers/__wall_test__.ts')).toEqual(['boundaries/element-types']);
  });

  it('refuses lib/ importing an integration or a job', async () => {
    const code =
      "import { renderLabelPdf } from '../integrations/couriers/label-pdf.js';\nimport { startOfMonthInBucharest } from '../jobs/monthly-invoices.js';\nexport const use = [renderLabelPdf, startOfMonthInBucharest];\n";
    expect(await wallErrors(code, 'lib/__wall_test__.ts')).toEqual(['boundaries/element-types', 'boundaries/element-types']);
  });

  it("refuses a module importing another module's schema file", async () => {
    const code = "import { billingEntities } from '../../db/schema/billing.js';\nexport const use = billingEntities;\n";
    expect(await wallErrors(code, 'modules/templates/__wall_test__.ts')).toEqual(['walls/schema-owner']);
  });

  it('refuses a module importing the schema barrel, even for its own tables', async () => {
    const code = "import { orderTemplates } from '../../db/schema.js';\nexport const use = orderTemplates;\n";
    expect(await wallErrors(code, 'modules/templates/__wall_test__.ts')).toEqual(['walls/schema-owner']);
  });

  it('lets a module import its own schema files, the column helpers and the shared app_meta', async () => {
    const code =
      "import { orderTemplates } from '../../db/schema/templates.js';\nimport { bytea } from '../../db/schema/columns.js';\nimport { appMeta } from '../../db/schema/meta.js';\nexport const use = [orderTemplates, bytea, appMeta];\n";
    expect(await wallErrors(code, 'modules/templates/__wall_test__.ts')).toEqual([]);
  });

  it('lets a module own schema files under other names (repayments: repayment-payouts.ts)', async () => {
    const code = "import { payoutRuns } from '../../db/schema/repayment-payouts.js';\nexport const use = payoutRuns;\n";
    expect(await wallErrors(code, 'modules/repayments/__wall_test__.ts')).toEqual([]);
  });

  it('has no exceptions left: the files that once joined other modules\' tables are refused them too', async () => {
    // The balance statement once joined invoicing's tables in place; it now asks invoicing's index.
    const code = "import { invoices } from '../../db/schema/invoicing.js';\nexport const use = invoices;\n";
    expect(await wallErrors(code, 'modules/balance/balance-queries.ts')).toEqual(['walls/schema-owner']);
    const plugin = "import { users } from '../db/schema/users.js';\nexport const use = users;\n";
    expect(await wallErrors(plugin, 'plugins/audit.ts')).toEqual(['walls/schema-owner']);
  });

  it("refuses an integration importing a module's tables, and a seed a table not listed for it", async () => {
    const table = "import { users } from '../../db/schema/users.js';\nexport const use = users;\n";
    expect(await wallErrors(table, 'integrations/store/__wall_test__.ts')).toEqual(['walls/schema-owner']);
    const seed = "import { storeBulkRuns } from './schema/store-bulk.js';\nexport const use = storeBulkRuns;\n";
    expect(await wallErrors(seed, 'db/seed-templates.ts')).toEqual(['walls/schema-owner']);
  });

  it('refuses an import cycle between two modules', async () => {
    const file = path.join(cycleA, 'index.ts');
    const [result] = await eslint.lintFiles([file]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
