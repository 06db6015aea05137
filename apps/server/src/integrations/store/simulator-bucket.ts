/**
 * Each shop's leaky bucket of Admin GraphQL points (Shopify's rate limit), kept in the database so
 * that every server instance spends from the same bucket: a call takes its requested cost when the
 * bucket holds it (one conditional update), and gives back what it did not use.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shopifySimBuckets } from '../../db/schema/shopify-sim.js';

export type Bucket = { maximumAvailable: number; restoreRate: number };
/** Shopify's Standard plan: 2,000 points, 100 restored a second. */
export const STANDARD_BUCKET: Bucket = { maximumAvailable: 2000, restoreRate: 100 };
export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };

export function shopBuckets(db: Executor, bucket: Bucket, now: () => Date = () => new Date()) {
  const b = shopifySimBuckets;
  const status = (available: number): ThrottleStatus => ({ maximumAvailable: bucket.maximumAvailable, currentlyAvailable: Math.floor(available), restoreRate: bucket.restoreRate });
  /** Refills the shop's bucket to `at`, then adds `delta` (taken only when the level allows `need`): the level after, and whether it changed by delta. */
  async function change(shop: string, need: number, delta: number) {
    const at = now();
    const level = sql`least(${bucket.maximumAvailable}::float8, ${b.available} + greatest(0, extract(epoch from (${at.toISOString()}::timestamptz - ${b.readAt}))) * ${bucket.restoreRate}::float8)`;
    const update = async () => (await db.execute(sql`with cur as (select ${b.shop} as shop, ${level} as level from ${b} where ${b.shop} = ${shop} for update)
      update ${b} set available = least(${bucket.maximumAvailable}::float8, cur.level + case when cur.level >= ${need}::float8 then ${delta}::float8 else 0 end),
        read_at = greatest(${b.readAt}, ${at.toISOString()}::timestamptz)
      from cur where ${b.shop} = cur.shop
      returning ${b.available} as available, cur.level >= ${need}::float8 as ok`)) as unknown as { rows: { available: number; ok: boolean }[] };
    let row = (await update()).rows[0];
    if (!row) {
      // The shop's first call: its bucket starts full.
      await db.insert(b).values({ shop, available: bucket.maximumAvailable, readAt: at }).onConflictDoNothing();
      row = (await update()).rows[0]!;
    }
    return { available: Number(row.available), ok: row.ok };
  }
  return {
    maximumAvailable: bucket.maximumAvailable,
    /** Takes the cost when there is room: otherwise nothing, and how many seconds until there is. */
    async take(shop: string, cost: number) {
      const { available, ok } = await change(shop, cost, -cost);
      if (ok) return { ok: true as const, throttleStatus: status(available) };
      return { ok: false as const, waitSeconds: Math.ceil((cost - available) / bucket.restoreRate), throttleStatus: status(available) };
    },
    /** Gives back what was taken but not used (requested minus actual cost). */
    async refund(shop: string, points: number, taken: ThrottleStatus) {
      if (points <= 0) return taken;
      return status((await change(shop, 0, points)).available);
    },
  };
}
