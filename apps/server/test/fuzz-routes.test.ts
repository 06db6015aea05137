import { BANK_STATEMENT_MESSAGES, RECONCILIATION_MESSAGES, REPAYMENT_REPORT_MESSAGES, REPAYMENT_SHEET_MESSAGES, STORE_BULK_SERVICE_INVALID, STORE_LIST_FILTER_MESSAGES, STORE_REFUSAL_MESSAGES, SUBSCRIPTION_ERRORS, USER_TYPE, messages } from '@colete/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { createTestApp, createUser, sessionCookie, type TestUser } from './helper.js';

/*
 * Malformed input against every route of the OpenAPI document (/api/docs/json): for each path and
 * method, inputs built from the route's own schemas (path parameters, query, body) with wrong
 * types, huge strings, deep nesting, unknown fields, nulls, lone surrogates, SQL- and HTML-looking
 * text, empty and foreign bodies, numbers out of range and invalid ids; each sent signed out, as a
 * client and as an admin. No answer may be a 5xx or carry a stack trace, SQL text or a file path,
 * and a refused API call speaks the catalogue's Romanian (its message and every field error).
 * A route added to the server is fuzzed without anyone writing a test for it; a route hidden from
 * the document must be named in HIDDEN_ROUTES (and is fuzzed with the generic inputs) or this fails.
 */

type Schema = Record<string, unknown>;
type Param = { name: string; in: string; schema?: Schema; required?: boolean };
type Operation = { method: string; path: string; params: Param[]; body?: Schema };
type Case = { label: string; url: string; payload?: string | Buffer; contentType?: string; generic?: boolean; acting?: boolean; sent?: string[] };
type Role = 'signed out' | 'client' | 'admin';

/** Routes the document leaves out on purpose, each with why; they get the generic inputs too. */
const HIDDEN_ROUTES: Record<string, string> = {
  'GET /api/user/invoicing-system/connect/callback': 'the e-Factura OAuth redirect target (a browser lands on it)',
  'GET /api/user/integration/shopify/callback': "the shop's OAuth redirect target (a browser lands on it; every parameter is signed)",
  'POST /api/integration/shopify/webhooks': 'Shopify webhooks: HMAC on the raw body, so garbage must answer 401',
  'POST /api/payments/webhook/stripe': 'Stripe webhook (PAYMENTS=stripe only): needs a signature, so garbage must answer 400',
};
/** Swagger UI's own files and the HEAD twin Fastify adds to every GET are not API routes. */
const isDocsRoute = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');
/**
 * Once the web app is built, the server registers one GET route per file of apps/web/dist (the
 * static files take no input): those are the build's files, not API routes. Only a path that is
 * a file of the build counts, so a new hidden route elsewhere is still caught.
 */
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const isWebBuildFile = (route: { method: string; path: string }) =>
  route.method === 'GET' && !route.path.startsWith('/api/') && fs.statSync(path.join(WEB_DIST, route.path), { throwIfNoEntry: false })?.isFile() === true;

const MIN_CASES_PER_ROUTE = 30;
const FUZZ_ADDRESS = '203.0.113.77'; // a test-net address of its own, so sign-in limits never hit the re-login below
const HUGE = 'x'.repeat(1_000_000);
const LONG = 'ș'.repeat(10_000);
const HUGE_BODY = JSON.stringify({ a: HUGE });
const OVERSIZED_BODY = JSON.stringify({ a: 'x'.repeat(1_100_000) });
const deepArray = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i += 1) v = [v];
  return v;
};
const deepObject = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i += 1) v = { a: v };
  return v;
};

/** Values of the wrong type, shape or range for any field. */
const BAD_VALUES: { label: string; value: unknown }[] = [
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'zero', value: 0 },
  { label: 'negative', value: -1 },
  { label: 'fraction', value: 1.5 },
  { label: 'huge number', value: 1e308 },
  { label: 'huge negative', value: -1e308 },
  { label: 'int32 overflow', value: 2 ** 31 },
  { label: 'unsafe integer', value: Number.MAX_SAFE_INTEGER + 2 },
  { label: 'empty string', value: '' },
  { label: 'blank string', value: '   ' },
  { label: 'word', value: 'abc' },
  { label: 'lone surrogate', value: '\uD800' },
  { label: 'lone low surrogate', value: 'a\uDC00b' },
  { label: 'sql quote', value: "' OR '1'='1' --" },
  { label: 'sql statement', value: '1; DROP TABLE users; --' },
  { label: 'sql select', value: "x' UNION SELECT password_hash FROM users --" },
  { label: 'html script', value: '<script>alert(1)</script>' },
  { label: 'html img', value: '<img src=x onerror=alert(1)>' },
  { label: 'path traversal', value: '../../../../etc/passwd' },
  { label: 'template', value: '${7*7}{{7*7}}' },
  { label: 'foreign digits', value: '١٢٣' },
  { label: 'numeric text', value: '1e400' },
  { label: 'empty array', value: [] },
  { label: 'mixed array', value: ['a', 1, null, {}] },
  { label: 'empty object', value: {} },
  { label: 'operator object', value: { $ne: null, $gt: '' } },
  { label: 'long string', value: LONG },
  { label: 'deep array', value: deepArray(1000) },
  { label: 'deep object', value: deepObject(1000) },
];

/** Raw (already encoded) path segments for every path parameter. */
const BAD_SEGMENTS: string[] = [
  'abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'), '%ED%A0%80', '%', '..%2F..%2F..%2Fetc%2Fpasswd', '%D9%A1', 'x'.repeat(6000),
];

/** Query values for every query parameter (raw, already encoded). */
const BAD_QUERY_VALUES: string[] = ['', 'abc', '-1', '1.5', '99999999999999999999', '%ED%A0%80', encodeURIComponent("' OR 1=1 --"), '%', 'z'.repeat(5000)];

/** The whole body replaced by one of these. */
const WHOLE_BODY_BAD = ['null', 'true', 'zero', 'huge negative', 'empty string', 'lone surrogate', 'sql select', 'html script', 'empty array', 'mixed array', 'long string', 'deep array', 'deep object'];

/** Inputs every route gets, whatever its schemas. */
function genericCases(url: string): Case[] {
  return genericInputs(url).map((c) => ({ ...c, generic: true }));
}

function genericInputs(url: string): Case[] {
  const sep = url.includes('?') ? '&' : '?';
  const json = 'application/json';
  const boundary = '----fuzz';
  const multipart = (body: string) => ({ contentType: `multipart/form-data; boundary=${boundary}`, payload: body });
  const part = (name: string, filename: string, type: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
  return [
    { label: 'query: selectedClient word', url: `${url}${sep}selectedClient=abc`, acting: true },
    { label: 'query: selectedClient negative', url: `${url}${sep}selectedClient=-5`, acting: true },
    { label: 'query: selectedClient out of range', url: `${url}${sep}selectedClient=2147483648`, acting: true },
    { label: 'query: selectedClient unknown', url: `${url}${sep}selectedClient=2000000000`, acting: true },
    { label: 'query: selectedClient twice', url: `${url}${sep}selectedClient=1&selectedClient=2`, acting: true },
    { label: 'query: selectedCompany sql', url: `${url}${sep}selectedCompany=${encodeURIComponent("1' OR '1'='1")}`, acting: true },
    { label: 'query: proto', url: `${url}${sep}__proto__=x&constructor=y&prototype=z` },
    { label: 'query: unknown html', url: `${url}${sep}unknownField=${encodeURIComponent('<script>alert(1)</script>')}` },
    { label: 'query: lone surrogate name', url: `${url}${sep}%ED%A0%80=1` },
    { label: 'query: broken escape', url: `${url}${sep}a=%&b=%zz` },
    { label: 'query: huge', url: `${url}${sep}q=${HUGE}` },
    { label: 'body: empty json', url, contentType: json, payload: '' },
    { label: 'body: broken json', url, contentType: json, payload: '{"a":' },
    { label: 'body: json null', url, contentType: json, payload: 'null' },
    { label: 'body: json array', url, contentType: json, payload: '[]' },
    { label: 'body: json string', url, contentType: json, payload: '"text"' },
    { label: 'body: json number', url, contentType: json, payload: '12345678901234567890' },
    { label: 'body: escaped lone surrogate', url, contentType: json, payload: '{"name":"\\ud800","x":"\\udfff"}' },
    { label: 'body: proto pollution', url, contentType: json, payload: '{"__proto__":{"userType":2},"a":1}' },
    { label: 'body: constructor pollution', url, contentType: json, payload: '{"constructor":{"prototype":{"userType":2}}}' },
    { label: 'body: 1000 nested arrays', url, contentType: json, payload: JSON.stringify(deepArray(1000)) },
    { label: 'body: 1000 nested objects', url, contentType: json, payload: JSON.stringify(deepObject(1000)) },
    { label: 'body: 1 MB string', url, contentType: json, payload: HUGE_BODY },
    { label: 'body: over the size limit', url, contentType: json, payload: OVERSIZED_BODY },
    { label: 'body: nul byte', url, contentType: json, payload: '{"a":"\\u0000"}' },
    { label: 'body: text/plain', url, contentType: 'text/plain', payload: 'hello' },
    { label: 'body: form', url, contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%&selectedClient=abc' },
    { label: 'body: xml', url, contentType: 'application/xml', payload: '<a><b>1</b></a>' },
    { label: 'body: utf-16 json', url, contentType: 'application/json; charset=utf-16', payload: '{}' },
    { label: 'body: multipart no boundary', url, contentType: 'multipart/form-data', payload: 'garbage' },
    { label: 'body: multipart broken', url, ...multipart(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx`) },
    { label: 'body: multipart text file', url, ...multipart(`${part('file', 'a.txt', 'text/plain', 'not an image')}--${boundary}--\r\n`) },
    {
      label: 'body: multipart two files',
      url,
      ...multipart(`${part('file', 'a.png', 'image/png', 'x')}${part('file', 'b.png', 'image/png', 'y')}--${boundary}--\r\n`),
    },
    { label: 'body: multipart big file', url, ...multipart(`${part('file', 'a.png', 'image/png', 'p'.repeat(60_000))}--${boundary}--\r\n`) },
  ];
}

// ---------- samples from JSON Schema ----------

function makeResolver(doc: { components?: { schemas?: Record<string, Schema> } }) {
  return function resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; i < 10 && typeof s.$ref === 'string'; i += 1) {
      const name = (s.$ref as string).split('/').pop()!;
      s = doc.components?.schemas?.[name] ?? {};
    }
    return s;
  };
}

const PATTERN_CANDIDATES = ['123456', 'abc', 'abcdef12', 'RO', 'A4', '12:00', '2026-01-15', '+40722000000', 'RO49AAAA1B31007593840000', '1'];

/** Values a field's name in the document asks for, so a sample passes validation and mutations reach the handlers. */
const NAME_HINTS: [RegExp, string | number][] = [
  [/email/i, 'fuzz@test.ro'],
  [/phone/i, '+40722000000'],
  [/iban|bankAccount/i, 'RO66BACX0000001234567890'],
  [/^postalCode$/, '400114'],
  [/^countyCode$/, 'CJ'],
  [/^city$/, 'Cluj-Napoca'],
  [/^street$/, 'Memorandumului'],
  [/^number$/, '28'],
  [/amount|balance/i, 200],
];

function hinted(name: string | undefined, s: Schema): unknown {
  if (!name) return undefined;
  const hit = NAME_HINTS.find(([re, v]) => re.test(name) && typeof v === (s.type === 'string' ? 'string' : 'number'));
  return hit?.[1];
}

function sampleString(s: Schema): string {
  if (s.format === 'date') return '2026-01-15';
  if (s.format === 'date-time') return '2026-01-15T10:00:00.000Z';
  if (s.format === 'email') return 'fuzz@test.ro';
  if (s.format === 'uuid') return '3f0c3e3a-1b2c-4d5e-8f90-123456789abc';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.ro/';
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern);
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
    if (hit) return hit;
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  return 'fuzz'.padEnd(Math.max(min, 4), 'z').slice(0, Math.max(min, typeof s.maxLength === 'number' ? Math.min(4, s.maxLength) : 4));
}

function sample(resolve: (s: Schema | undefined) => Schema, schema: Schema | undefined, depth = 0, name?: string): unknown {
  const s = resolve(schema);
  if (depth > 8) return null;
  const hint = hinted(name, s);
  if (hint !== undefined && (s.type === 'string' || s.type === 'number' || s.type === 'integer')) return hint;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives?.length) {
    const first = alternatives.find((a) => resolve(a).type !== 'null') ?? alternatives[0];
    return sample(resolve, first, depth + 1, name);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...(s.allOf as Schema[]).map((a) => sample(resolve, a, depth + 1)).filter((v) => v && typeof v === 'object'));
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 1;
      return type === 'integer' ? Math.max(1, Math.ceil(min)) : Math.max(1, min);
    }
    case 'boolean':
      return true;
    case 'array':
      return typeof s.minItems === 'number' && s.minItems > 0 ? Array.from({ length: s.minItems }, () => sample(resolve, s.items as Schema, depth + 1, name)) : [];
    case 'object':
    default: {
      if (type !== 'object' && !s.properties) return 'fuzz';
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) out[k] = sample(resolve, v, depth + 1, k);
      return out;
    }
  }
}

/** Paths of the fields of a sample body (objects and the first element of arrays), at most three deep. */
function fieldPaths(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth >= 3 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? (value.length ? [[0, value[0]]] : []) : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k], depth + 1)]);
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

function mapStrings(value: unknown, fn: (s: string) => unknown): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

function mapNumbers(value: unknown, fn: (n: number) => unknown): unknown {
  if (typeof value === 'number') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapNumbers(v, fn));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapNumbers(v, fn)]));
  return value;
}

/** Every malformed input for one operation, built from its own schemas. */
function casesFor(op: Operation, resolve: (s: Schema | undefined) => Schema): Case[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(sample(resolve, p.schema)))]));
  const urlWith = (values: Record<string, string>, query = '') => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? '');
    return query ? `${path}?${query}` : path;
  };
  const baseQuery = queryParams
    .filter((p) => p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(resolve, p.schema)))}`)
    .join('&');
  const baseUrl = urlWith(pathValues, baseQuery);
  const json = 'application/json';
  const cases: Case[] = genericCases(baseUrl);

  pathParams.forEach((p, i) => {
    for (const segment of BAD_SEGMENTS) cases.push({ label: `path ${p.name}=${segment.slice(0, 30)}`, url: urlWith({ ...pathValues, [p.name]: segment }, baseQuery) });
    if (i === 0) cases.push({ label: `path ${p.name} 1 MB`, url: urlWith({ ...pathValues, [p.name]: HUGE }, baseQuery) });
  });
  for (const p of queryParams) {
    const others = queryParams.filter((q) => q !== p && q.required).map((q) => `${q.name}=${encodeURIComponent(String(sample(resolve, q.schema)))}`);
    const withValue = (raw: string) => urlWith(pathValues, [...others, `${encodeURIComponent(p.name)}=${raw}`].join('&'));
    for (const raw of BAD_QUERY_VALUES) cases.push({ label: `query ${p.name}=${raw.slice(0, 30)}`, url: withValue(raw) });
    cases.push({ label: `query ${p.name} twice`, url: withValue(`1&${encodeURIComponent(p.name)}=2`) });
    cases.push({ label: `query ${p.name} bracketed`, url: urlWith(pathValues, [...others, `${encodeURIComponent(p.name)}[a]=1`].join('&')) });
  }

  if (op.body) {
    const body = sample(resolve, op.body);
    const send = (label: string, value: unknown) => cases.push({ label, url: baseUrl, contentType: json, payload: JSON.stringify(value) });
    send('body: schema sample', body);
    for (const bad of BAD_VALUES.filter((b) => WHOLE_BODY_BAD.includes(b.label))) send(`body: whole ${bad.label}`, bad.value);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      send('body: unknown fields', { ...body, unknownField: '<script>alert(1)</script>', isAdmin: true, userType: USER_TYPE.admin, id: 1, userId: 1 });
      send('body: array instead of object', [body]);
    }
    send('body: every string sql', mapStrings(body, () => "'; DROP TABLE users; --"));
    send('body: every string html', mapStrings(body, () => '<svg onload=alert(1)>'));
    send('body: every string lone surrogate', mapStrings(body, () => '\uD800'));
    send('body: every string long', mapStrings(body, () => LONG));
    send('body: every number out of range', mapNumbers(body, () => 1e308));
    send('body: every number negative', mapNumbers(body, () => -2147483649));
    send('body: every number fraction', mapNumbers(body, () => 0.000001));
    const paths = fieldPaths(body);
    let firstHuge = true;
    paths.forEach((path, i) => {
      // Each field gets two bad values; across fields the rotation uses every one of them.
      for (let j = 0; j < 2; j += 1) {
        const bad = BAD_VALUES[(i * 2 + j) % BAD_VALUES.length]!;
        send(`body ${path.join('.')}: ${bad.label}`, setAt(body, path, bad.value));
      }
      send(`body ${path.join('.')}: missing`, setAt(body, path, undefined));
      if (firstHuge && typeof getAt(body, path) === 'string') {
        firstHuge = false;
        send(`body ${path.join('.')}: 1 MB string`, setAt(body, path, HUGE.slice(0, 900_000)));
      }
    });
  }
  return cases;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  let node = root as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}

/**
 * A lone UTF-16 surrogate is never text: a request carrying one (in a JSON body, escaped, or in the
 * URL as its UTF-8 form %ED%A0%80) is refused, whatever the route.
 */
const LONE_SURROGATE_ESCAPE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;
function carriesLoneSurrogate(c: Case, method: string): boolean {
  if (/%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i.test(c.url)) return true;
  const json = (c.contentType ?? '').startsWith('application/json') && !c.contentType?.includes('utf-16');
  return method !== 'GET' && json && typeof c.payload === 'string' && c.payload.length < 1_000_000 && LONE_SURROGATE_ESCAPE.test(c.payload);
}

// ---------- what an answer must never carry ----------

const LEAKS: [RegExp, string][] = [
  [/\bat [\w$.<>[\] ]*\(?[^\s()]*:\d+:\d+\)?/, 'stack frame'],
  [/\.(?:ts|tsx|js|mjs|cjs):\d+/, 'source file position'],
  [/\bnode_modules\b|file:\/\//, 'file path'],
  [/(?:^|[\s"'(=:])\/(?:home|work|usr|tmp|etc|var|root|opt|srv|app)\/[\w.-]/, 'file path'],
  [/\bselect\b[^.]{0,200}\bfrom\b/i, 'SQL'],
  [/\binsert into\b|\bdelete from\b|\bupdate\s+"?\w+"?\s+set\b/i, 'SQL'],
  [/syntax error|\brelation\b|violates [\w\s-]*constraint|duplicate key|invalid input syntax|SQLSTATE|\bpg_\w+|drizzle/i, 'SQL'],
  [/\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/, 'exception name'],
];

/** Strings the request carried: an answer that repeats the client's own input leaks nothing. */
function sentStrings(c: Case): string[] {
  c.sent ??= collectSent(c);
  return c.sent;
}

function collectSent(c: Case): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    if (s.length >= 3) out.add(s);
  };
  for (const piece of c.url.split(/[/?&=]/)) {
    try {
      add(decodeURIComponent(piece));
    } catch {
      add(piece);
    }
  }
  if (typeof c.payload === 'string') {
    add(c.payload);
    try {
      mapStrings(JSON.parse(c.payload), (s) => add(s));
    } catch {
      /* not JSON */
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

function leakIn(res: LightMyRequestResponse, c: Case): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (!/json|text|html|xml/.test(type) && res.body.length > 0 && type !== '') return null; // PDFs, images: binary answers
  const sent = sentStrings(c);
  const texts: string[] = [];
  if (type.includes('json')) {
    try {
      mapStrings(res.json(), (s) => texts.push(s));
      texts.push(...Object.keys(flattenKeys(res.json())));
    } catch {
      texts.push(res.body);
    }
  } else {
    texts.push(res.body);
  }
  for (let text of texts) {
    for (const s of sent) text = text.split(s).join(' ');
    for (const [re, what] of LEAKS) {
      const m = re.exec(text);
      if (m) return `${what}: ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 80))}`;
    }
  }
  return null;
}

function flattenKeys(value: unknown, out: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out[k] = true;
      flattenKeys(v, out);
    }
  }
  return out;
}

// ---------- the catalogue's texts ----------

/** Every text of the catalogue; texts built by a function are matched as patterns. */
function catalogue() {
  const texts = new Set<string>(Object.values(SUBSCRIPTION_ERRORS));
  const patterns: RegExp[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (typeof value === 'function') {
      for (const flag of [true, false]) {
        const text = String((value as (...a: unknown[]) => unknown)('@@', flag));
        patterns.push(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/@@/g, '.+')}$`, 's'));
      }
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(messages);
  // Texts only one area's calls answer, kept in that area's contract file (off the first-load budget).
  walk(REPAYMENT_REPORT_MESSAGES);
  walk(REPAYMENT_SHEET_MESSAGES);
  walk(BANK_STATEMENT_MESSAGES);
  walk(RECONCILIATION_MESSAGES);
  walk(STORE_LIST_FILTER_MESSAGES);
  walk(STORE_BULK_SERVICE_INVALID);
  walk(STORE_REFUSAL_MESSAGES);
  return (text: unknown) => typeof text === 'string' && (texts.has(text) || patterns.some((p) => p.test(text)));
}
const inCatalogue = catalogue();

/** A refused API call answers the catalogue's Romanian texts: its message and every field's. */
function foreignText(res: LightMyRequestResponse, c: Case): string | null {
  if (res.statusCode < 400 || !c.url.startsWith('/api/') || !String(res.headers['content-type'] ?? '').includes('json')) return null;
  const body = res.json() as { message?: unknown; errors?: Record<string, unknown> };
  if (!inCatalogue(body.message)) return `message not from the catalogue: ${JSON.stringify(body.message)}`;
  const field = Object.entries(body.errors ?? {}).find(([, v]) => !inCatalogue(v));
  return field ? `field ${field[0]} not from the catalogue: ${JSON.stringify(field[1])}` : null;
}

// ---------- the app, the users, the routes ----------

const ctx = await createTestApp();
// The Romanian nomenclature, so address and search inputs reach its queries.
await loadNomenclature(ctx.database);
// A second instance on the same database with Stripe configured, for the routes only it registers (its webhook).
const stripeApp = await buildApp({
  config: testConfig({
    payments: 'stripe',
    stripe: { secretKey: 'sk_test_fuzz', webhookSecret: 'whsec_fuzz', apiBase: 'http://127.0.0.1:9' },
    publicUrl: 'https://colete.example.ro',
  }),
  database: ctx.database,
});
await stripeApp.ready();
const client = await createUser(ctx, { name: 'Fuzz Client SRL' });
const admin = await createUser(ctx, { name: 'Fuzz Admin', userType: USER_TYPE.admin });
const docRes = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
const doc = docRes.json() as { paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>; components?: { schemas?: Record<string, Schema> } };
const resolve = makeResolver(doc);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const documented: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([m, op]) => ({
      method: m.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
);

/** Every route an instance registered, from Fastify's own route table (':id' written '{id}'). */
function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') out.push({ method, path: path.replace(/:(\w+)/g, '{$1}') });
    }
  }
  return out;
}

const documentedKeys = new Set(documented.map((o) => `${o.method} ${o.path}`));
const mainRoutes = registeredRoutes(ctx.app).filter((r) => !isDocsRoute(r.path) && !isWebBuildFile(r));
const stripeOnly = registeredRoutes(stripeApp).filter((r) => !isDocsRoute(r.path) && !isWebBuildFile(r) && !mainRoutes.some((x) => x.method === r.method && x.path === r.path));
const hidden = [...mainRoutes.map((r) => ({ ...r, app: ctx.app })), ...stripeOnly.map((r) => ({ ...r, app: stripeApp }))].filter(
  (r) => !documentedKeys.has(`${r.method} ${r.path}`),
);

const sessions: Record<Exclude<Role, 'signed out'>, TestUser> = { client, admin };
/** A fuzzed sign-out or password call may end a session: sign in again before the next route. */
async function ensureSignedIn(user: TestUser) {
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
  if (me.statusCode === 200) return;
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
  expect(res.statusCode, `signing ${user.email} in again`).toBe(200);
  user.cookie = sessionCookie(res);
}

let requestsSent = 0;
/**
 * Every input goes signed out and as a client. The admin gets every input on the routes a client is
 * refused (403: admin routes) and the acting-as-client selections elsewhere, where an admin acting
 * for themselves takes the client's path.
 */
async function fuzz(app: FastifyInstance, method: string, cases: Case[]) {
  const failures: string[] = [];
  const probe = cases.find((c) => !c.generic) ?? cases[0]!;
  const asClient = await app.inject({
    method: method as InjectOptions['method'],
    url: probe.url,
    headers: { cookie: client.cookie, ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
    remoteAddress: FUZZ_ADDRESS,
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
  const adminRoute = asClient.statusCode === 403;
  const jobs = [
    ...cases.map((c) => ({ role: 'signed out' as Role, c })),
    ...cases.map((c) => ({ role: 'client' as Role, c })),
    ...cases.filter((c) => adminRoute || c.acting).map((c) => ({ role: 'admin' as Role, c })),
  ];
  const CONCURRENCY = 8;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { role, c } = jobs[next++]!;
      const headers: Record<string, string> = {};
      if (role !== 'signed out') headers.cookie = sessions[role].cookie;
      if (c.contentType) headers['content-type'] = c.contentType;
      const opts: InjectOptions = { method: method as InjectOptions['method'], url: c.url, headers, remoteAddress: FUZZ_ADDRESS };
      if (c.payload !== undefined) opts.payload = c.payload;
      const res = await app.inject(opts);
      requestsSent += 1;
      const where = `${role} ${c.label} -> ${res.statusCode}`;
      if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 300)}`);
      if (res.statusCode < 400 && carriesLoneSurrogate(c, method)) failures.push(`${where}: a lone surrogate was accepted`);
      const leak = leakIn(res, c) ?? foreignText(res, c);
      if (leak) failures.push(`${where}: ${leak}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await ensureSignedIn(client);
  await ensureSignedIn(admin);
  return failures;
}

const routeCounts: number[] = [];
afterAll(async () => {
  const perRoute = routeCounts.length ? `${Math.min(...routeCounts)}-${Math.max(...routeCounts)} inputs per route` : '';
  console.info(`fuzz: ${documented.length} documented routes + ${hidden.length} hidden, ${perRoute}, ${requestsSent} requests`);
  await stripeApp.close();
  await ctx.close();
});

describe('every route of the OpenAPI document answers malformed input without a 5xx or a leak', () => {
  it('the document lists the API (and every route it leaves out is named)', () => {
    expect(docRes.statusCode).toBe(200);
    expect(documented.length).toBeGreaterThan(50);
    const unnamed = hidden.map((r) => `${r.method} ${r.path}`).filter((k) => !(k in HIDDEN_ROUTES));
    expect(unnamed, 'routes missing from the OpenAPI document and from HIDDEN_ROUTES').toEqual([]);
    const stale = Object.keys(HIDDEN_ROUTES).filter((k) => !hidden.some((r) => `${r.method} ${r.path}` === k));
    expect(stale, 'HIDDEN_ROUTES entries that are no longer hidden routes').toEqual([]);
  });

  for (const op of documented) {
    it(`${op.method} ${op.path}`, { timeout: 120_000 }, async () => {
      const cases = casesFor(op, resolve);
      expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES_PER_ROUTE);
      routeCounts.push(cases.length);
      const failures = await fuzz(ctx.app, op.method, cases);
      expect(failures, `${op.method} ${op.path}`).toEqual([]);
    });
  }

  for (const r of hidden) {
    it(`${r.method} ${r.path} (hidden from the document)`, { timeout: 120_000 }, async () => {
      const url = r.path.replace(/\{[^}]+\}/g, 'abc');
      const cases = [
        ...genericCases(url),
        ...BAD_QUERY_VALUES.map((v) => ({ label: `query code=${v.slice(0, 20)}`, url: `${url}?code=${v}&state=${v}&error=${v}` })),
        ...BAD_VALUES.map((b) => ({ label: `body ${b.label}`, url, contentType: 'application/json', payload: JSON.stringify({ type: b.value, data: { object: b.value } }) })),
      ];
      expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES_PER_ROUTE);
      const failures = await fuzz(r.app, r.method, cases);
      expect(failures, `${r.method} ${r.path}`).toEqual([]);
    });
  }
});
