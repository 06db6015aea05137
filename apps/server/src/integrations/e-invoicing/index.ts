import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { EFacturaLimiter } from './anaf-limits.js';
import { anafOAuth, type FetchLike } from './anaf-oauth.js';
import { eFacturaPublic, type EFacturaPublic } from './anaf-public.js';
import { eFacturaRest, type EFacturaRest } from './anaf-rest.js';
import type { EInvoiceAuth } from './einvoice-auth.js';
import { SIM_PUBLIC_BASE } from './simulator-public.js';
import { SIM_AUTHORIZE_PATH, SIM_REST_BASE, SIM_TOKEN_PATH } from './simulator.js';
import { SIM_CLIENT_ID, simClientSecret } from './simulator-store.js';

export { dbLimiter, EFACTURA_QUOTAS, type EFacturaLimiter } from './anaf-limits.js';
export { checkEInvoice } from './cius-ro-rules.js';

/** Calls into this server's own routes without the network: how the simulator's token endpoint is reached. */
export function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const res = await app.inject({ method: init.method as 'POST', url, headers: init.headers, payload: init.body });
    // The raw bytes: a ZIP read as text would lose them.
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') } });
  };
}

/**
 * The consent provider the configuration names: the tax authority's OAuth, or the same adapter
 * pointed at the built-in simulator's endpoints (so the simulator exercises the real protocol).
 */
export function eInvoiceAuthFor(config: Pick<Config, 'einvoice' | 'anafOAuth' | 'tokenEncryptionKey'>, app: FastifyInstance): EInvoiceAuth {
  if (config.einvoice === 'anaf') {
    if (!config.anafOAuth) throw new Error('EINVOICE=anaf needs ANAF_OAUTH_CLIENT_ID and ANAF_OAUTH_CLIENT_SECRET');
    return anafOAuth({ ...config.anafOAuth, name: 'anaf' });
  }
  return anafOAuth({
    name: 'simulator',
    clientId: SIM_CLIENT_ID,
    clientSecret: simClientSecret(config.tokenEncryptionKey),
    authorizeEndpoint: SIM_AUTHORIZE_PATH,
    tokenEndpoint: SIM_TOKEN_PATH,
    restBase: SIM_REST_BASE,
    fetch: injectFetch(app),
  });
}

/**
 * e-Factura's REST calls (issue 25): ANAF's test or production API with EINVOICE=anaf, else the same
 * adapter pointed at the built-in simulator's routes, reached in process; both under our own limits.
 */
export function eFacturaRestFor(config: Pick<Config, 'einvoice' | 'anafEFacturaEnv'>, app: FastifyInstance, limiter?: EFacturaLimiter): EFacturaRest {
  if (config.einvoice === 'anaf') return eFacturaRest({ restBase: `https://api.anaf.ro/${config.anafEFacturaEnv}/FCTEL/rest`, limiter });
  return eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(app), limiter });
}

/**
 * e-Factura's public services (transformare: an e-invoice's XML drawn as a PDF): ANAF's with
 * EINVOICE=anaf, else the same adapter pointed at the simulator's public routes, reached in process.
 */
export function eFacturaPublicFor(config: Pick<Config, 'einvoice'>, app: FastifyInstance): EFacturaPublic {
  if (config.einvoice === 'anaf') return eFacturaPublic();
  return eFacturaPublic({ publicBase: SIM_PUBLIC_BASE, fetch: injectFetch(app) });
}
