import type { Executor } from '../../db/client.js';
import { DAILY_WINDOWS_SCOPE, windowSlot } from '../../lib/rate-limit.js';

/*
 * Our side of e-Factura's limits (issue 25; ../shared/docs/integrations.md): every call takes a
 * slot of each quota it counts against before it leaves, at half of ANAF's limit, counted in the
 * database so every instance shares the count. Repeated overruns can get the application blocked,
 * so a quota used up is never tried: the per-minute one waits for room, a daily one fails the call
 * as a limit (the job asks again on a later run).
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Half of each of ANAF's limits. */
export const EFACTURA_QUOTAS = {
  /** All calls: 1,000 a minute. */
  callsPerMinute: 500,
  /** descarcare: 10 a day per message. */
  downloadsPerMessageDay: 5,
  /** stareMesaj: 100 a day per upload. */
  statesPerUploadDay: 50,
  /** listaMesajeFactura: 1,500 a day per CUI. */
  listsPerCifDay: 750,
  /** listaMesajePaginatieFactura: 100,000 a day per CUI. */
  pagedListsPerCifDay: 50_000,
  /** upload of a buyer's message (RASP): 1,000 a day per CUI. */
  raspPerCifDay: 500,
} as const;

export type CallQuota = { key: string; limit: number; windowMs: number };

/** The quotas a call counts against, by its path and parameters; the per-minute one last. */
export function quotasOf(path: string, query: Record<string, string>): CallQuota[] {
  const q = EFACTURA_QUOTAS;
  const daily: CallQuota[] = [];
  if (path === 'descarcare') daily.push({ key: `descarcare:${query.id}`, limit: q.downloadsPerMessageDay, windowMs: DAY });
  else if (path === 'stareMesaj') daily.push({ key: `stareMesaj:${query.id_incarcare}`, limit: q.statesPerUploadDay, windowMs: DAY });
  else if (path === 'listaMesajeFactura') daily.push({ key: `lista:${query.cif}`, limit: q.listsPerCifDay, windowMs: DAY });
  else if (path === 'listaMesajePaginatieFactura') daily.push({ key: `listaPaginatie:${query.cif}`, limit: q.pagedListsPerCifDay, windowMs: DAY });
  else if ((path === 'upload' || path === 'uploadb2c') && query.standard === 'RASP') daily.push({ key: `rasp:${query.cif}`, limit: q.raspPerCifDay, windowMs: DAY });
  return [...daily, { key: 'all', limit: q.callsPerMinute, windowMs: MINUTE }];
}

export type EFacturaLimiter = {
  /** Takes a slot of each quota: false when a daily one is used up (the per-minute one waits for room). */
  take(quotas: CallQuota[]): Promise<boolean>;
};

/**
 * The shared count (lib/rate-limit.ts's windows, in the database: every instance counts the same
 * calls, and two never take the last slot). The minute's quota frees as its window slides: a call
 * finding it full waits a few seconds and tries again, up to a minute.
 */
export function dbLimiter(db: Executor, opts: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {}): EFacturaLimiter {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const slot = (q: CallQuota) => windowSlot(db, q.windowMs > MINUTE ? DAILY_WINDOWS_SCOPE : 'efactura-minute', q.key, q.limit, q.windowMs, now());
  return {
    async take(quotas) {
      for (const q of quotas) {
        for (let tries = 0; !(await slot(q)); tries += 1) {
          if (q.windowMs > MINUTE || tries >= 12) return false;
          await sleep(q.windowMs / 12);
        }
      }
      return true;
    },
  };
}
