import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { repoDataFolder } from '../../lib/ro-data.js';
import { ublSchemaErrors } from './ubl-schema.js';

/*
 * The official e-Factura rules, offline (issue 25, and e-Invoicing 2's check before every upload):
 * the UBL 2.1 schema (libxml2 compiled to WebAssembly, ubl-schema.ts) and the Schematron of EN 16931
 * with CIUS-RO 1.0.9 (data/efactura/, compiled to XSLT by its publisher), run with saxon-js. The
 * XSLT is compiled once more for saxon-js (a SEF, about 8 MB, 15 to 30 s) at its first use, into a
 * cache folder (node_modules/.cache), keyed by the rules' and the compiler's versions: one process
 * compiles while the others wait for its file, and every later start reads it.
 */

const require = createRequire(import.meta.url);

/** A rule the document breaks: its id (BR-CO-10, BR-RO-030...), 'fatal' (refused by e-Factura) or 'warning', its text and where. */
export type RuleFinding = { id: string; flag: 'fatal' | 'warning'; text: string; location: string };
export type RulesReport = { valid: boolean; schemaErrors: string[]; fatal: RuleFinding[]; warnings: RuleFinding[] };

const XSLT = 'EN16931-CIUS_RO-UBL-validation.xslt';
/** data/efactura/ (the rules and schemas). */
export const efacturaDataFolder = () => repoDataFolder('efactura', XSLT);

/** The SEF's name: the rules' digest and the compiler's version, so new rules or a new saxon-js never reuse an old one. */
function sefName(folder: string) {
  const digest = createHash('sha256').update(fs.readFileSync(path.join(folder, XSLT))).digest('hex').slice(0, 16);
  const version = (require('xslt3/package.json') as { version: string }).version;
  return `cius-ro-${digest}-xslt3-${version}.sef.json`;
}

function compile(xslt: string, out: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${xslt}`, `-export:${out}`, '-nogo', '-relocate:on'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the CIUS-RO rules did not compile (${code}): ${stderr.slice(0, 500)}`))));
  });
}

/**
 * The compiled rules' file in `cacheDir`, compiled now when missing by one process (a lock file taken exclusively; a lock older than five minutes is a dead
 * process's and is taken over), the others waiting for the file.
 */
export async function compiledRules(cacheDir = defaultCacheDir()): Promise<string> {
  const folder = efacturaDataFolder();
  const name = sefName(folder);
  const target = path.join(cacheDir, name);
  fs.mkdirSync(cacheDir, { recursive: true });
  const lock = `${target}.lock`;
  for (let waited = 0; ; waited += 250) {
    if (fs.existsSync(target)) return target;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) fs.rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (fs.existsSync(target)) return target;
      const partial = `${target}.${process.pid}.tmp`;
      await compile(path.join(folder, XSLT), partial);
      fs.renameSync(partial, target);
      return target;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

function defaultCacheDir() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'node_modules'))) return path.join(dir, 'node_modules', '.cache', 'colete-efactura');
    dir = path.dirname(dir);
  }
  return path.join(process.cwd(), '.cache', 'colete-efactura');
}

type SaxonJs = { transform(options: Record<string, unknown>, mode: 'async'): Promise<{ principalResult: string }> };
let loaded: Promise<{ saxon: SaxonJs; sef: unknown }> | null = null;
/** saxon-js and the compiled rules, loaded once per process. */
function rules() {
  loaded ??= (async () => {
    const saxon = require('saxon-js') as SaxonJs;
    const sef: unknown = JSON.parse(fs.readFileSync(await compiledRules(), 'utf8'));
    return { saxon, sef };
  })().catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

/** The failed asserts of an SVRL report. */
function findingsOf(svrl: string): RuleFinding[] {
  const found: RuleFinding[] = [];
  const parser = new SaxesParser({ xmlns: true });
  let current: RuleFinding | null = null;
  let inText = false;
  parser.on('opentag', (tag) => {
    if (tag.local === 'failed-assert') {
      const attr = (n: string) => String(tag.attributes[n]?.value ?? '');
      current = { id: attr('id'), flag: attr('flag') === 'warning' ? 'warning' : 'fatal', text: '', location: attr('location') };
    } else if (tag.local === 'text' && current) inText = true;
  });
  parser.on('text', (t) => {
    if (inText && current) current.text += t;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'text') inText = false;
    if (tag.local === 'failed-assert' && current) {
      found.push({ ...current, text: current.text.replace(/\s+/g, ' ').trim() });
      current = null;
    }
  });
  parser.write(svrl).close();
  return found;
}

/**
 * Checks an e-invoice (UBL Invoice or CreditNote) as e-Factura would: the schema first, then the
 * CIUS-RO rules. `valid` is false when the schema refuses it or a fatal rule fails; warnings do not
 * refuse it.
 */
export async function checkEInvoice(xml: string): Promise<RulesReport> {
  const schemaErrors = ublSchemaErrors(xml, path.join(efacturaDataFolder(), 'xsd'));
  if (schemaErrors.length > 0) return { valid: false, schemaErrors, fatal: [], warnings: [] };
  const { saxon, sef } = await rules();
  const result = await saxon.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'async');
  const findings = findingsOf(result.principalResult);
  const fatal = findings.filter((f) => f.flag === 'fatal');
  return { valid: fatal.length === 0, schemaErrors, fatal, warnings: findings.filter((f) => f.flag === 'warning') };
}
