import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_SENDER_QUEUE } from '../src/jobs/mail-sender.js';
import { STRIPE_WEBHOOK_PATH } from '../src/integrations/payments/stripe-webhook.js';
import { fakeSmtpServer } from './support/smtp-server.js';

/*
 * A real server process (src/main.ts) gets SIGTERM while a request and a job are both in the
 * middle of talking to slow outside services, as they would in production:
 * - the request: a card top-up, whose Checkout Session the card processor (a local stand-in for
 *   Stripe's API, PAYMENTS=stripe with STRIPE_API_BASE) has not answered yet;
 * - the job: the mail sender, sending the top-ups' invoice mails to an SMTP server (MAIL=smtp)
 *   that has not accepted the first message yet.
 * Nothing in the server is made slow for the test: the outside services are.
 * The server's database is PGlite in a folder, or a fresh PostgreSQL database in the
 * PostgreSQL pass (TEST_DATABASE_URL); the test reads it after the process has exited.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
const WEBHOOK_SECRET = 'whsec_shutdowntest';
const MAILS = 12; // more than one batch of the mail sender (10)

type Gate = { open: () => void; wait: Promise<void> };
function gate(): Gate {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { open, wait };
}

/** Stripe's API, as far as a top-up needs it: Checkout Sessions (held while `holdCheckout` is set) and PaymentIntents. */
async function fakeStripe() {
  const state = { holdCheckout: null as Gate | null, checkoutArrived: gate() };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const held = state.holdCheckout;
        if (held) {
          state.checkoutArrived.open();
          await held.wait;
        }
        const id = `cs_test_${form.client_reference_id!.replace(/-/g, '')}`;
        return answer(200, { id, object: 'checkout.session', status: 'open', client_reference_id: form.client_reference_id, url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      const intent = url.pathname.match(/^\/v1\/payment_intents\/(pi_\w+)$/);
      if (req.method === 'GET' && intent) {
        return answer(200, {
          id: intent[1],
          object: 'payment_intent',
          status: 'succeeded',
          customer: null,
          setup_future_usage: null,
          payment_method: { id: 'pm_1Visa', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
          last_payment_error: null,
        });
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('graceful shutdown', () => {
  it('on SIGTERM a slow request completes, the running job finishes what it holds and stops, the database closes, exit 0', { timeout: 150_000 }, async () => {
    const stripe = await fakeStripe();
    cleanups.push(stripe.close);
    // The SMTP server holds its answer to the first message until the test lets it go.
    const smtpHold = gate();
    const firstMailArrived = gate();
    let held = false;
    const smtp = await fakeSmtpServer({
      onMessageStart: () => firstMailArrived.open(),
      beforeAccept: async () => {
        if (held) return;
        held = true;
        await smtpHold.wait;
      },
    });
    cleanups.push(smtp.close);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'co-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const postgres = process.env.TEST_DATABASE_URL;
    let databaseUrl = '';
    if (postgres) {
      const name = `co_shutdown_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(postgres);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      cleanups.push(async () => {
        const dropper = new pg.Client({ connectionString: postgres });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      });
    }

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO_SEED: 'false',
        JOBS: 'true',
        LOG_LEVEL: 'info',
        PRINT_LISTEN_URL: '1',
        NODE_ENV: 'test',
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_shutdown',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: 'http://127.0.0.1:3000',
        MAIL: 'smtp',
        SMTP_URL: smtp.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => void (child.exitCode === null && child.kill('SIGKILL')));
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const waitFor = (re: RegExp, ms: number) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${re} in: ${output}`)), ms);
        const poll = setInterval(() => {
          const m = output.match(re);
          if (m) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(m);
          }
        }, 25);
      });
    /** A step that does not happen in time fails with the server's output. */
    const within = <T,>(promise: Promise<T>, ms: number, what: string) =>
      Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms; server output:\n${output}`)), ms))]);
    const url = (await waitFor(/LISTENING (http:\/\/\S+)/, 90_000))[1]!;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // A client with billing data, and twelve paid top-ups: each one's invoice mail goes to the outbox.
    const email = `oprire.${Date.now()}@test.ro`;
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountType: 'company', name: 'Oprire Curata SRL', email, phone: '+40722000000', password: 'Parola123!' }),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    // Billing data (an individual, verified at once), so each top-up is invoiced.
    const billing = await fetch(`${url}/api/user/billing/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        entityData: { name: 'Ana Popescu', isCompany: false, identificationCode: '1800101123450' },
        address: { countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' },
      }),
    });
    expect(billing.status, await billing.clone().text()).toBe(200);
    const topUp = () =>
      fetch(`${url}/api/user/prepay/top-up`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ amount: 100 }) });
    for (let i = 0; i < MAILS; i++) {
      const started = await topUp();
      expect(started.status).toBe(200);
      const { identifier } = (await started.json()) as { identifier: string };
      const event = JSON.stringify({
        id: `evt_${i}`,
        type: 'checkout.session.completed',
        data: { object: { object: 'checkout.session', client_reference_id: identifier, payment_intent: `pi_${i}x`, payment_status: 'paid', amount_total: 10_000, currency: 'ron', metadata: { payment: identifier } } },
      });
      const t = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${event}`).digest('hex');
      const hook = await fetch(`${url}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${signature}` }, body: event });
      expect(hook.status).toBe(200);
    }

    // The mail sender is running (the SMTP server has the first message and has not answered).
    await within(firstMailArrived.wait, 30_000, 'the first invoice mail reaching the SMTP server');
    // A request in flight: the processor has it and has not answered.
    stripe.state.holdCheckout = gate();
    const slow = topUp().then(async (res) => ({ status: res.status, body: (await res.json()) as { success: boolean; identifier: string; url: string } }));
    await within(stripe.state.checkoutArrived.wait, 10_000, 'the top-up reaching the card processor');

    child.kill('SIGTERM');
    await waitFor(/shutting down/, 10_000);
    // The slow outside services answer only now, after the signal.
    await new Promise((r) => setTimeout(r, 500));
    stripe.state.holdCheckout.open();
    smtpHold.open();

    const answer = await within(slow, 15_000, 'the answer to the slow request');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, identifier: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(answer.body.url).toBe(`https://checkout.stripe.com/c/pay/cs_test_${answer.body.identifier.replace(/-/g, '')}`);
    expect(await within(exited, 30_000, 'the exit'), output).toBe(0);
    expect(output).toContain('jobs stopped');
    expect(output).toContain('stopped: requests finished, jobs stopped, database closed');
    expect(output).not.toMatch(/shutdown took too long|shutdown failed|job queue error/);

    // What the closed database holds.
    let query: <T>(text: string, values?: unknown[]) => Promise<T[]>;
    if (postgres) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      cleanups.push(() => client.end());
      query = async <T,>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[];
    } else {
      const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
      cleanups.push(() => db.close());
      query = async <T,>(text: string, values?: unknown[]) => (await db.query<T>(text, values)).rows;
    }
    const mails = await query<{ status: string; attempts: number }>("SELECT status, attempts FROM mail_outbox WHERE kind = 'sendInvoiceMail' ORDER BY id");
    expect(mails).toHaveLength(MAILS);
    const sent = mails.filter((m) => m.status === 'sent');
    // The batch in hand was sent, each mail once, and the run took no further batch.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(smtp.received).toHaveLength(sent.length);
    const left = mails.filter((m) => m.status !== 'sent');
    expect(left.length).toBeGreaterThanOrEqual(MAILS - 10);
    expect(left.every((m) => m.status === 'pending' && m.attempts === 0)).toBe(true);
    // pg-boss recorded the run as completed, stopped on the signal; nothing is left active.
    const runs = await query<{ state: string; output: { sent?: number; stopped?: boolean } | null }>('SELECT state, output FROM pgboss.job WHERE name = $1', [MAIL_SENDER_QUEUE]);
    expect(runs.filter((r) => r.state === 'active')).toEqual([]);
    expect(runs.filter((r) => r.state === 'completed' && r.output?.stopped === true).map((r) => r.output?.sent)).toEqual([sent.length]);
  });
});
