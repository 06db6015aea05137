import { describe, expect, it } from 'vitest';
import { ANAF_AUTHORIZE_URL, ANAF_EFACTURA_REST, ANAF_TOKEN_URL, anafOAuth, type FetchLike } from '../src/integrations/e-invoicing/anaf-oauth.js';
import { EInvoiceAuthError } from '../src/integrations/e-invoicing/einvoice-auth.js';

/**
 * The tax authority's OAuth adapter against hand-written answers of the documented shape
 * (RFC 6749 token answers; ANAF also answers some errors with HTTP 200 or an HTML page).
 */
const NOW = new Date('2025-03-01T10:00:00Z');
const DAY = 86_400_000;
const REDIRECT = 'https://colete.example.ro/api/user/invoicing-system/connect/callback';

type Call = { url: string; method: string; headers: Record<string, string>; body: URLSearchParams };

function fakeFetch(answer: { status: number; body: string; contentType?: string } | Error) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: new URLSearchParams(init.body) });
    if (answer instanceof Error) throw answer;
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType ?? 'application/json' } });
  };
  return { fetch, calls };
}

const adapter = (fetch: FetchLike) => anafOAuth({ clientId: 'a1b2c3d4e5', clientSecret: 's3cr3t:with-colon', fetch, now: () => NOW });

/** A JWT-shaped token like those ANAF issues with token_content_type=jwt. */
const jwtLike = (n: number) => `eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0${n}.c2lnbmF0dXJl${n}`;
const ok = JSON.stringify({ access_token: jwtLike(1), token_type: 'Bearer', refresh_token: jwtLike(2), expires_in: 7776000, scope: '' });

describe('ANAF OAuth adapter', () => {
  it('builds the authorize url of logincert.anaf.ro with code, client, callback, jwt and state', () => {
    const url = new URL(adapter(fakeFetch(new Error('unused')).fetch).authorizeUrl('st4te', REDIRECT));
    expect(`${url.origin}${url.pathname}`).toBe(ANAF_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'a1b2c3d4e5',
      redirect_uri: REDIRECT,
      token_content_type: 'jwt',
      state: 'st4te',
    });
  });

  it('exchanges a code: form-encoded POST with HTTP Basic, tokens with 90 and 365 days', async () => {
    const { fetch, calls } = fakeFetch({ status: 200, body: ok });
    const tokens = await adapter(fetch).exchangeCode('the-code', REDIRECT);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe(ANAF_TOKEN_URL);
    expect(call!.method).toBe('POST');
    expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call!.headers.authorization).toBe(`Basic ${Buffer.from('a1b2c3d4e5:s3cr3t:with-colon').toString('base64')}`);
    expect(Object.fromEntries(call!.body)).toEqual({ grant_type: 'authorization_code', code: 'the-code', redirect_uri: REDIRECT, token_content_type: 'jwt' });
    expect(tokens).toEqual({
      accessToken: jwtLike(1),
      refreshToken: jwtLike(2),
      accessExpiresAt: new Date(NOW.getTime() + 90 * DAY),
      refreshExpiresAt: new Date(NOW.getTime() + 365 * DAY),
    });
  });

  it('refreshes with grant_type=refresh_token and returns the new pair', async () => {
    const { fetch, calls } = fakeFetch({ status: 200, body: JSON.stringify({ access_token: 'new-access', refresh_token: 'new-refresh', expires_in: '3600' }) });
    const tokens = await adapter(fetch).refresh('old-refresh');
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'old-refresh', token_content_type: 'jwt' });
    expect(tokens.accessToken).toBe('new-access');
    expect(tokens.refreshToken).toBe('new-refresh');
    expect(tokens.accessExpiresAt).toEqual(new Date(NOW.getTime() + 3600_000));
  });

  const failures: [string, { status: number; body: string; contentType?: string } | Error, string, number | undefined][] = [
    ['a used or expired code (400 invalid_grant)', { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid authorization code' }) }, 'invalid_grant', 400],
    ['a wrong client secret (401 invalid_client)', { status: 401, body: JSON.stringify({ error: 'invalid_client', error_description: 'Bad client credentials' }) }, 'invalid_client', 401],
    ['an error answered with HTTP 200', { status: 200, body: JSON.stringify({ error: 'invalid_request', error_description: 'Missing redirect_uri' }) }, 'invalid_request', 200],
    ['an answer without a refresh token', { status: 200, body: JSON.stringify({ access_token: 'only-access', expires_in: 7776000 }) }, 'malformed', 200],
    ['a server error page', { status: 503, body: '<html><body>Service Unavailable</body></html>', contentType: 'text/html' }, 'http_503', 503],
    ['an HTML page with HTTP 200', { status: 200, body: '<html><body>Eroare</body></html>', contentType: 'text/html' }, 'malformed', 200],
    ['a 500 with an empty JSON object', { status: 500, body: '{}' }, 'http_500', 500],
    ['no answer at all', new TypeError('fetch failed'), 'network', undefined],
  ];
  it.each(failures)('reports %s as EInvoiceAuthError', async (_name, answer, code, status) => {
    const error = await adapter(fakeFetch(answer).fetch)
      .exchangeCode('c', REDIRECT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EInvoiceAuthError);
    expect((error as EInvoiceAuthError).code).toBe(code);
    expect((error as EInvoiceAuthError).status).toBe(status);
  });

  it('gives up after its timeout', async () => {
    const slow: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const error = await anafOAuth({ clientId: 'id', clientSecret: 's', fetch: slow, timeoutMs: 20 })
      .refresh('r')
      .catch((e: unknown) => e);
    expect((error as EInvoiceAuthError).code).toBe('network');
  });

  it('checks a token against a CUI with e-Factura’s message list, reading its HTTP 200 refusals', async () => {
    const answers: [string, boolean | string][] = [
      [JSON.stringify({ mesaje: [], serial: 'x', cui: '14399840', titlu: 'Lista Mesaje' }), true],
      [JSON.stringify({ eroare: 'Nu exista mesaje in ultimele 1 zile', titlu: 'Lista Mesaje' }), true],
      [JSON.stringify({ eroare: 'Nu aveti drept in SPV pentru CIF=14399840', titlu: 'Lista Mesaje' }), false],
      [JSON.stringify({ eroare: 'Nu exista niciun CIF pentru care sa aveti drept in SPV', titlu: 'Lista Mesaje' }), false],
      [JSON.stringify({ eroare: 'A aparut o eroare tehnica. Cod: XXX' }), 'malformed'],
      ['<html>Request Rejected</html>', 'malformed'],
    ];
    for (const [body, expected] of answers) {
      const { fetch, calls } = fakeFetch({ status: 200, body });
      const result = await adapter(fetch)
        .actsFor('the-access-token', '14399840')
        .catch((e: unknown) => (e as EInvoiceAuthError).code);
      expect(result).toBe(expected);
      expect(calls[0]!.url).toBe(`${ANAF_EFACTURA_REST}/listaMesajeFactura?zile=1&cif=14399840`);
      expect(calls[0]!.method).toBe('GET');
      expect(calls[0]!.headers.authorization).toBe('Bearer the-access-token');
    }
  });
});
