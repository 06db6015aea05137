import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rateWindows } from '../db/schema/meta.js';
import { tooManyRequests } from './errors.js';

/**
 * A limit of calls per key (a client, an address) counted in the database (table rate_windows), so
 * that every server instance counts the same calls: nothing a request needs lives in one process's
 * memory (issue 28).
 * Fixed windows of `windowMs`, with the previous window weighed in by how much of it still falls
 * within the last `windowMs` (a sliding estimate). A call is counted only when it is let through;
 * the check and the count are one statement, so parallel calls on several instances never pass
 * more than `max` together. Answers 429 with the given message past the limit.
 */
export function sharedWindowLimiter(db: Executor, scope: string, max: number, windowMs: number, message?: string, now = () => Date.now()) {
  return async (key: string | number) => {
    if (!(await windowSlot(db, scope, key, max, windowMs, now()))) throw tooManyRequests(message);
  };
}

/**
 * Takes one call of `key` within `scope`'s limit (the sliding estimate above): true when it was
 * counted, false when the limit is reached (nothing counted). Shared by every instance.
 */
export async function windowSlot(db: Executor, scope: string, key: string | number, max: number, windowMs: number, t: number): Promise<boolean> {
  const w = rateWindows;
  const start = Math.floor(t / windowMs) * windowMs;
  const weight = 1 - (t - start) / windowMs;
  const previous = sql`coalesce((select ${w.hits} from ${w} where ${w.scope} = ${scope} and ${w.key} = ${String(key)} and ${w.windowStart} = ${new Date(start - windowMs).toISOString()}::timestamptz), 0) * ${weight}::float8`;
  const counted = (await db.execute(sql`
    insert into ${w} (scope, key, window_start, hits)
    select ${scope}, ${String(key)}, ${new Date(start).toISOString()}::timestamptz, 1 where 1 + ${previous} <= ${max}
    on conflict (scope, key, window_start) do update set hits = ${w.hits} + 1 where ${w.hits} + 1 + ${previous} <= ${max}
    returning ${w.hits} as hits`)) as unknown as { rows: unknown[] };
  return counted.rows.length > 0;
}

/** The scope of the windows that last a day (e-Factura's daily quotas): kept two days, not an hour, by the cleanup. */
export const DAILY_WINDOWS_SCOPE = 'efactura-daily';
