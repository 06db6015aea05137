import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWallTestFile } from './support/wall-test-files.js';

/**
 * What the reshaping (issue 12) promised about the source, kept true by a test: one owner for
 * the platform's time zone on each side, the acting client added by the web's data layer only,
 * and no oversized file without the reason written at its top.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const serverSrc = path.join(repo, 'apps/server/src');
const webSrc = path.join(repo, 'apps/web/src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (isWallTestFile(e.name)) return [];
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every line of the given files matching the pattern, as 'file:line'. */
function matches(files: string[], pattern: RegExp) {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${path.relative(repo, file)}:${i + 1}`] : [])),
  );
}

describe('the source keeps its owners', () => {
  it("names 'Europe/Bucharest' only in the date helpers (server lib/dates.ts, web lib/format.ts)", () => {
    const allowed = new Set([path.join(serverSrc, 'lib/dates.ts'), path.join(webSrc, 'lib/format.ts')]);
    const files = [...sources(serverSrc), ...sources(webSrc)].filter((f) => !allowed.has(f));
    expect(matches(files, /Europe\/Bucharest/)).toEqual([]);
  });

  it('builds no selectedClient parameter in web features: the api client adds the acting client', () => {
    expect(matches(sources(path.join(webSrc, 'features')), /selectedClient/)).toEqual([]);
  });

  it('has no file over 350 lines in apps/server/src or apps/web/src without the reason at its top', () => {
    const LIMIT = 350;
    const oversized = [...sources(serverSrc), ...sources(webSrc)].flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      // The reason is a comment in the first lines: "Longer than 350 lines: ...".
      const explained = /Longer than 350 lines:/.test(text.split('\n').slice(0, 15).join('\n'));
      return lines > LIMIT && !explained ? [`${path.relative(repo, file)} (${lines} lines)`] : [];
    });
    expect(oversized).toEqual([]);
  });
});
