// What the stage does through the balancer, as the platform's users would: each step answers what
// it saw, and throws (StageError) with the call and the answer when something is not as expected.
import { Session } from './client.mjs';
import { StageError, assertAlive, sleep } from './layout.mjs';

export const DEMO = {
  client: { email: 'client@demo.ro', password: 'Client123!' },
  admin: { email: 'admin@demo.ro', password: 'Admin123!' },
};
/** The demo client's user id and its Shopify simulator shop account (both the demo seed's first rows). */
export const DEMO_CLIENT_ID = 1;
const LOOKUP_LIMIT = 10;

const bani = (lei) => Math.round(Number(lei) * 100);
const count = (items) => [...items.reduce((m, i) => m.set(i, (m.get(i) ?? 0) + 1), new Map())].map(([k, n]) => `${k} ${n}`).join(', ');

/** Signs in, then calls /api/auth/me `calls` times: the session must be known on both serving instances. */
export async function signInEverywhere(lb, account, calls = 6) {
  const session = new Session(account.email);
  await lb.expect(session, 'POST', '/api/auth/login', { json: account });
  const seenBy = [];
  for (let i = 0; i < calls; i += 1) {
    const me = await lb.expect(session, 'GET', '/api/auth/me');
    if (me.body?.user?.email !== account.email) throw new StageError(`/api/auth/me on ${me.instance} answered another user: ${JSON.stringify(me.body).slice(0, 200)}`);
    seenBy.push(me.instance);
  }
  if (new Set(seenBy).size < 2) throw new StageError(`the session was used on ${count(seenBy)} only: round robin should have reached both serving instances`);
  return { session, detail: `${account.email}'s session answered on ${count(seenBy)}` };
}

/** The company look-up's 10 a minute per client: 12 calls at once through the balancer, whichever instance takes each. */
export async function rateLimitAcross(lb, client) {
  const answers = await Promise.all(Array.from({ length: LOOKUP_LIMIT + 2 }, () => lb.call(client, 'GET', '/api/user/billing/company-lookup?identificationCode=14399840')));
  const passed = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 429);
  const detail = `12 look-ups at once: ${passed.length} passed (${count(passed.map((a) => a.instance))}), ${refused.length} answered 429 (${count(refused.map((a) => a.instance))})`;
  if (passed.length !== LOOKUP_LIMIT || refused.length !== 2) throw new StageError(`${detail}; expected exactly 10 and 2 (other answers: ${answers.filter((a) => a.status !== 200 && a.status !== 429).map((a) => a.status).join(', ') || 'none'})`);
  if (new Set(passed.map((a) => a.instance)).size < 2) throw new StageError(`${detail}: the passed ones should come from both instances`);
  return { detail };
}

/**
 * A card top-up of 1,000 lei paid on the card processor's page (the simulator's hosted page, a
 * 3-D Secure card), confirmed in its 3-D Secure step, the confirmation sent a second time: the
 * balance rises once.
 */
export async function cardTopUp(lb, client, db) {
  const balance = async () => bani((await lb.expect(client, 'GET', '/api/user/prepay/balance')).body.balance);
  const before = await balance();
  const started = await lb.expect(client, 'POST', '/api/user/prepay/top-up', { json: { amount: 1000 } });
  const { identifier, url } = started.body;
  await lb.expect(null, 'GET', url);
  const card = await lb.expect(null, 'POST', url, { form: { number: '4000000000003220', expiry: '12/30', cvc: '123' } });
  if (!String(card.body).includes('Confirmare 3-D Secure')) throw new StageError(`the card page did not ask for 3-D Secure: ${String(card.body).slice(0, 200)}`);
  const confirmed = await lb.expect(null, 'POST', `${url}/3ds`, { form: { decision: 'confirm' }, status: 303 });
  if (!confirmed.headers.get('location')?.endsWith(`/profile/after-payment/${identifier}`)) throw new StageError(`the confirmation led to ${confirmed.headers.get('location')}`);
  // The processor's confirmation again (a retried notification): the payment is no longer pending.
  const again = await lb.expect(null, 'POST', `${url}/3ds`, { form: { decision: 'confirm' }, status: 404 });
  const payment = await lb.expect(client, 'GET', `/api/user/prepay/payment/${identifier}`);
  if (payment.body.payment?.status !== 'succeeded') throw new StageError(`the payment reads ${JSON.stringify(payment.body).slice(0, 200)}`);
  const after = await balance();
  if (after - before !== 100_000) throw new StageError(`the balance moved by ${(after - before) / 100} lei, not 1000`);
  const { rows } = await db.query(`select kind, count(*)::int as n from ledger_entries where reference like $1 group by kind`, [`%${identifier}%`]);
  if (rows.length !== 1 || rows[0].n !== 1) throw new StageError(`the ledger holds ${JSON.stringify(rows)} for the payment, not one movement`);
  return { detail: `1000 lei paid: card page on ${card.instance}, 3-D Secure confirmed on ${confirmed.instance}, the repeat refused on ${again.instance}; balance +1000,00 lei once` };
}

/** What the demo client has received and not been paid (the admins' 'pay now' pays it). */
async function payable(db) {
  const { rows } = await db.query(
    `select r.id, r.amount_bani::bigint as amount from repayments r where r.user_id = $1 and r.status = 'received' and r.sheet_id is null
      and not exists (select 1 from repayments_awaiting a where a.repayment_id = r.id and a.resolved_at is null) order by r.id`,
    [DEMO_CLIENT_ID],
  );
  return rows.map((r) => ({ id: Number(r.id), amount: Number(r.amount) }));
}

/**
 * The payout: an admin's 'pay now' for the demo client twice at once (one on each instance, one
 * with an Idempotency-Key), then the keyed one again: every repayment paid once, in sheets whose
 * total is what was due, the run's pain.001 file read back through the balancer.
 */
export async function payoutRun(lb, admin, db) {
  const due = await payable(db);
  if (due.length === 0) throw new StageError('the demo client has nothing received to pay: the demo seed should leave some');
  const dueTotal = due.reduce((s, r) => s + r.amount, 0);
  const { rows: [{ last }] } = await db.query('select coalesce(max(id), 0) as last from repayment_sheets');
  const path = `/api/admin/repayment/process-user-payment/${DEMO_CLIENT_ID}`;
  const key = `instances-stage-${Date.now()}`;
  const [keyed, plain] = await Promise.all([lb.call(admin, 'PUT', path, { headers: { 'idempotency-key': key } }), lb.call(admin, 'PUT', path)]);
  const statuses = [keyed.status, plain.status];
  if (!statuses.includes(200) || statuses.some((s) => s !== 200 && s !== 400)) throw new StageError(`the two 'pay now' answered ${statuses.join(' and ')}`);
  const repeat = await lb.expect(admin, 'PUT', path, { headers: { 'idempotency-key': key }, status: keyed.status });
  const { rows: sheets } = await db.query('select id, run_id, amount_bani::bigint as amount, end_to_end_id from repayment_sheets where id > $1 and user_id = $2', [last, DEMO_CLIENT_ID]);
  const { rows: items } = await db.query('select repayment_id, count(*)::int as n from repayment_sheet_items where repayment_id = any($1) group by repayment_id', [due.map((r) => r.id)]);
  const { rows: paid } = await db.query(`select count(*)::int as n from repayments where id = any($1) and status = 'paid' and sheet_id > $2`, [due.map((r) => r.id), last]);
  const sheetTotal = sheets.reduce((s, r) => s + Number(r.amount), 0);
  if (paid[0].n !== due.length || items.length !== due.length || items.some((i) => i.n !== 1)) throw new StageError(`${due.length} repayments were due; ${paid[0].n} are paid in the new sheets, sheet items ${JSON.stringify(items)}`);
  if (sheetTotal !== dueTotal) throw new StageError(`the new sheets total ${sheetTotal} bani; ${dueTotal} were due`);
  for (const runId of new Set(sheets.map((s) => s.run_id))) {
    const file = await lb.expect(admin, 'GET', `/api/admin/repayments/payout-runs/${runId}/file`);
    for (const s of sheets.filter((x) => x.run_id === runId)) if (!String(file.body).includes(s.end_to_end_id)) throw new StageError(`run ${runId}'s file lacks sheet ${s.id} (${s.end_to_end_id})`);
  }
  return {
    detail: `${due.length} repayments (${(dueTotal / 100).toFixed(2)} lei) paid once in ${sheets.length} sheet(s): 'pay now' answered ${keyed.status} on ${keyed.instance} and ${plain.status} on ${plain.instance}, the keyed repeat ${repeat.status} on ${repeat.instance}`,
  };
}

/** The awaiting orders ready to activate (every part unfulfilled), newest first, until `wanted` are found. */
async function readyOrders(lb, client, wanted) {
  const found = [];
  let endCursor = null;
  for (let page = 1; page <= 12 && found.length < wanted; page += 1) {
    const res = await lb.expect(client, 'POST', `/api/user/integration/shopify/orders/${DEMO_CLIENT_ID}`, { json: { type: 'AWAITING_ACTIVATION', page, endCursor } });
    for (const r of res.body.list) if (r.status.readyForActivation && r.fulfillment.status === 'UNFULFILLED') found.push({ shopifyGraphQLId: r.shopifyGraphQLId, orderDisplayName: r.orderDisplayName });
    endCursor = res.body.pageInfo.endCursor;
    if (!res.body.pageInfo.hasNextPage) break;
  }
  if (found.length < wanted) throw new StageError(`the demo shop has ${found.length} orders ready to activate, not ${wanted}`);
  return found.slice(0, wanted);
}

/**
 * The store's bulk activation of `size` orders, read every 250 ms through the balancer while it
 * works; at a third the jobs instance is killed (kill -9) and started again, at half a serving
 * instance is killed. Answers the run's id, its orders and what happened when.
 */
export async function bulkRun(lb, client, layout, size = 30, timeoutMs = 150_000) {
  const orders = await readyOrders(lb, client, size);
  const started = performance.now();
  const res = await lb.expect(client, 'POST', `/api/user/integration/shopify/activate-orders/${DEMO_CLIENT_ID}`, { json: { orders } });
  const { runId } = res.body;
  const events = { firstOrderSeconds: null, jobsKilledAt: null, jobsBackSeconds: null, servingKilledAt: null, polls: 0 };
  let restart = null;
  let run;
  for (;;) {
    assertAlive(layout.alive());
    const read = await lb.expect(client, 'GET', `/api/user/integration/shopify/activate-orders/${DEMO_CLIENT_ID}/runs/${runId}`);
    events.polls += 1;
    run = read.body.run;
    const seconds = (performance.now() - started) / 1000;
    if (run.done > 0 && events.firstOrderSeconds === null) events.firstOrderSeconds = seconds;
    if (run.status === 'done') break;
    if (events.jobsKilledAt === null && run.done >= Math.floor(size / 3)) {
      events.jobsKilledAt = run.done;
      const t = performance.now();
      await layout.killJobs();
      restart = layout.startJobs().then(() => (events.jobsBackSeconds = (performance.now() - t) / 1000));
      restart.catch(() => undefined);
    }
    if (events.servingKilledAt === null && events.jobsBackSeconds !== null && run.done >= Math.floor(size / 2)) {
      events.servingKilledAt = run.done;
      await layout.killServing();
    }
    if (seconds * 1000 > timeoutMs) throw new StageError(`the bulk run did not finish within ${timeoutMs / 1000} s: ${run.done} of ${run.total} orders done`);
    await sleep(250);
  }
  await restart;
  events.runSeconds = (performance.now() - started) / 1000;
  if (events.jobsKilledAt === null || events.jobsKilledAt >= size) throw new StageError(`the run ended before the jobs instance could be killed in its middle (${JSON.stringify(events)})`);
  if (events.servingKilledAt === null) throw new StageError(`the run ended (${events.runSeconds.toFixed(1)} s) before a serving instance was killed in its middle (jobs instance killed at ${events.jobsKilledAt}/${size}, back after ${events.jobsBackSeconds?.toFixed(1)} s)`);
  return { runId, run, orders, events };
}
