/**
 * Stripe's REST API (v1) over plain fetch: form-encoded bodies in Stripe's bracket notation,
 * a timeout per attempt, and retries only where Stripe says they are safe (network errors,
 * 409/429/5xx, or its Stripe-Should-Retry header), reusing the request's Idempotency-Key.
 */
export type StripeApiOptions = {
  secretKey: string;
  /** https://api.stripe.com, or a local fake in tests. */
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Further attempts after the first. */
  retries?: number;
  /** The first retry's wait; it doubles each time. */
  retryDelayMs?: number;
};

export type StripeParams = { [key: string]: string | number | boolean | undefined | StripeParams | (string | StripeParams)[] };
export type StripeAnswer = { status: number; body: Record<string, unknown> };

/** Stripe did not give a usable answer (network, timeout, 5xx after retries): the outcome is unknown. */
export class StripeUnavailable extends Error {
  override name = 'StripeUnavailable';
}

/** { a: { b: [ 'x' ] } } -> a[b][0]=x, as Stripe's API expects form bodies. */
export function formEncode(params: StripeParams): string {
  const out = new URLSearchParams();
  const walk = (prefix: string, value: StripeParams[string]) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
    else out.append(prefix, String(value));
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return out.toString();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryable(res: Response): boolean {
  const hint = res.headers.get('stripe-should-retry');
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  return res.status === 409 || res.status === 429 || res.status >= 500;
}

export function stripeApi(opts: StripeApiOptions) {
  const doFetch = opts.fetch ?? fetch;
  const retries = opts.retries ?? 2;
  const delay = opts.retryDelayMs ?? 500;

  return {
    /** 2xx and 4xx answers come back (a 4xx carries Stripe's `error` object); anything else throws StripeUnavailable. */
    async request(method: 'GET' | 'POST', path: string, params: StripeParams = {}, idempotencyKey?: string): Promise<StripeAnswer> {
      const encoded = formEncode(params);
      const url = `${opts.apiBase}${path}${method === 'GET' && encoded ? `?${encoded}` : ''}`;
      const headers: Record<string, string> = { authorization: `Bearer ${opts.secretKey}`, accept: 'application/json' };
      if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;

      let failure = 'no attempt';
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await sleep(delay * 2 ** (attempt - 1));
        let res: Response;
        try {
          res = await doFetch(url, {
            method,
            headers,
            body: method === 'POST' ? encoded : undefined,
            signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
          });
        } catch (err) {
          failure = `network: ${(err as Error).message}`;
          continue;
        }
        if (retryable(res)) {
          failure = `HTTP ${res.status}`;
          await res.body?.cancel();
          continue;
        }
        const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
        if (!body || typeof body !== 'object') {
          failure = `HTTP ${res.status} without a JSON body`;
          break;
        }
        return { status: res.status, body };
      }
      throw new StripeUnavailable(`Stripe ${method} ${path} failed: ${failure}`);
    },
  };
}

export type StripeApi = ReturnType<typeof stripeApi>;
