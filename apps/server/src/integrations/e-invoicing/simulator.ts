import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { EINVOICE_CALLBACK_PATH } from './einvoice-auth.js';
import { publicRoutes } from './simulator-public.js';
import { spvRoutes } from './simulator-rest.js';
import {
  DEMO_CERTIFICATES,
  issueCode,
  issueTokens,
  redeemCode,
  redeemRefreshToken,
  SIM_CLIENT_ID,
  simClientSecret,
  type RedeemResult,
} from './simulator-store.js';

export const SIM_AUTHORIZE_PATH = '/sim/efactura/authorize';
export const SIM_TOKEN_PATH = '/sim/efactura/token';
export { SIM_REST_BASE } from './simulator-rest.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Simulator ANAF e-Factura</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f7;color:#111827;margin:0;padding:24px 12px}
main{max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:6px;padding:2px 8px;font-size:13px;margin-bottom:12px}
.brand{font-size:13px;color:#374151;letter-spacing:.02em;margin-bottom:4px}
h1{font-size:22px;margin:0 0 8px}p{line-height:1.45}
fieldset{border:1px solid #d1d5db;border-radius:8px;padding:8px 12px;margin:16px 0 0}legend{font-weight:600;padding:0 4px}
.cert{display:flex;gap:10px;align-items:flex-start;padding:10px 4px;border-bottom:1px solid #e5e7eb}.cert:last-child{border-bottom:0}
.cert input{margin-top:4px;width:18px;height:18px;flex:none}.cert small{display:block;color:#4b5563}
.error{color:#b91c1c;font-size:14px;margin-top:8px}
ul.rights{padding-left:20px;margin:8px 0}
button{margin-top:16px;width:100%;font-size:17px;font-weight:600;padding:12px;border:0;border-radius:8px;background:#1747a6;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1747a6;border:1px solid #1747a6}
</style></head><body><main>${body}</main></body></html>`;
}

type AuthorizeParams = { clientId: string; redirectUri: string; state: string | undefined; responseType: string };

function consentPage(p: AuthorizeParams, error?: string) {
  const hidden = (name: string, value: string | undefined) => (value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
  const certs = DEMO_CERTIFICATES.map(
    (c) => `<div class="cert"><input type="radio" name="certificate" id="${c.id}" value="${c.id}" ${error ? 'aria-describedby="certificate-error"' : ''}>
      <label for="${c.id}">${escapeHtml(c.holder)}, reprezentant ${escapeHtml(c.company)} (CUI ${c.cui})<small>Certificat calificat demo, serie ${c.serial}</small></label></div>`,
  ).join('');
  return page(
    'Autorizare acces e-Factura',
    `<span class="badge">Mediu de test: simulator</span>
    <div class="brand">ANAF · Autentificare cu certificat digital</div>
    <h1>Autorizare acces e-Factura</h1>
    <p>Aplicatia <strong>Colete Online</strong> cere acces la serviciul e-Factura din Spatiul Privat Virtual, in numele firmei pe care o reprezentati:</p>
    <ul class="rights"><li>descarcarea facturilor primite si trimise;</li><li>incarcarea facturilor emise si verificarea starii lor.</li></ul>
    <form method="post" action="${SIM_AUTHORIZE_PATH}" novalidate>
      ${hidden('response_type', p.responseType)}${hidden('client_id', p.clientId)}${hidden('redirect_uri', p.redirectUri)}${hidden('state', p.state)}
      <fieldset><legend>Alegeti certificatul digital</legend>${certs}</fieldset>
      ${error ? `<div class="error" id="certificate-error" role="alert">${escapeHtml(error)}</div>` : ''}
      <button type="submit" name="decision" value="allow">Autorizeaza accesul</button>
      <button type="submit" name="decision" value="deny" class="secondary">Refuza</button>
    </form>`,
  );
}

const invalidRequestPage = (why: string) =>
  page(
    'Cerere de autorizare invalida',
    `<span class="badge">Mediu de test: simulator</span><h1>Cerere de autorizare invalida</h1><p>${escapeHtml(why)}</p><p>Reveniti in aplicatie si incercati din nou.</p>`,
  );

/** The browser goes back to the application: code or error, and the state it sent. */
function backTo(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return reply.redirect(url.toString(), 303);
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The tax authority's consent page and token endpoint, simulated at our own address: the user
 * picks a demo certificate and authorises or refuses; the token endpoint answers as
 * logincert.anaf.ro's does (form-encoded, HTTP Basic, RFC 6749 errors with HTTP 400/401).
 */
export function efacturaSimulatorRoutes(deps: { database: Database; key: Buffer; publicUrl?: string }) {
  const { db } = deps.database;
  const clientSecret = simClientSecret(deps.key);

  /** The registered redirect_uri: our callback, at this site's own address (or the configured public one). */
  function redirectAllowed(req: FastifyRequest, redirectUri: string) {
    if (!URL.canParse(redirectUri)) return false;
    const url = new URL(redirectUri);
    const origins = [new URL(`${req.protocol}://${req.host}`).origin, deps.publicUrl ? new URL(deps.publicUrl).origin : undefined];
    return url.pathname === EINVOICE_CALLBACK_PATH && !url.search && !url.hash && origins.includes(url.origin);
  }

  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

    /** The request's parameters; an unknown client or a foreign redirect_uri gets a page, never a redirect. */
    function readAuthorize(req: FastifyRequest, source: Record<string, unknown>): AuthorizeParams | string {
      const p = { clientId: str(source.client_id) ?? '', redirectUri: str(source.redirect_uri) ?? '', state: str(source.state), responseType: str(source.response_type) ?? '' };
      if (p.clientId !== SIM_CLIENT_ID) return 'Aplicatia care cere accesul nu este inregistrata (client_id necunoscut).';
      if (!redirectAllowed(req, p.redirectUri)) return 'Adresa de intoarcere (redirect_uri) nu este cea inregistrata pentru aplicatie.';
      if (p.state !== undefined && p.state.length > 512) return 'Parametrul state este prea lung.';
      return p;
    }

    app.get(SIM_AUTHORIZE_PATH, async (req, reply) => {
      const p = readAuthorize(req, (req.query ?? {}) as Record<string, unknown>);
      if (typeof p === 'string') return html(reply, 400, invalidRequestPage(p));
      if (p.responseType !== 'code') return backTo(reply, p.redirectUri, { error: 'unsupported_response_type', state: p.state });
      return html(reply, 200, consentPage(p));
    });

    app.post(SIM_AUTHORIZE_PATH, async (req, reply) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const p = readAuthorize(req, form);
      if (typeof p === 'string') return html(reply, 400, invalidRequestPage(p));
      if (p.responseType !== 'code') return backTo(reply, p.redirectUri, { error: 'unsupported_response_type', state: p.state });
      if (form.decision !== 'allow') {
        return backTo(reply, p.redirectUri, { error: 'access_denied', error_description: 'Utilizatorul a refuzat accesul.', state: p.state });
      }
      const certificate = DEMO_CERTIFICATES.find((c) => c.id === form.certificate);
      if (!certificate) return html(reply, 400, consentPage(p, 'Alegeti certificatul digital cu care autorizati accesul.'));
      const code = await issueCode(db, { clientId: p.clientId, redirectUri: p.redirectUri, certificate });
      return backTo(reply, p.redirectUri, { code, state: p.state });
    });

    app.post(SIM_TOKEN_PATH, async (req, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      const fail = (status: number, error: string, description: string) => reply.status(status).send({ error, error_description: description });
      // The application's credentials as HTTP Basic, or in the form body (both as OAuth allows).
      const auth = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const body = typeof req.body === 'object' && req.body ? (req.body as Record<string, unknown>) : {};
      const [id, secret] = auth ? Buffer.from(auth[1]!, 'base64').toString().split(/:(.*)/s) : [str(body.client_id), str(body.client_secret)];
      if (id !== SIM_CLIENT_ID || !secret || !sameSecret(secret, clientSecret)) {
        reply.header('www-authenticate', 'Basic realm="efactura-simulator"');
        return fail(401, 'invalid_client', 'Autentificarea aplicatiei a esuat.');
      }
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') || typeof req.body !== 'object' || !req.body) {
        return fail(400, 'invalid_request', 'Cererea trebuie trimisa ca application/x-www-form-urlencoded.');
      }
      const form = body;
      let result: RedeemResult;
      if (form.grant_type === 'authorization_code') {
        const code = str(form.code);
        const redirectUri = str(form.redirect_uri);
        if (!code || !redirectUri) return fail(400, 'invalid_request', 'Lipseste code sau redirect_uri.');
        result = await redeemCode(db, code, SIM_CLIENT_ID, redirectUri);
      } else if (form.grant_type === 'refresh_token') {
        const refreshToken = str(form.refresh_token);
        if (!refreshToken) return fail(400, 'invalid_request', 'Lipseste refresh_token.');
        result = await redeemRefreshToken(db, refreshToken, SIM_CLIENT_ID);
      } else {
        return fail(400, 'unsupported_grant_type', 'grant_type trebuie sa fie authorization_code sau refresh_token.');
      }
      if (!result.ok) return fail(400, 'invalid_grant', result.description);
      return reply.status(200).send(await issueTokens(db, deps.key, result.grant));
    });

    app.register(spvRoutes(deps));
    app.register(publicRoutes());
  };
}
