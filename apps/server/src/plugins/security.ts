import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@colete/contract';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** NUL, or half of a surrogate pair: text no database column (nor a jsonb value) can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const invalidText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

function hasInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return invalidText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => invalidText(k) || hasInvalidText(v, depth + 1));
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * State-changing calls must come from our own pages: a foreign Origin (or a browser's
 * cross-site fetch marker) is refused. Calls without Origin (curl, server-to-server) rely on
 * the SameSite=Lax session cookie not being sent cross-site.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const configured = app.deps.config.publicUrl ? new URL(app.deps.config.publicUrl).origin : undefined;

  app.addHook('onRequest', async (req) => {
    // Every unsafe method, whatever the path looks like: '/%61pi/...' routes to the API too.
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw new AppError(403, messages.common.forbiddenOrigin, 'forbiddenOrigin');
    if (!origin) return;
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin !== own && origin !== configured) {
      throw new AppError(403, messages.common.forbiddenOrigin, 'forbiddenOrigin');
    }
  });

  // PostgreSQL refuses NUL in text and a lone surrogate in jsonb: such input is invalid everywhere,
  // and must answer 400, not 500.
  app.addHook('preValidation', async (req) => {
    if (req.url.includes('%00') || hasInvalidText(req.body)) throw new AppError(400, messages.common.invalidData, 'invalidCharacters');
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (!req.url.startsWith('/api/docs')) reply.header('content-security-policy', CSP);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
});
