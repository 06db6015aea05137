import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storeMoveClaims } from '../../db/schema/store.js';

/** A claim older than this is a crashed mover's: another may take it over. */
export const MOVE_CLAIM_STALE_MS = 60_000;
/** How long a second mover waits for the first before giving up (the shop's calls time out well before). */
export const MOVE_CLAIM_WAIT_MS = 30_000;
const POLL_MS = 50;

export class MoveClaimBusy extends Error {}

/**
 * Runs the work of one key once at a time across every server process: the work starts after this
 * process inserted the key's claim row (a unique key: PostgreSQL and PGlite alike), and the row is
 * deleted when it ends. A claim is not a transaction held across the shop's calls (on PGlite one open
 * transaction would stop every other query, the in-process simulator's included). Calls of the same
 * key in this process are chained first, so only calls from other processes poll.
 */
export function moveClaims(db: Db, opts: { staleMs?: number; waitMs?: number } = {}) {
  const staleMs = opts.staleMs ?? MOVE_CLAIM_STALE_MS;
  const waitMs = opts.waitMs ?? MOVE_CLAIM_WAIT_MS;
  const running = new Map<string, Promise<unknown>>();

  async function claim(key: string, owner: string) {
    const until = Date.now() + waitMs;
    for (;;) {
      const [row] = await db
        .insert(storeMoveClaims)
        .values({ key, owner, claimedAt: sql`now()` })
        .onConflictDoUpdate({ target: storeMoveClaims.key, set: { owner, claimedAt: sql`now()` }, setWhere: lt(storeMoveClaims.claimedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`) })
        .returning({ owner: storeMoveClaims.owner });
      if (row?.owner === owner) return;
      if (Date.now() >= until) throw new MoveClaimBusy(`move of ${key} still claimed by another process`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function claimed<T>(key: string, work: () => Promise<T>): Promise<T> {
    const owner = randomUUID();
    await claim(key, owner);
    try {
      return await work();
    } finally {
      await db.delete(storeMoveClaims).where(and(eq(storeMoveClaims.key, key), eq(storeMoveClaims.owner, owner)));
    }
  }

  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (running.get(key) ?? Promise.resolve()).catch(() => undefined).then(() => claimed(key, work));
    running.set(key, next);
    try {
      return await next;
    } finally {
      if (running.get(key) === next) running.delete(key);
    }
  };
}
