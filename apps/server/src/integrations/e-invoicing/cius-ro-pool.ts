import os from 'node:os';
import { Worker } from 'node:worker_threads';

/*
 * The CIUS-RO Schematron run in worker threads (issue 26's bench). One transform costs 90 to 200 ms
 * of CPU (saxon-js prepares the 8 MB compiled rules again for every document, and its API cannot keep
 * that), which on the main thread held every other request of the server, the sender's checks
 * included. Each worker loads saxon-js and the rules once; a document goes to the least busy one.
 * Workers start with the first check, do not keep the process alive while idle, and one that stops
 * fails its pending checks and is replaced at the next.
 */

const SIZE = Math.max(1, Math.min(2, os.availableParallelism()));

type Job = { resolve: (svrl: string) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; jobs: Map<number, Job>; ready: boolean; loaded: Promise<void> };
type Answer = { ready?: true; id: number; svrl?: string; error?: string };

const slots: Slot[] = [];
let nextId = 0;

function start(sefPath: string): Slot {
  const worker = new Worker(new URL('./cius-ro-worker.mjs', import.meta.url), { workerData: { sefPath } });
  let loaded = () => {};
  const slot: Slot = { worker, jobs: new Map(), ready: false, loaded: new Promise<void>((resolve) => (loaded = resolve)) };
  // Loading the rules keeps the process alive, as a check does; an idle worker does not.
  worker.on('message', (answer: Answer) => {
    if (answer.ready) {
      slot.ready = true;
      if (slot.jobs.size === 0) worker.unref();
      loaded();
      return;
    }
    const job = slot.jobs.get(answer.id);
    if (!job) return;
    slot.jobs.delete(answer.id);
    if (slot.jobs.size === 0 && slot.ready) worker.unref();
    if (answer.error !== undefined) job.reject(new Error(`the CIUS-RO rules failed: ${answer.error}`));
    else job.resolve(answer.svrl ?? '');
  });
  const stopped = (err: Error) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    for (const job of slot.jobs.values()) job.reject(err);
    slot.jobs.clear();
    loaded();
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => stopped(new Error(`the CIUS-RO rules' worker stopped (${code})`)));
  return slot;
}

function started(sefPath: string) {
  while (slots.length < SIZE) slots.push(start(sefPath));
  return slots;
}

/** Every worker started and its rules loaded (or the worker stopped): nothing left to load before the first checks. */
export async function rulesWorkersLoaded(sefPath: string) {
  await Promise.all(started(sefPath).map((s) => s.loaded));
}

/** The SVRL report of the compiled rules at `sefPath` on `xml`, from a worker. */
export function runRules(sefPath: string, xml: string): Promise<string> {
  started(sefPath);
  // A worker still loading the rules (a second or more) is given work only when no other is ready.
  const ready = slots.filter((s) => s.ready);
  const slot = (ready.length > 0 ? ready : slots).reduce((least, s) => (s.jobs.size < least.jobs.size ? s : least));
  const id = ++nextId;
  return new Promise<string>((resolve, reject) => {
    slot.jobs.set(id, { resolve, reject });
    slot.worker.ref();
    slot.worker.postMessage({ id, xml });
  });
}

/** Stops every worker (their pending checks fail); the next check starts new ones. */
export async function stopRulesWorkers() {
  await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
}
