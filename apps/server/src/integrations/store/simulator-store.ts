import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shopifySimCodes, shopifySimTokens } from '../../db/schema/shopify-sim.js';
import { sha256 } from '../../lib/tokens.js';

/** Codes live a few minutes, as Shopify's do. */
export const SIM_CODE_SECONDS = 300;

export async function issueCode(db: Executor, values: { shop: string; clientId: string; scopes: string }, now = new Date()) {
  const code = randomBytes(16).toString('hex');
  await db.delete(shopifySimCodes).where(lt(shopifySimCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  await db.insert(shopifySimCodes).values({ codeHash: sha256(code), ...values, expiresAt: new Date(now.getTime() + SIM_CODE_SECONDS * 1000) });
  return code;
}

/** Spends a code once, for the shop and app it was issued to; answers the scopes it grants. */
export async function redeemCode(db: Executor, code: string, shop: string, clientId: string) {
  const [row] = await db
    .update(shopifySimCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(shopifySimCodes.codeHash, sha256(code)),
        eq(shopifySimCodes.shop, shop),
        eq(shopifySimCodes.clientId, clientId),
        isNull(shopifySimCodes.usedAt),
        gt(shopifySimCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ? { scopes: row.scopes } : null;
}

/** An offline access token (shpat_...): the shop is known by it. */
export async function issueToken(db: Executor, values: { shop: string; clientId: string; scopes: string }) {
  const token = `shpat_${randomBytes(16).toString('hex')}`;
  await db.insert(shopifySimTokens).values({ tokenHash: sha256(token), ...values });
  return token;
}

export async function tokenShop(db: Executor, token: string) {
  const [row] = await db
    .select({ shop: shopifySimTokens.shop, scopes: shopifySimTokens.scopes })
    .from(shopifySimTokens)
    .where(and(eq(shopifySimTokens.tokenHash, sha256(token)), isNull(shopifySimTokens.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function isInstalled(db: Executor, shop: string, clientId: string) {
  const [row] = await db
    .select({ shop: shopifySimTokens.shop })
    .from(shopifySimTokens)
    .where(and(eq(shopifySimTokens.shop, shop), eq(shopifySimTokens.clientId, clientId), isNull(shopifySimTokens.revokedAt)))
    .limit(1);
  return !!row;
}

/** Uninstalling the app revokes every token it holds for the shop. */
export async function revokeShop(db: Executor, shop: string, clientId: string) {
  const rows = await db
    .update(shopifySimTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(shopifySimTokens.shop, shop), eq(shopifySimTokens.clientId, clientId), isNull(shopifySimTokens.revokedAt)))
    .returning({ shop: shopifySimTokens.shop });
  return rows.length > 0;
}
