import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEInvoice, compiledRules } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { efacturaSamples, sampleInvoice } from './support/efactura.js';

/*
 * The official e-Factura rules run offline (issue 25; e-Invoicing 2 checks every document with
 * them before upload): the UBL schema, then EN 16931 with CIUS-RO 1.0.9. The published samples
 * give the published verdicts.
 */

const sample = (n: number) => readFileSync(path.join(efacturaSamples(), `ubl_b2g_example${n}.xml`), 'utf8');

describe('the CIUS-RO rules', () => {
  it('give the official samples their published verdicts: 1-4 and 7-10 clean, 0 and 5 a warning (UBL-CR-681), 6 refused by BR-S-08', { timeout: 180_000 }, async () => {
    const verdicts: Record<number, { valid: boolean; fatal: string[]; warnings: string[] }> = {};
    for (let n = 0; n <= 10; n++) {
      const r = await checkEInvoice(sample(n));
      expect(r.schemaErrors, `sample ${n}`).toEqual([]);
      verdicts[n] = { valid: r.valid, fatal: r.fatal.map((f) => f.id), warnings: r.warnings.map((f) => f.id) };
    }
    for (const n of [1, 2, 3, 4, 7, 8, 9, 10]) expect(verdicts[n], `sample ${n}`).toEqual({ valid: true, fatal: [], warnings: [] });
    for (const n of [0, 5]) expect(verdicts[n], `sample ${n}`).toEqual({ valid: true, fatal: [], warnings: ['UBL-CR-681'] });
    expect(verdicts[6]).toEqual({ valid: false, fatal: ['BR-S-08'], warnings: ['UBL-CR-681'] });
    const [refused] = (await checkEInvoice(sample(6))).fatal;
    expect(refused!.text.length).toBeGreaterThan(20);
    expect(refused!.location).toContain('Invoice');
  });

  it('refuses what the schema refuses before any rule: an unknown element, a missing issue date, a document that is not UBL', async () => {
    const stray = sample(1).replace('</cbc:IssueDate>', '</cbc:IssueDate><cbc:Colet>1</cbc:Colet>');
    const report = await checkEInvoice(stray);
    expect(report.valid).toBe(false);
    expect(report.schemaErrors.join(' ')).toContain('Colet');
    expect(report.fatal).toEqual([]);
    const undated = sample(1).replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '');
    expect((await checkEInvoice(undated)).valid).toBe(false);
    expect((await checkEInvoice('<Factura/>')).valid).toBe(false);
  });

  it('finds a total that does not add up (a change of one ban)', async () => {
    const xml = sampleInvoice('TEST-1', '4221306', '14399840');
    expect((await checkEInvoice(xml)).fatal).toEqual([]);
    // The document's sum of the lines (BT-106, 1436.50 lei) one ban more.
    const spoiled = xml.replace('<cbc:LineExtensionAmount currencyID="RON">1436.5</cbc:LineExtensionAmount><!--BT-106-->', '<cbc:LineExtensionAmount currencyID="RON">1436.51</cbc:LineExtensionAmount><!--BT-106-->');
    expect(spoiled).not.toBe(xml);
    expect((await checkEInvoice(spoiled)).fatal.map((f) => f.id)).toContain('BR-CO-10');
  });

  it('compiles the rules once into its cache, reused afterwards; a process finding another compiling waits for its file', { timeout: 180_000 }, async () => {
    const first = await compiledRules();
    expect(await compiledRules()).toBe(first);
    expect(path.basename(first)).toMatch(/^cius-ro-[0-9a-f]{16}-xslt3-[\d.]+\.sef\.json$/);
    // Another cache where a process holds the lock: this one waits, then takes the file that process wrote (no second compile).
    const dir = path.join(os.tmpdir(), `cius-ro-${process.pid}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    const target = path.join(dir, path.basename(first));
    writeFileSync(`${target}.lock`, '1');
    const waiting = compiledRules(dir);
    await new Promise((r) => setTimeout(r, 600));
    copyFileSync(first, target);
    rmSync(`${target}.lock`);
    expect(await waiting).toBe(target);
    rmSync(dir, { recursive: true, force: true });
  });
});
