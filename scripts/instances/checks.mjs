// After the scenario: what the database and the simulators hold must show every order activated
// once, every charge one AWB, nothing left stuck. Each check throws (StageError) saying what it found.
import { StageError, sleep } from './layout.mjs';
import { DEMO_CLIENT_ID } from './scenario.mjs';

/** Waits until `probe` answers true (polling every 500 ms); throws with `what` and the last answer otherwise. */
async function eventually(what, timeoutMs, probe) {
  const started = performance.now();
  let last;
  for (;;) {
    last = await probe();
    if (last.ok) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new StageError(`${what}: still not so after ${timeoutMs / 1000} s (${last.detail})`);
    await sleep(500);
  }
}

/** The run's shipments: one per fulfillment order activated, with its store activation, AWB, courier record and charges. */
async function runShipments(db, orderIds) {
  const { rows } = await db.query(
    `select s.id, s.unique_id, s.store_order_id, s.store_fulfillment_order_id as fo, s.awb, s.courier_id, s.status, s.price_bani::bigint as price,
        a.fulfilled_at, a.fulfillment_id,
        (select count(*) from courier_sim_awbs c where c.reference = s.unique_id)::int as courier_awbs,
        (select count(*) from courier_sim_awbs c where c.reference = s.unique_id and c.awb = s.awb and c.cancelled_at is null)::int as courier_same,
        (select coalesce(json_agg(json_build_object('kind', l.kind, 'amount', l.amount_bani)), '[]') from ledger_entries l where l.user_id = s.user_id and (l.reference = 'shipment:' || s.id or l.reference like 'shipment:' || s.id || '#%')) as movements
      from shipments s left join store_activations a on a.shipment_id = s.id
      where s.user_id = $1 and s.store_order_id = any($2)`,
    [DEMO_CLIENT_ID, orderIds],
  );
  return rows;
}

/** Every order of the run activated once: each part one shipment with its AWB, the courier's one record of it, nothing refused. */
export async function activatedOnce(db, bulk) {
  const { rows: runOrders } = await db.query('select order_id, state, attempts, results from store_bulk_run_orders where run_id = $1', [bulk.runId]);
  if (runOrders.length !== bulk.orders.length) throw new StageError(`the run holds ${runOrders.length} orders, not ${bulk.orders.length}`);
  const bad = runOrders.filter((o) => o.state !== 'done' || !o.results?.length || o.results.some((r) => !r.result?.awb || r.errors.length > 0));
  if (bad.length > 0) throw new StageError(`orders not activated: ${bad.map((o) => `${o.order_id} ${o.state} ${JSON.stringify(o.results)}`).join('; ').slice(0, 600)}`);
  const shipments = await runShipments(db, runOrders.map((o) => o.order_id));
  const awbsOfRun = runOrders.flatMap((o) => o.results.map((r) => r.result.awb));
  const byFo = new Map();
  for (const s of shipments) byFo.set(s.fo, [...(byFo.get(s.fo) ?? []), s]);
  const twice = [...byFo].filter(([, list]) => list.length !== 1);
  if (twice.length > 0) throw new StageError(`parts with more than one shipment: ${twice.map(([fo, l]) => `${fo} (${l.map((s) => s.awb ?? s.status).join(', ')})`).join('; ')}`);
  if (shipments.length !== awbsOfRun.length || new Set(awbsOfRun).size !== awbsOfRun.length) throw new StageError(`${shipments.length} shipments for the run's ${awbsOfRun.length} results (${new Set(awbsOfRun).size} distinct AWBs)`);
  const wrong = shipments.filter((s) => !s.awb || !awbsOfRun.includes(s.awb) || s.courier_awbs !== 1 || s.courier_same !== 1);
  if (wrong.length > 0) throw new StageError(`shipments without their one courier AWB: ${wrong.map((s) => `${s.unique_id} awb=${s.awb} courier records=${s.courier_awbs}`).join('; ')}`);
  const takenOver = runOrders.filter((o) => o.attempts > 1).length;
  return { detail: `${runOrders.length} orders, ${shipments.length} parts: one shipment, one AWB and one courier record each (${takenOver} order(s) taken over from the killed worker)`, shipments, takenOver };
}

/** Every shipment of the run charged once, and every charge of the run's time one of its AWBs. */
export async function chargesMatchAwbs(db, shipments, since) {
  const odd = shipments.filter((s) => {
    const charges = s.movements.filter((m) => m.kind === 'charge');
    return charges.length !== 1 || -Number(charges[0].amount) !== Number(s.price) || s.movements.some((m) => m.kind === 'reversal' || m.kind === 'refund');
  });
  if (odd.length > 0) throw new StageError(`shipments not charged exactly once at their price: ${odd.map((s) => `${s.awb} ${JSON.stringify(s.movements)} price ${s.price}`).join('; ').slice(0, 600)}`);
  const { rows } = await db.query(`select reference from ledger_entries where user_id = $1 and kind = 'charge' and created_at >= $2`, [DEMO_CLIENT_ID, since]);
  const ours = new Set(shipments.map((s) => `shipment:${s.id}`));
  const stray = rows.filter((r) => !ours.has(r.reference.split('#')[0]));
  if (stray.length > 0) throw new StageError(`charges since the run that belong to no AWB of it: ${stray.map((r) => r.reference).join(', ')}`);
  const total = shipments.reduce((s, x) => s + Number(x.price), 0);
  return { detail: `${rows.length} charges, one per AWB (${(total / 100).toFixed(2)} lei in all)` };
}

/** Each part fulfilled once in the shop simulator, with its AWB as tracking (the shop's own stored state). */
export async function fulfilledInShop(db, shipments, timeoutMs) {
  const fos = shipments.map((s) => s.fo);
  let rows = [];
  const waited = await eventually('fulfillments in the shop simulator', timeoutMs, async () => {
    ({ rows } = await db.query(`select fulfillment_order_id as fo, fulfillment_order->'fulfillments' as fulfillments from shopify_sim_fulfillment_orders where fulfillment_order_id = any($1)`, [fos]));
    const made = rows.filter((r) => (r.fulfillments ?? []).length > 0).length;
    return { ok: made === fos.length, detail: `${made} of ${fos.length} parts fulfilled` };
  });
  const awbOf = new Map(shipments.map((s) => [s.fo, s.awb]));
  const wrong = rows.filter((r) => r.fulfillments.length !== 1 || r.fulfillments[0].trackingInfo?.[0]?.number !== awbOf.get(r.fo));
  if (wrong.length > 0) throw new StageError(`parts not fulfilled once with their AWB: ${wrong.map((r) => `${r.fo} ${JSON.stringify(r.fulfillments).slice(0, 200)}`).join('; ')}`);
  const { rows: unrecorded } = await db.query('select count(*)::int as n from store_activations where fulfillment_order_id = any($1) and fulfilled_at is null', [fos]);
  if (unrecorded[0].n > 0) throw new StageError(`${unrecorded[0].n} activations do not record their fulfillment`);
  return { detail: `${rows.length} parts fulfilled once each in the shop simulator with their AWB as tracking (${waited.toFixed(1)} s after the run)` };
}

/** Every domain event delivered to its listeners (the lifecycle job, which the killed jobs instance was running too). */
export async function eventsDelivered(db, timeoutMs) {
  const waited = await eventually('domain events delivered', timeoutMs, async () => {
    const { rows } = await db.query(`select count(*)::int as n, min(type) as type, max(last_error) as error from domain_events where delivered_at is null`);
    return { ok: rows[0].n === 0, detail: `${rows[0].n} undelivered, e.g. ${rows[0].type}${rows[0].error ? `: ${rows[0].error}` : ''}` };
  });
  const { rows } = await db.query('select count(*)::int as n from domain_events');
  return { detail: `all ${rows[0].n} domain events delivered (${waited.toFixed(1)} s after the run)` };
}

/** No pg-boss job active past its expiry, and no queue holding jobs behind one the killed process left active. */
export async function noJobStuck(db, timeoutMs) {
  const stuckNow = async () =>
    (
      await db.query(`select name, state, started_on, expire_in from pgboss.job where state = 'active' and started_on + expire_in < now()`)
    ).rows;
  const stuck = await stuckNow();
  if (stuck.length > 0) throw new StageError(`jobs active past their expiry: ${stuck.map((j) => `${j.name} since ${j.started_on.toISOString()}`).join(', ')}`);
  // Jobs due for a while and not started: a queue blocked (a stately one behind a dead worker's active job).
  const waited = await eventually('queued jobs started', timeoutMs, async () => {
    const { rows } = await db.query(`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') and start_after < now() - interval '20 seconds' group by name`);
    return { ok: rows.length === 0, detail: rows.map((r) => `${r.name}: ${r.n} waiting`).join(', ') };
  });
  const { rows: left } = await db.query(`select name from pgboss.job where state = 'active'`);
  return { detail: `no job past its expiry, no queue held up (${waited.toFixed(1)} s); ${left.length} job(s) active now${left.length ? ` (${[...new Set(left.map((j) => j.name))].join(', ')})` : ''}` };
}

/** The balancer's access log: requests per instance (by port), and the 5xx it answered. */
export function accessLogFigures(text, instances) {
  const perInstance = new Map();
  let errors = 0;
  for (const line of text.split('\n').filter(Boolean)) {
    const upstream = line.match(/ upstream=(.*?) upstream_status=/)?.[1]?.split(',').at(-1)?.trim();
    const name = instances.get(Number(upstream?.split(':').at(-1))) ?? 'none';
    perInstance.set(name, (perInstance.get(name) ?? 0) + 1);
    if (/^\S+ 5\d\d /.test(line)) errors += 1;
  }
  return { perInstance, errors };
}
