import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@colete/contract';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** NUL, or half of a surrogate pair: text no database column (nor a jsonb value) can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const invalidText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Any string (or key) of a parsed body, query or path, however deep: the body limit bounds the walk. */
function hasInvalidText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (invalidText(value)) return true;
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (invalidText(k)) return true;
        pending.push(v);
      }
    }
  }
  return false;
}

/**
 * A query whose escapes are well formed but do not decode as UTF-8 ('%ED%A0%80' is a lone
 * surrogate's): the query parser keeps such a piece as it came, so it would be stored as other text.
 * (A broken escape, '100%', is left to the routes: pages pasted with one still open.)
 */
function hasUndecodableQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return false;
  return url
    .slice(start + 1)
    .split(/[&=]/)
    .some((piece) => {
      if (!piece.includes('%') || /%(?![0-9A-Fa-f]{2})/.test(piece)) return false;
      try {
        decodeURIComponent(piece);
        return false;
      } catch {
        return true;
      }
    });
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

/** Browser features the pages never use, turned off for them and anything they embed. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

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

  // PostgreSQL refuses NUL in text and a lone surrogate in jsonb (a text column silently turns it
  // into another character): such input is invalid everywhere, in every route's body, query and
  // path, and answers 400 here, before any route's validation.
  app.addHook('preValidation', async (req) => {
    if (req.url.includes('%00') || hasUndecodableQuery(req.url) || hasInvalidText(req.body) || hasInvalidText(req.query) || hasInvalidText(req.params)) {
      throw new AppError(400, messages.common.invalidData, 'invalidCharacters');
    }
  });

  // Served over HTTPS (PUBLIC_URL https://...): browsers keep to HTTPS for a year.
  const https = app.deps.config.publicUrl?.startsWith('https://') ?? false;

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (!req.url.startsWith('/api/docs')) reply.header('content-security-policy', CSP);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
});
