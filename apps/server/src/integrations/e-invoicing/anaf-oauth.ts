import {
  ACCESS_TOKEN_SECONDS,
  EInvoiceAuthError,
  REFRESH_TOKEN_SECONDS,
  type EInvoiceAuth,
  type EInvoiceTokens,
} from './einvoice-auth.js';

export const ANAF_AUTHORIZE_URL = 'https://logincert.anaf.ro/anaf-oauth2/v1/authorize';
export const ANAF_TOKEN_URL = 'https://logincert.anaf.ro/anaf-oauth2/v1/token';
/** e-Factura's REST API (production). */
export const ANAF_EFACTURA_REST = 'https://api.anaf.ro/prod/FCTEL/rest';

/** The part of fetch the adapter uses, so tests (and the simulator) can hand it their own. */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<Response>;

type Options = {
  clientId: string;
  clientSecret: string;
  /** The simulator serves the same endpoints at our own address. */
  authorizeEndpoint?: string;
  tokenEndpoint?: string;
  /** e-Factura's REST base (listaMesajeFactura, ...). */
  restBase?: string;
  fetch?: FetchLike;
  now?: () => Date;
  timeoutMs?: number;
  name?: EInvoiceAuth['name'];
};

/** The token endpoint's answer (RFC 6749 section 5): success, or an error object. */
type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  refresh_token_expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
};

const seconds = (value: unknown, fallback: number) => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * Reads a token answer. The tax authority's services often answer errors with HTTP 200, so
 * every answer is sniffed: an `error` field, a missing token or a body that is not JSON is a failure.
 */
export function parseTokenAnswer(status: number, body: string, now: Date): EInvoiceTokens {
  let answer: TokenAnswer;
  try {
    answer = JSON.parse(body) as TokenAnswer;
  } catch {
    throw new EInvoiceAuthError(status >= 400 ? `http_${status}` : 'malformed', `token endpoint answered HTTP ${status} without JSON`, status);
  }
  if (!answer || typeof answer !== 'object') throw new EInvoiceAuthError('malformed', 'token endpoint answered an unexpected shape', status);
  if (typeof answer.error === 'string' && answer.error) {
    const description = typeof answer.error_description === 'string' ? answer.error_description : answer.error;
    throw new EInvoiceAuthError(answer.error, description, status);
  }
  if (status < 200 || status >= 300) throw new EInvoiceAuthError(`http_${status}`, `token endpoint answered HTTP ${status}`, status);
  if (typeof answer.access_token !== 'string' || !answer.access_token || typeof answer.refresh_token !== 'string' || !answer.refresh_token) {
    throw new EInvoiceAuthError('malformed', 'token answer without access_token or refresh_token', status);
  }
  const t = now.getTime();
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    accessExpiresAt: new Date(t + seconds(answer.expires_in, ACCESS_TOKEN_SECONDS) * 1000),
    // Not in the answer: the documented lifetime of a refresh token, unless a lifetime is given.
    refreshExpiresAt: new Date(t + seconds(answer.refresh_token_expires_in, REFRESH_TOKEN_SECONDS) * 1000),
  };
}

/**
 * Reads e-Factura's message list answered for a CUI (HTTP 200 for errors too, so the body is
 * sniffed): messages, or 'Nu exista mesaje ...', mean the token may act for it; 'Nu aveti drept in
 * SPV pentru CIF=...' or 'Nu exista niciun CIF pentru care sa aveti drept in SPV' mean it may not.
 * Anything else is a failure.
 */
export function parseAccessAnswer(status: number, body: string): boolean {
  if (status === 401 || status === 403) return false;
  if (status < 200 || status >= 300) throw new EInvoiceAuthError(`http_${status}`, `e-Factura answered HTTP ${status}`, status);
  let answer: { mesaje?: unknown; eroare?: unknown };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    throw new EInvoiceAuthError('malformed', 'e-Factura answered without JSON', status);
  }
  if (answer && Array.isArray(answer.mesaje)) return true;
  const error = answer && typeof answer.eroare === 'string' ? answer.eroare : '';
  if (/^Nu exista mesaje/i.test(error)) return true;
  if (/Nu aveti drept|Nu exista niciun CIF/i.test(error)) return false;
  throw new EInvoiceAuthError('malformed', `e-Factura answered an unexpected message list: ${error || 'no eroare'}`, status);
}

/**
 * The tax authority's OAuth2 (logincert.anaf.ro): authorize in the browser, then the token
 * endpoint with a form-encoded body and the client's id and secret as HTTP Basic.
 */
export function anafOAuth(opts: Options): EInvoiceAuth {
  const authorizeEndpoint = opts.authorizeEndpoint ?? ANAF_AUTHORIZE_URL;
  const tokenEndpoint = opts.tokenEndpoint ?? ANAF_TOKEN_URL;
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));
  const now = opts.now ?? (() => new Date());
  const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;

  async function token(params: Record<string, string>): Promise<EInvoiceTokens> {
    let response: Response;
    let body: string;
    try {
      response = await doFetch(tokenEndpoint, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...params, token_content_type: 'jwt' }).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      body = await response.text();
    } catch (err) {
      throw new EInvoiceAuthError('network', `token endpoint unreachable: ${(err as Error).message}`);
    }
    return parseTokenAnswer(response.status, body, now());
  }

  return {
    name: opts.name ?? 'anaf',
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({ response_type: 'code', client_id: opts.clientId, redirect_uri: redirectUri, token_content_type: 'jwt', state });
      return `${authorizeEndpoint}?${query.toString()}`;
    },
    exchangeCode: (code, redirectUri) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async actsFor(accessToken, cui) {
      const url = `${opts.restBase ?? ANAF_EFACTURA_REST}/listaMesajeFactura?${new URLSearchParams({ zile: '1', cif: cui }).toString()}`;
      let response: Response;
      let body: string;
      try {
        response = await doFetch(url, {
          method: 'GET',
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
        body = await response.text();
      } catch (err) {
        throw new EInvoiceAuthError('network', `e-Factura unreachable: ${(err as Error).message}`);
      }
      return parseAccessAnswer(response.status, body);
    },
  };
}
