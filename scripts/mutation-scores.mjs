// The score per money file from a Stryker JSON report, printed and written to docs/mutation-scores.md
// (one row per file of scripts/mutation-targets.mjs; a file never run says so). Run alone
// (`node scripts/mutation-scores.mjs [report.json]`) it re-reads a report; scripts/mutate.mjs calls it.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { MUTATION_TARGETS } from './mutation-targets.mjs';

const DOC = 'docs/mutation-scores.md';
const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];

/** Counts of one file's mutants by status, and the score: detected / (detected + undetected). */
export function fileScore(mutants) {
  const count = (statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count(DETECTED);
  const undetected = count(UNDETECTED);
  const total = detected + undetected;
  return {
    killed: count(['Killed']),
    timeout: count(['Timeout']),
    survived: count(['Survived']),
    noCoverage: count(['NoCoverage']),
    score: total === 0 ? null : (100 * detected) / total,
  };
}

const git = (cmd) => {
  try {
    return execSync(`git ${cmd}`, { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

/** The doc's rows by file, as written by an earlier run. */
function readRows() {
  const rows = new Map();
  if (!existsSync(DOC)) return rows;
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length === 8 && cells[0]?.startsWith('`')) rows.set(cells[0].replace(/`/g, ''), cells);
  }
  return rows;
}

/** What the doc says below its table (notes on the measured files), kept as it is. */
function notesBelowTable() {
  if (!existsSync(DOC)) return '';
  const lines = readFileSync(DOC, 'utf8').split('\n');
  const last = lines.findLastIndex((l) => l.startsWith('|'));
  return last < 0 ? '' : lines.slice(last + 1).join('\n').replace(/^\n+/, '');
}

export function recordScores(report) {
  const rows = readRows();
  const notes = notesBelowTable();
  const today = new Date().toISOString().slice(0, 10);
  // A worktree's node_modules link (untracked) is no uncommitted test.
  const dirty = git("status --porcelain -- apps/server ':!apps/server/node_modules'") ? ' + uncommitted tests' : '';
  const commit = `${git('rev-parse --short HEAD')}${dirty}`;
  for (const [path, file] of Object.entries(report.files)) {
    const rel = path.replace(/^.*?(apps\/server\/)/, '$1');
    const s = fileScore(file.mutants);
    const score = s.score === null ? 'no mutants' : `${s.score.toFixed(1)}%`;
    console.log(`${rel}: ${score} (killed ${s.killed}, timeout ${s.timeout}, survived ${s.survived}, no coverage ${s.noCoverage})`);
    rows.set(rel, [`\`${rel}\``, score, `${s.killed}`, `${s.timeout}`, `${s.survived}`, `${s.noCoverage}`, today, commit]);
  }
  const table = MUTATION_TARGETS.map((t) => rows.get(t.file) ?? [`\`${t.file}\``, 'not run', '', '', '', '', '', '']);
  const lines = [
    '# Mutation scores of the money files',
    '',
    'Written by `npm run mutate` (scripts/mutate.mjs, StrykerJS with its Vitest runner, each file with',
    'only its API tests, listed in scripts/mutation-targets.mjs). Score = mutants killed or timed out /',
    '(those + survived + no coverage). The aim is 80% in each file. "not run" means the file has not',
    'been measured yet. The commit is the one the run started from.',
    '',
    '| file | score | killed | timeout | survived | no coverage | date | commit |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...table.map((c) => `| ${c.join(' | ')} |`),
    '',
    ...(notes ? [notes.replace(/\n*$/, '\n')] : []),
  ];
  writeFileSync(DOC, lines.join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  recordScores(JSON.parse(readFileSync(process.argv[2] ?? 'reports/mutation/mutation.json', 'utf8')));
}
