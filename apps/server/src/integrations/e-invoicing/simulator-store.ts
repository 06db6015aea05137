import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { efacturaSimCodes, efacturaSimTokens } from '../../db/schema/efactura-sim.js';
import { sha256 } from '../../lib/tokens.js';
import { DEMO_COMPANIES } from '../company-check/simulator.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './einvoice-auth.js';

/** The simulator's registered application: its client id, and a secret derived from the token key. */
export const SIM_CLIENT_ID = 'colete-online-simulator';
export const simClientSecret = (key: Buffer) => createHmac('sha256', key).update('efactura-sim client secret').digest('base64url');
/** Codes live a few minutes, as on a real authorization server. */
export const SIM_CODE_SECONDS = 300;

/**
 * Demo qualified certificates: each holder represents one company of the company-check
 * simulator's register (the active ones), so a verified demo company can be connected.
 */
const HOLDERS = ['Ion Popescu', 'Maria Ionescu', 'Andrei Georgescu', 'Elena Dumitrescu', 'Mihai Stan', 'Ioana Marin'];
export const DEMO_CERTIFICATES = Object.entries(DEMO_COMPANIES)
  .filter(([, c]) => c.active)
  .map(([cui, c], i) => ({ id: `sim-cert-${cui}`, holder: HOLDERS[i % HOLDERS.length]!, company: c.name, cui, serial: `SIM${String(1001 + i)}` }));
export type DemoCertificate = (typeof DEMO_CERTIFICATES)[number];

type Grant = { clientId: string; codeHash: string; certificate: string; representedCui: string };

/** A JWT-shaped token (token_content_type=jwt), signed by the simulator; its hash is what is stored. */
function jwt(key: Buffer, payload: Record<string, unknown>) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  const signingKey = createHmac('sha256', key).update('efactura-sim jwt').digest();
  return `${head}.${createHmac('sha256', signingKey).update(head).digest('base64url')}`;
}

export async function issueCode(db: Executor, values: { clientId: string; redirectUri: string; certificate: DemoCertificate }, now = new Date()) {
  const code = randomBytes(32).toString('base64url');
  // Spent and lapsed codes are kept a day (to spot replays), then dropped.
  await db.delete(efacturaSimCodes).where(lt(efacturaSimCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  await db.insert(efacturaSimCodes).values({
    codeHash: sha256(code),
    clientId: values.clientId,
    redirectUri: values.redirectUri,
    certificate: values.certificate.id,
    representedCui: values.certificate.cui,
    expiresAt: new Date(now.getTime() + SIM_CODE_SECONDS * 1000),
  });
  return code;
}

export type RedeemResult = { ok: true; grant: Grant } | { ok: false; description: string };

/**
 * Spends a code once: it must be unused, unexpired, and presented by the client and with the
 * redirect_uri it was issued for. A code presented again revokes the tokens it produced (RFC 6749 4.1.2).
 */
export async function redeemCode(db: Executor, code: string, clientId: string, redirectUri: string): Promise<RedeemResult> {
  const codeHash = sha256(code);
  const [row] = await db.select().from(efacturaSimCodes).where(eq(efacturaSimCodes.codeHash, codeHash)).limit(1);
  if (!row) return { ok: false, description: 'Codul de autorizare nu este valid.' };
  if (row.clientId !== clientId) return { ok: false, description: 'Codul de autorizare a fost emis pentru alta aplicatie.' };
  if (row.usedAt) {
    await db.update(efacturaSimTokens).set({ revokedAt: new Date() }).where(and(eq(efacturaSimTokens.codeHash, codeHash), isNull(efacturaSimTokens.revokedAt)));
    return { ok: false, description: 'Codul de autorizare a fost deja folosit.' };
  }
  if (row.redirectUri !== redirectUri) return { ok: false, description: 'redirect_uri difera de cel din cererea de autorizare.' };
  const [spent] = await db
    .update(efacturaSimCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(efacturaSimCodes.codeHash, codeHash), isNull(efacturaSimCodes.usedAt), gt(efacturaSimCodes.expiresAt, sql`now()`)))
    .returning();
  if (!spent) return { ok: false, description: 'Codul de autorizare a expirat sau a fost deja folosit.' };
  return { ok: true, grant: { clientId, codeHash, certificate: spent.certificate, representedCui: spent.representedCui } };
}

/** Spends a refresh token (rotation): the caller gets a new pair, the old refresh token stops working. */
export async function redeemRefreshToken(db: Executor, refreshToken: string, clientId: string): Promise<RedeemResult> {
  const [row] = await db
    .update(efacturaSimTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(efacturaSimTokens.tokenHash, sha256(refreshToken)),
        eq(efacturaSimTokens.kind, 'refresh'),
        eq(efacturaSimTokens.clientId, clientId),
        isNull(efacturaSimTokens.revokedAt),
        gt(efacturaSimTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) return { ok: false, description: 'Tokenul de reimprospatare nu este valid sau a expirat.' };
  return { ok: true, grant: { clientId, codeHash: row.codeHash, certificate: row.certificate, representedCui: row.representedCui } };
}

/** A new access and refresh token for a grant, in the answer shape of the token endpoint. */
export async function issueTokens(db: Executor, key: Buffer, grant: Grant, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const make = (kind: 'access' | 'refresh', lifetime: number) =>
    jwt(key, { iss: 'efactura-simulator', aud: grant.clientId, sub: grant.certificate, cif: grant.representedCui, token_use: kind, iat, exp: iat + lifetime, jti: randomUUID() });
  const access = make('access', ACCESS_TOKEN_SECONDS);
  const refresh = make('refresh', REFRESH_TOKEN_SECONDS);
  const row = (token: string, kind: 'access' | 'refresh', lifetime: number) => ({
    tokenHash: sha256(token),
    kind,
    clientId: grant.clientId,
    codeHash: grant.codeHash,
    certificate: grant.certificate,
    representedCui: grant.representedCui,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
  });
  await db.insert(efacturaSimTokens).values([row(access, 'access', ACCESS_TOKEN_SECONDS), row(refresh, 'refresh', REFRESH_TOKEN_SECONDS)]);
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh, scope: 'efactura' };
}

/** The CUI an access token the simulator issued represents, or null for an unknown, revoked or expired one. */
export async function accessTokenCui(db: Executor, accessToken: string) {
  const [row] = await db
    .select({ cui: efacturaSimTokens.representedCui })
    .from(efacturaSimTokens)
    .where(
      and(
        eq(efacturaSimTokens.tokenHash, sha256(accessToken)),
        eq(efacturaSimTokens.kind, 'access'),
        isNull(efacturaSimTokens.revokedAt),
        gt(efacturaSimTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.cui ?? null;
}
