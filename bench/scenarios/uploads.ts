import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { USER_TYPE } from '../../packages/contract/src/index.js';
import { testConfig } from '../../apps/server/src/config.js';
import { users } from '../../apps/server/src/db/schema.js';
import { buildCamt053 } from '../../apps/server/src/integrations/bank/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { newReferralCode } from '../../apps/server/src/lib/tokens.js';
import type { Scenario, ScenarioContext } from '../lib/types.js';
import { PASSWORD } from './shipments.js';

/**
 * Issue 24's large uploads, each once over HTTP as the admin's browser sends it (multipart): a
 * courier's report of 60,000 lines (colet24's CSV, 60 transfers of 1,000 AWBs each, every line
 * matching its delivered cash on delivery) and a bank statement of 12,000 entries (camt.053: the
 * 60 transfers, matched, and 11,940 credits no report knows, flagged). Each is read as a stream
 * and written in batches; the time of each is printed (before: 100 s and 36 s, one row at a time
 * in one transaction). Then the load: the upload's progress, as the page asks for it (measured,
 * not judged).
 */

const REPORT_LINES = 60_000;
const PER_TRANSFER = 1_000;
const STATEMENT_ENTRIES = 12_000;
const AMOUNT_BANI = 4_990;

async function signedInAdmin(ctx: ScenarioContext) {
  const email = `bench.uploads.${randomUUID().slice(0, 8)}@bench.ro`;
  await ctx.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD), name: 'Bench Admin', phone: '+40722000000', userType: USER_TYPE.admin, accountType: 'individual', referralCode: newReferralCode() });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  const cookie = res.cookies.find((c) => c.name === 'co_session');
  if (!cookie) throw new Error(`bench admin sign-in failed: ${res.body}`);
  return { cookie: `co_session=${cookie.value}` };
}

/** The 60,000 delivered cash on deliveries the report settles (straight into the tables), of one client. */
async function delivered(ctx: ScenarioContext, tag: string) {
  const [owner] = (
    await ctx.database.executeSql(
      `INSERT INTO users (email, password_hash, name, phone, account_type, referral_code) VALUES ('bench.upl.${tag}@bench.ro', 'x', 'Client Upload', '+40722000000', 'company', md5(random()::text)) RETURNING id`,
    )
  ).rows as { id: number }[];
  await ctx.database.executeSql(
    `INSERT INTO shipments (unique_id, user_id, status, status_at, sender, recipient, packages, content, options, courier_id, awb, search_text, activated_at, created_at)
     SELECT 'U${tag}' || g, ${owner!.id}, 'delivered', now(), '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, 'Marfa', '{}'::jsonb, 'colet24', 'U${tag}' || lpad(g::text, 6, '0'), 'u${tag}' || g, now(), now()
     FROM generate_series(1, ${REPORT_LINES}) g`,
  );
  await ctx.database.executeSql(
    `INSERT INTO repayments (shipment_id, user_id, courier_id, awb, amount_bani, status, ordered_at, delivered_at)
     SELECT s.id, s.user_id, 'colet24', s.awb, ${AMOUNT_BANI}, 'delivered', now() - interval '3 day', now() - interval '2 day'
     FROM shipments s WHERE s.unique_id LIKE 'U${tag}%' AND s.courier_id = 'colet24'`,
  );
}

async function post(port: number, path: string, cookie: string, uploadId: string, name: string, body: string) {
  const form = new FormData();
  form.append('file', new Blob([body]), name);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { cookie, 'x-upload-id': uploadId }, body: form });
  const answer = (await res.json()) as { success?: boolean; result?: unknown; message?: string };
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok || answer.success !== true) throw new Error(`${path} answered ${res.status}: ${answer.message}`);
  return { seconds, result: answer.result };
}

export const uploadsScenario: Scenario = {
  name: 'uploads',
  description: `first, once: POST a courier report of ${REPORT_LINES.toLocaleString('en')} lines and a camt.053 statement of ${STATEMENT_ENTRIES.toLocaleString('en')} entries over HTTP, each time printed; then GET /api/admin/uploads/{id}/progress (measured, not judged)`,
  async prepare(ctx) {
    const headers = await signedInAdmin(ctx);
    const tag = randomUUID().slice(0, 6).toUpperCase();
    await delivered(ctx, tag);
    const { port } = ctx.app.server.address() as AddressInfo;

    const references = Array.from({ length: REPORT_LINES / PER_TRANSFER }, (_, k) => `COLET24-B${tag}-${k}`);
    const lines = Array.from({ length: REPORT_LINES }, (_, i) => `U${tag}${String(i + 1).padStart(6, '0')},${(AMOUNT_BANI / 100).toFixed(2)},2026-11-18,${references[Math.floor(i / PER_TRANSFER)]}`);
    const csv = `awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${lines.join('\n')}\n`;
    const reportId = randomUUID();
    const report = await post(port, '/api/admin/repayments/reports/colet24', headers.cookie, reportId, 'raport-mare.csv', csv);
    console.log(`  uploads: report of ${REPORT_LINES.toLocaleString('en')} lines (${(csv.length / 2 ** 20).toFixed(1)} MB) in ${report.seconds.toFixed(1)} s: ${JSON.stringify(report.result)}`);

    // The bench's app runs on testConfig (bench/run.ts): the platform's collecting account is its.
    const statementIban = testConfig({}).platformIban;
    const statementId = `B${tag}`;
    // Written without indentation, as banks' exports usually are (12,000 entries fit the 5 MB limit).
    const xml = buildCamt053({
      messageId: `M-${statementId}`,
      createdAt: new Date('2026-11-19T05:00:00Z'),
      statementId,
      iban: statementIban,
      date: '2026-11-18',
      openingBani: 0,
      entries: Array.from({ length: STATEMENT_ENTRIES }, (_, i) => ({
        entryRef: `${statementId}-${i + 1}`,
        amountBani: i < references.length ? AMOUNT_BANI * PER_TRANSFER : 1_000 + i,
        direction: 'CRDT' as const,
        bookingDate: '2026-11-18',
        valueDate: '2026-11-18',
        reference: i < references.length ? references[i]! : `NEC${tag}${i}`,
        debtorName: 'Colet24',
      })),
    }).replace(/>\s+</g, '><');
    const statementUpload = randomUUID();
    const statement = await post(port, '/api/admin/repayments/statements', headers.cookie, statementUpload, 'extras-mare.xml', xml);
    console.log(`  uploads: statement of ${STATEMENT_ENTRIES.toLocaleString('en')} entries (${(xml.length / 2 ** 20).toFixed(1)} MB) in ${statement.seconds.toFixed(1)} s: ${JSON.stringify(statement.result)}`);
    return { requests: [`/api/admin/uploads/${reportId}/progress`, `/api/admin/uploads/${statementUpload}/progress`], headers };
  },
};
