import type { Scenario, ScenarioContext } from '../lib/types.js';
import { fillMovements } from './balance.js';
import { signedInClient } from './shipments.js';

/**
 * The dashboard (issue 27), PostgreSQL only: a client with 100,000 shipments over a year (three
 * couriers; a few returned, refused, waiting for pick-up or cancelled), the cash on delivery of a
 * third of them at every step, and 200,000 ledger movements over two years (the balance bench's).
 * Each tile's call is a scenario of its own, p95 under 50 ms. The store tile asks the shop itself
 * (the store scenarios measure the shop's reads) and is not here.
 */

const SHIPMENTS = 100_000;
const DAYS = 365;
const REPAYMENT_STATUSES = ['awaiting_delivery', 'delivered', 'sent_by_courier', 'received', 'paid', 'paid', 'paid', 'cancelled'];

async function fillShipments(ctx: ScenarioContext, userId: number) {
  const statuses = `ARRAY['delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','returned','refused','in_transit','created','cancelled']`;
  await ctx.database.executeSql(
    `INSERT INTO shipments (unique_id, user_id, status, status_at, status_reason, sender, recipient, packages, content, options, courier_id, awb, estimated_pickup_date, search_text, activated_at, created_at, price_bani)
     SELECT 'DB' || lpad(g::text, 12, '0'), ${userId}, st, at + interval '2 day',
            CASE WHEN st = 'returned' AND g % 3 = 0 THEN 'Adresa incompleta sau gresita' WHEN st IN ('returned', 'refused') THEN 'Destinatar absent' END,
            '{}'::jsonb, jsonb_build_object('contactName', 'Ion Popescu ' || g), '[]'::jsonb, 'Marfa',
            jsonb_build_object('codBani', CASE WHEN g % 3 = 0 THEN 1000 + g % 90000 END),
            (ARRAY['rapidcarpati','dunarea','colet24'])[1 + g % 3], 'DB' || lpad(g::text, 10, '0'),
            to_char(at + interval '1 day', 'YYYY-MM-DD'), 'db' || g, at, at, 1500 + g % 3000
     FROM generate_series(1, ${SHIPMENTS}) g,
          LATERAL (SELECT (${statuses})[1 + g % 16] AS st, now() - (${DAYS} * interval '1 day') * (1 - g::float / ${SHIPMENTS}) AS at) x`,
  );
  const repStatuses = `ARRAY[${REPAYMENT_STATUSES.map((s) => `'${s}'`).join(',')}]`;
  await ctx.database.executeSql(
    `INSERT INTO repayments (shipment_id, user_id, courier_id, awb, amount_bani, status, ordered_at, delivered_at, sent_by_courier_on, received_on, paid_at, cancelled_at)
     SELECT s.id, s.user_id, s.courier_id, s.awb, (s.options->>'codBani')::bigint, st, s.activated_at,
            CASE WHEN st NOT IN ('awaiting_delivery', 'cancelled') THEN s.activated_at + interval '1 day' END,
            CASE WHEN st IN ('sent_by_courier', 'received', 'paid') THEN (s.activated_at + interval '2 day')::date END,
            CASE WHEN st IN ('received', 'paid') THEN (s.activated_at + interval '3 day')::date END,
            CASE WHEN st = 'paid' THEN s.activated_at + interval '5 day' END,
            CASE WHEN st = 'cancelled' THEN s.activated_at + interval '1 day' END
     FROM shipments s, LATERAL (SELECT (${repStatuses})[1 + (s.id % ${REPAYMENT_STATUSES.length})] AS st) x
     WHERE s.user_id = ${userId} AND s.options->>'codBani' IS NOT NULL`,
  );
  await ctx.database.executeSql('VACUUM ANALYZE shipments');
  await ctx.database.executeSql('VACUUM ANALYZE repayments');
}

let filled: Promise<Record<string, string>> | null = null;
let filledDatabase: unknown = null;
/** The big client, made once per database for every dashboard scenario. */
function bigClient(ctx: ScenarioContext) {
  if (!filled || filledDatabase !== ctx.database) {
    filledDatabase = ctx.database;
    filled = (async () => {
      const { user, headers } = await signedInClient(ctx, 'dashboard');
      const started = Date.now();
      await fillShipments(ctx, user.id);
      await fillMovements(ctx, user.id);
      console.log(`  dashboard: ${SHIPMENTS.toLocaleString('en')} shipments, their cash on delivery and 200,000 movements written in ${Math.round((Date.now() - started) / 1000)} s`);
      return headers;
    })();
  }
  return filled;
}

const CALLS = ['money', 'shipments', 'repayments', 'einvoice', 'charts/shipments', 'charts/cod', 'charts/spending'];

export const dashboardScenarios: Scenario[] = CALLS.map((call) => ({
  name: `dashboard-${call.replace('/', '-')}`,
  description: `GET /api/user/dashboard/${call} of a client with 100,000 shipments and 200,000 ledger movements`,
  targetP95Ms: 50,
  targetOn: 'PostgreSQL',
  onlyOn: 'PostgreSQL',
  async prepare(ctx) {
    const headers = await bigClient(ctx);
    return { requests: [`/api/user/dashboard/${call}`], headers };
  },
}));
