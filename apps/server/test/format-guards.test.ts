import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWallTestFile } from './support/wall-test-files.js';

/**
 * One format for money and dates (issue 16 item 14), kept true by a test: '1.199,93 lei' and
 * dd.mm.yyyy are written by packages/contract/src/format.ts only, with the time zone's owners
 * (server lib/dates.ts, web lib/format.ts) giving it the Bucharest day. A second formatter
 * (Intl, toLocaleString, toFixed(2) or an amount glued to 'lei'/'RON') fails here.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src'].map((d) => path.join(repo, d));
const OWNERS = new Set(['packages/contract/src/format.ts', 'apps/server/src/lib/dates.ts', 'apps/web/src/lib/format.ts'].map((f) => path.join(repo, f)));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (isWallTestFile(e.name)) return [];
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = roots.flatMap(sources).filter((f) => !OWNERS.has(f));

/** Every code line (comments left out) of the non-owner files matching the pattern, as 'file:line: text'. */
function offenders(pattern: RegExp) {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (!/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line) ? [`${path.relative(repo, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('money and dates have one formatter', () => {
  it('builds no Intl number or date formatter outside the format modules', () => {
    expect(offenders(/Intl\.(NumberFormat|DateTimeFormat)|toLocale(Date|Time)?String\(/)).toEqual([]);
  });

  it("glues no amount to 'lei' or 'RON' outside the format modules ('${x} lei', '{x} RON')", () => {
    expect(offenders(/\}\s*(lei|RON)\b/)).toEqual([]);
  });

  it("writes no toFixed(2) or baniToRon amount on a line that prints 'lei' or 'RON'", () => {
    const prints = /['"`>]\s*(lei|RON)\b|\b(lei|RON)\s*['"`<]/;
    // A protocol's decimal amount beside its ISO currency code (Shopify's MoneyV2: amount '12.34',
    // currencyCode 'RON') is wire data, not text for people.
    const wire = /currencyCode:\s*'RON'/;
    expect(offenders(/toFixed\(2\)|baniToRon\(/).filter((l) => prints.test(l.slice(l.indexOf(': ') + 2).replace(wire, '')))).toEqual([]);
  });

  it('turns no ISO day into dd.mm.yyyy by hand (slice and join) outside the format modules', () => {
    expect(offenders(/slice\(8, ?10\)|split\('-'\)\.reverse\(\)/)).toEqual([]);
  });
});
