// HTTP through the balancer, as a browser would call it: a cookie jar per user, and for every
// answer the instance that gave it (nginx's X-Upstream header, mapped from the port to a name).
import { StageError } from './layout.mjs';

const REQUEST_TIMEOUT_MS = 30_000;

/** One signed-in (or not yet) user: the cookies its answers set. */
export class Session {
  constructor(label) {
    this.label = label;
    this.cookies = new Map();
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

export class Balancer {
  /** `instances`: port -> instance name, for the answers' X-Upstream header. */
  constructor(baseUrl, instances) {
    this.baseUrl = baseUrl;
    this.instances = instances;
    /** Answers per instance, and the requests that got no answer or a 5xx (what a user would have seen fail). */
    this.answered = new Map();
    this.failures = [];
  }

  /** The instance that answered (the last address nginx tried), by name. */
  instanceOf(response) {
    const addresses = (response.headers.get('x-upstream') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const port = Number(addresses.at(-1)?.split(':').at(-1));
    return this.instances.get(port) ?? (addresses.at(-1) || 'nginx itself');
  }

  /**
   * One call: `json` or `form` as the body. Answers status, the parsed JSON (or the text), the
   * answering instance and the headers; a 5xx or no answer is kept in `failures`.
   */
  async call(session, method, path, opts = {}) {
    const headers = { ...(opts.headers ?? {}) };
    if (session?.cookies.size) headers.cookie = session.header();
    let body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    let response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS) });
    } catch (err) {
      const failure = `${method} ${path}: no answer (${err.name === 'TimeoutError' ? `nothing within ${(opts.timeoutMs ?? REQUEST_TIMEOUT_MS) / 1000} s` : err.cause?.code ?? err.message})`;
      this.failures.push(failure);
      throw new StageError(failure);
    }
    session?.take(response);
    const instance = this.instanceOf(response);
    this.answered.set(instance, (this.answered.get(instance) ?? 0) + 1);
    const text = await response.text();
    let parsed = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        /* kept as text */
      }
    }
    if (response.status >= 500) this.failures.push(`${method} ${path}: ${response.status} from ${instance} ${text.slice(0, 200)}`);
    return { status: response.status, body: parsed, instance, headers: response.headers };
  }

  /** A call that must answer `status` (200 unless said): otherwise the stage step fails, naming the call and its answer. */
  async expect(session, method, path, opts = {}) {
    const res = await this.call(session, method, path, opts);
    const wanted = opts.status ?? 200;
    if (res.status !== wanted) {
      const shown = typeof res.body === 'string' ? res.body.slice(0, 300) : JSON.stringify(res.body).slice(0, 300);
      throw new StageError(`${method} ${path} answered ${res.status} (expected ${wanted}) from ${res.instance}: ${shown}`);
    }
    return res;
  }
}
