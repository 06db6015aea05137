import { fromBucharestWallClock } from '../../lib/dates.js';
import { CourierError } from './courier-network.js';

/**
 * Sameday's REST API over plain fetch (integrations.md; the shapes follow Sameday's own PHP SDK):
 * a token from POST /api/authenticate (X-Auth-Username/X-Auth-Password) sent as X-AUTH-TOKEN,
 * kept until its expiry and fetched again once when an answer says 401; form-encoded bodies in
 * bracket notation; a timeout per attempt; retries (network, timeout, 5xx) for GETs only, since a
 * repeated POST /api/awb would make a second AWB. Every failure leaves as a Romanian CourierError.
 */
export const SAMEDAY_SANDBOX_BASE = 'https://sameday-api.demo.zitec.com';
export const SAMEDAY_PRODUCTION_BASE = 'https://api.sameday.ro';

export type SamedayApiOptions = {
  apiBase: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Further attempts after the first, GETs only. */
  retries?: number;
  /** The first retry's wait; it doubles each time. */
  retryDelayMs?: number;
  now?: () => Date;
};

export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export type SamedayCall = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number>;
  form?: Form;
  /** The message of a 404 (what was not found, in the caller's words). */
  notFound?: string;
};

export const MSG_UNAVAILABLE = 'Sameday nu raspunde momentan. Incercati din nou in cateva minute.';
const MSG_REFUSED = 'Sameday a refuzat datele comenzii';
/** A token is renewed this long before the expiry Sameday announced (clock drift, slow requests). */
const EXPIRY_MARGIN_MS = 60_000;

/** { a: { b: [ 'x' ] } } -> a[b][0]=x as PHP's http_build_query writes it (Sameday's API is PHP); null is left out. */
export function formEncode(params: Form): string {
  const out = new URLSearchParams();
  const walk = (prefix: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
    else out.append(prefix, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return out.toString();
}

export function unavailable(detail: string, message = MSG_UNAVAILABLE): CourierError {
  const err = new CourierError(message, 'unavailable');
  err.cause = detail;
  return err;
}

/**
 * Sameday's validation answer is Symfony's form tree: {code, message, errors: {errors?: [..],
 * children: {field: {errors: [..]} | {children: ..}}}}. Answers every message with its field path.
 */
export function validationErrors(body: unknown): { path: string[]; message: string }[] {
  const found: { path: string[]; message: string }[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { errors?: unknown; children?: unknown };
    const own = Array.isArray(n.errors) ? n.errors : Array.isArray((n.errors as { errors?: unknown })?.errors) ? (n.errors as { errors: unknown[] }).errors : [];
    for (const m of own) if (typeof m === 'string' && m.trim()) found.push({ path, message: m.trim() });
    const children = (n.errors as { children?: unknown } | undefined)?.children ?? n.children;
    if (children && typeof children === 'object') for (const [k, v] of Object.entries(children)) walk(v, [...path, k]);
  };
  walk(body, []);
  return found;
}

/** Field paths of Sameday's AWB form in the words of our order form. */
const FIELD_LABELS: Record<string, string> = {
  name: 'nume',
  phoneNumber: 'telefon',
  address: 'adresa',
  city: 'localitate',
  cityString: 'localitate',
  county: 'judet',
  countyString: 'judet',
  postalCode: 'cod postal',
  email: 'email',
  companyName: 'firma',
  weight: 'greutate',
  width: 'latime',
  length: 'lungime',
  height: 'inaltime',
};
const TOP_LABELS: Record<string, string> = {
  packageWeight: 'Greutate totala',
  packageNumber: 'Numar colete',
  packageType: 'Tip colet',
  cashOnDelivery: 'Ramburs',
  insuredValue: 'Valoare declarata',
  service: 'Serviciu',
  pickupPoint: 'Punct de ridicare Sameday',
  lockerLastMile: 'Easybox',
  clientInternalReference: 'Referinta comenzii',
  serviceTaxes: 'Optiuni',
};

export function fieldLabel(path: string[]): string {
  const [head, second, third] = path;
  if (!head) return '';
  if (head === 'awbRecipient' || head === 'thirdParty') {
    const who = head === 'awbRecipient' ? 'destinatar' : 'expeditor';
    return second ? `${capitalize(FIELD_LABELS[second] ?? second)} ${who}` : capitalize(who);
  }
  if (head === 'parcels' && second !== undefined) {
    const index = Number(second);
    const n = Number.isInteger(index) ? ` ${index + 1}` : '';
    return third ? `${capitalize(FIELD_LABELS[third] ?? third)} colet${n}` : `Colet${n}`;
  }
  return TOP_LABELS[head] ?? path.join('.');
}
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What Sameday says in a refusal: the field messages with their fields, else its own message; null when it says nothing. */
export function samedaySays(body: unknown): string | null {
  const fields = validationErrors(body).map((e) => (e.path.length ? `${fieldLabel(e.path)}: ${e.message}` : e.message));
  const unique = [...new Set(fields)];
  if (unique.length) return unique.join('; ');
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim() && !/^validation failed$/i.test(message.trim())) return message.trim();
  return null;
}

/** A refused answer (4xx other than 401/403/404/429) as the message the user sees. */
export function refusalMessage(body: unknown): string {
  const says = samedaySays(body);
  return says ? `${MSG_REFUSED}: ${says}` : `${MSG_REFUSED}.`;
}

/** 'YYYY-MM-DD HH:MM[:SS]' on Bucharest's wall clock (how Sameday writes expire_at) to an instant. */
export function bucharestWallClock(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return null;
  return fromBucharestWallClock(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)));
}

/** When the token ends: expire_at_utc (UTC) or expire_at (Bucharest), else ten minutes, as Sameday's SDK assumes. */
export function tokenExpiry(body: { expire_at?: unknown; expire_at_utc?: unknown }, now: Date): number {
  if (typeof body.expire_at_utc === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(body.expire_at_utc);
    const t = m ? Date.parse(`${m[1]}T${m[2]}Z`) : NaN;
    if (Number.isFinite(t)) return t;
  }
  if (typeof body.expire_at === 'string') {
    const t = /[zZ]|[+-]\d{2}:?\d{2}$/.test(body.expire_at) ? Date.parse(body.expire_at) : bucharestWallClock(body.expire_at);
    if (t !== null && Number.isFinite(t)) return t;
  }
  return now.getTime() + 10 * 60_000;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const drain = async (res: Response) => {
  await res.body?.cancel().catch(() => undefined);
};

export function samedayApi(opts: SamedayApiOptions) {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.apiBase.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const retries = opts.retries ?? 2;
  const delay = opts.retryDelayMs ?? 300;
  const now = opts.now ?? (() => new Date());
  let current: { token: string; expiresAt: number } | null = null;
  let pendingLogin: Promise<string> | null = null;

  async function login(): Promise<string> {
    let res: Response;
    try {
      res = await doFetch(`${base}/api/authenticate`, {
        method: 'POST',
        headers: {
          'x-auth-username': opts.username,
          'x-auth-password': opts.password,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: formEncode({ remember_me: true }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw unavailable(`authenticate: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { token?: unknown; expire_at?: unknown; expire_at_utc?: unknown } | null;
    // Wrong credentials (401/403/400) are the operator's to fix; the user only learns Sameday is unavailable.
    if (!res.ok) throw unavailable(`authenticate: HTTP ${res.status} (check SAMEDAY_USERNAME and SAMEDAY_PASSWORD)`);
    if (!body || typeof body.token !== 'string' || !body.token) throw unavailable('authenticate: no token in the answer');
    current = { token: body.token, expiresAt: tokenExpiry(body, now()) };
    return body.token;
  }

  function token(): Promise<string> {
    if (current && now().getTime() < current.expiresAt - EXPIRY_MARGIN_MS) return Promise.resolve(current.token);
    pendingLogin ??= login().finally(() => {
      pendingLogin = null;
    });
    return pendingLogin;
  }

  /** The answer of a call: 2xx and 4xx come back; network, timeout and 5xx throw (after the retries a GET may make). */
  async function send(call: SamedayCall): Promise<Response> {
    const query = call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    const url = `${base}${call.path}${query}`;
    const retriable = call.method === 'GET';
    let tries = 0;
    let renewed = false;
    for (;;) {
      const used = await token();
      const headers: Record<string, string> = { 'x-auth-token': used, accept: 'application/json, application/pdf' };
      if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
      let res: Response;
      try {
        res = await doFetch(url, { method: call.method, headers, body: call.form ? formEncode(call.form) : undefined, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const e = err as Error;
        const detail = `${call.method} ${call.path}: ${e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : e.message}`;
        if (retriable && tries < retries) {
          await sleep(delay * 2 ** tries++);
          continue;
        }
        throw unavailable(detail);
      }
      // An expired or revoked token: one new login, then the same call again (Sameday did not process it).
      if (res.status === 401 && !renewed) {
        renewed = true;
        if (current?.token === used) current = null;
        await drain(res);
        continue;
      }
      if (res.status >= 500) {
        await drain(res);
        if (retriable && tries < retries) {
          await sleep(delay * 2 ** tries++);
          continue;
        }
        throw unavailable(`${call.method} ${call.path}: HTTP ${res.status}`);
      }
      return res;
    }
  }

  async function refused(call: SamedayCall, res: Response): Promise<never> {
    const body = await res.json().catch(() => null);
    if (res.status === 404) throw new CourierError(call.notFound ?? 'Sameday nu a gasit ce s-a cerut.', 'notFound');
    if (res.status === 401 || res.status === 403 || res.status === 429) throw unavailable(`${call.method} ${call.path}: HTTP ${res.status}`);
    const err = new CourierError(refusalMessage(body), 'invalid');
    err.cause = body;
    throw err;
  }

  return {
    /** A JSON answer (null for an empty 2xx body). */
    async json(call: SamedayCall): Promise<unknown> {
      const res = await send(call);
      if (!res.ok) return refused(call, res);
      const text = await res.text();
      if (!text.trim()) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw unavailable(`${call.method} ${call.path}: the answer is not JSON`);
      }
    },
    /** A PDF answer's bytes. */
    async pdf(call: SamedayCall): Promise<Uint8Array> {
      const res = await send(call);
      if (!res.ok) return refused(call, res);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw unavailable(`${call.method} ${call.path}: the answer is not a PDF`);
      return bytes;
    },
  };
}

export type SamedayApi = ReturnType<typeof samedayApi>;
