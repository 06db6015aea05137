import type { AddressInfo } from 'node:net';
import { between } from '../lib/random.js';
import type { BenchRequest, Scenario, ScenarioContext } from '../lib/types.js';
import { signedInClient } from './shipments.js';

/**
 * The balance views (issue 17): the available balance and the invoices statement of a client with
 * 200,000 movements over two years (20,000 of them card top-ups, each with its advance invoice and
 * card payment), p95 under 30 ms on PostgreSQL; and 'Export situatie' of a statement of 100,000
 * documents, streamed, its memory watched (the growth of the process's RSS while it streams: under
 * 300 MB), then measured, not judged, on one month's statement.
 */

const SELLER = `'{"name":"Colete Online SRL","identificationCode":"45500006","isCompany":true,"isVatPayer":true,"tradeRegister":"J40/1/2020","address":"Bucuresti","county":"Bucuresti","countryCode":"RO","iban":"RO49AAAA1B31007593840000","bank":"Banca"}'::jsonb`;
const BUYER = `'{"name":"Bench SRL","identificationCode":"14399840","isCompany":true,"isVatPayer":true,"tradeRegister":null,"address":"Cluj","county":"Cluj","countryCode":"RO"}'::jsonb`;
const DAYS = 730;

/** `count` invoices of the client over two years, in series `series` (numbers 1..count); every `advanceEvery`-th an advance, the rest shipment invoices. */
async function fillInvoices(ctx: ScenarioContext, userId: number, series: string, count: number, advanceEvery: number) {
  await ctx.database.executeSql(
    `INSERT INTO invoices (user_id, series, number, kind, seller, buyer, lines, vat_percent, net_bani, vat_bani, total_bani, issued_at)
     SELECT ${userId}, '${series}', g, CASE WHEN g % ${advanceEvery} = 0 THEN 'prepay' ELSE 'orders' END, ${SELLER}, ${BUYER}, '[]'::jsonb, 21,
            round((1000 + g % 40000) / 1.21), (1000 + g % 40000) - round((1000 + g % 40000) / 1.21), 1000 + g % 40000,
            now() - (${DAYS} * interval '1 day') * (1 - g::float / ${count})
     FROM generate_series(1, ${count}) g`,
  );
}

/** 200,000 movements over two years: every tenth a card top-up (with its advance invoice and card payment), charges, refunds, bonuses, corrections. */
export async function fillMovements(ctx: ScenarioContext, userId: number) {
  const total = 200_000;
  // A series and references of the client's own: two clients filled in one database (the balance views', the dashboard's) stay apart.
  const series = `BN${userId}`;
  await ctx.database.executeSql(
    `INSERT INTO invoices (user_id, series, number, kind, seller, buyer, lines, vat_percent, net_bani, vat_bani, total_bani, issued_at)
     SELECT ${userId}, '${series}', g, 'prepay', ${SELLER}, ${BUYER}, '[]'::jsonb, 21, round(50000 / 1.21), 50000 - round(50000 / 1.21), 50000,
            now() - (${DAYS} * interval '1 day') * (1 - g::float / ${total})
     FROM generate_series(1, ${total}) g WHERE g % 10 = 0`,
  );
  await ctx.database.executeSql(
    `INSERT INTO card_payments (identifier, user_id, amount_bani, status, card_brand, last_digits, created_at)
     SELECT 'bench-pay-${userId}-' || g, ${userId}, 50000, 'succeeded', 'Visa', lpad((g % 10000)::text, 4, '0'), now() - (${DAYS} * interval '1 day') * (1 - g::float / ${total})
     FROM generate_series(1, ${total}) g WHERE g % 10 = 0`,
  );
  await ctx.database.executeSql(
    `INSERT INTO ledger_entries (user_id, kind, amount_bani, description, reference, invoice_id, created_at)
     SELECT ${userId}, k.kind,
            CASE k.kind WHEN 'topup' THEN 50000 WHEN 'charge' THEN -(500 + g % 4000) WHEN 'refund' THEN 500 + g % 4000 WHEN 'bonus' THEN 100 + g % 500 ELSE -(50 + g % 100) END,
            'Miscare ' || g,
            CASE WHEN k.kind = 'topup' THEN 'bench-pay-${userId}-' || g WHEN k.kind IN ('charge', 'refund') THEN 'shipment:' || (9000000 + ${userId}::bigint * 1000000 + g) ELSE 'bench-${userId}-' || g END,
            CASE WHEN k.kind = 'topup' THEN (SELECT i.id FROM invoices i WHERE i.series = '${series}' AND i.number = g) END,
            now() - (${DAYS} * interval '1 day') * (1 - g::float / ${total})
     FROM generate_series(1, ${total}) g,
          LATERAL (SELECT CASE WHEN g % 10 = 0 THEN 'topup' WHEN g % 20 = 3 THEN 'refund' WHEN g % 20 = 7 THEN 'bonus' WHEN g % 20 = 11 THEN 'correction' ELSE 'charge' END AS kind) k`,
  );
  await ctx.database.executeSql('VACUUM ANALYZE ledger_entries');
  await ctx.database.executeSql('VACUUM ANALYZE invoices');
  await ctx.database.executeSql('VACUUM ANALYZE card_payments');
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** 300 distinct periods: a month (sometimes a week or a quarter) anywhere in the two years, pages 1 to 5. */
function periods(ctx: ScenarioContext, path: string): BenchRequest[] {
  return Array.from({ length: 300 }, () => {
    const start = between(ctx.random, 0, DAYS);
    const r = ctx.random();
    const length = r < 0.2 ? 7 : r < 0.85 ? 30 : 90;
    const body = { fromDate: day(start), toDate: day(Math.max(0, start - length)), page: between(ctx.random, 1, 5) };
    return { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  });
}

let viewsClient: Promise<{ headers: Record<string, string> }> | null = null;
let viewsDatabase: unknown = null;
/** The 200,000-movement client, made once per database for both view scenarios. */
function movementsClient(ctx: ScenarioContext) {
  if (!viewsClient || viewsDatabase !== ctx.database) {
    viewsDatabase = ctx.database;
    viewsClient = (async () => {
      const { user, headers } = await signedInClient(ctx, 'balance');
      await fillMovements(ctx, user.id);
      return { headers };
    })();
  }
  return viewsClient;
}

export const balanceAvailable: Scenario = {
  name: 'balance-available',
  description: 'POST /api/user/balance/available: a page of 50 of a period’s movements and the period’s totals, of a client with 200,000 movements',
  targetP95Ms: 30,
  targetOn: 'PostgreSQL',
  async prepare(ctx) {
    const { headers } = await movementsClient(ctx);
    return { requests: periods(ctx, '/api/user/balance/available'), headers };
  },
};

export const balanceInvoices: Scenario = {
  name: 'balance-invoices',
  description: 'POST /api/user/balance/invoices: a page of the period’s invoices and payments with the previous period’s sums, of the same client (20,000 advance invoices)',
  targetP95Ms: 30,
  targetOn: 'PostgreSQL',
  async prepare(ctx) {
    const { headers } = await movementsClient(ctx);
    return { requests: periods(ctx, '/api/user/balance/invoices'), headers };
  },
};

const EXPORT_ROWS = 100_000;
const RSS_LIMIT_MB = 300;

export const balanceExport: Scenario = {
  name: 'balance-export',
  description: `POST /api/user/balance/invoices/export: the whole statement of ${EXPORT_ROWS.toLocaleString('en')} documents streamed once (RSS growth under ${RSS_LIMIT_MB} MB), then one month’s (measured, not judged)`,
  async prepare(ctx) {
    const { user, headers } = await signedInClient(ctx, 'export');
    await fillInvoices(ctx, user.id, 'BNX', EXPORT_ROWS, 5);
    await ctx.database.executeSql('VACUUM ANALYZE invoices');
    // The whole statement over HTTP, read and dropped chunk by chunk, the process's RSS sampled meanwhile.
    const { port } = ctx.app.server.address() as AddressInfo;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    let bytes = 0;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/user/balance/invoices/export`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
      for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    } finally {
      clearInterval(timer);
    }
    const growthMb = (peak - before) / 2 ** 20;
    console.log(
      `  balance-export: ${EXPORT_ROWS.toLocaleString('en')} rows, ${(bytes / 2 ** 20).toFixed(1)} MB of xlsx in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `RSS ${(before / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB (growth ${growthMb.toFixed(0)} MB, limit ${RSS_LIMIT_MB} MB: ${growthMb < RSS_LIMIT_MB ? 'PASS' : 'FAIL'})`,
    );
    // Over the limit: no requests, so the scenario's row fails.
    if (growthMb >= RSS_LIMIT_MB) return { requests: [] };
    const requests: BenchRequest[] = Array.from({ length: 20 }, () => {
      const start = between(ctx.random, 30, DAYS);
      return { method: 'POST', path: '/api/user/balance/invoices/export', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fromDate: day(start), toDate: day(start - 30) }) };
    });
    return { requests, headers };
  },
};

export const balanceScenarios = [balanceAvailable, balanceInvoices, balanceExport];
