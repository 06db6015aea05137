// The CIUS-RO Schematron in a worker thread (cius-ro-pool.ts): saxon-js and the compiled rules (the SEF
// whose path comes in workerData) loaded once; each message is one document, answered with its SVRL
// report or the error's text. Plain JavaScript, so the same file runs under tsx, vitest and the build.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const saxon = require('saxon-js');
const sef = JSON.parse(fs.readFileSync(workerData.sefPath, 'utf8'));
parentPort.postMessage({ ready: true });

parentPort.on('message', async ({ id, xml }) => {
  try {
    const result = await saxon.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'async');
    parentPort.postMessage({ id, svrl: result.principalResult });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
