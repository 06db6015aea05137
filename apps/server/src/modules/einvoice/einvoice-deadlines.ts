import { EINVOICE_DEADLINE_NEAR_DAYS, einvoiceMessages, normalizeCui, pageOffset, SENT_STATUS_CODES, type SentStatus, type TEInvoiceDeadline, type TEInvoiceDeadlinesResponse, type TPageQuery } from '@colete/contract';
import { and, asc, count, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { eInvoiceSent } from '../../db/schema/einvoice.js';
import { accountContacts } from '../auth/index.js';
import { entitiesByIds } from '../billing/index.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { addWorkingDays, workingDaysBetween } from '../../lib/working-days.js';
import { connectedEntity } from './einvoice-queries.js';

/*
 * Issue 26, "admins see documents near or past their deadline": the sent e-invoices of every company
 * (the platform's and the clients' 'Trimite factura') that e-Factura has not accepted yet, whose
 * deadline is at most EINVOICE_DEADLINE_NEAR_DAYS working days away or passed, soonest first; each
 * with the company that issues it and the client who holds that company, for an admin to act for.
 */

const s = eInvoiceSent;
/** Not accepted yet: waiting, at e-Factura, or stopped. The same predicate as einvoice_sent_deadline_idx (written alike so the planner matches it). */
const OPEN = sql`${s.status} in ('initial', 'pending', 'error')`;

/** The documents due by `until` (a YYYY-MM-DD day), soonest deadline first: one page, served by einvoice_sent_deadline_idx (deadline, id). */
export function deadlinesPageQuery(db: Executor, until: string, page: TPageQuery) {
  return db
    .select({
      id: s.id,
      source: s.source,
      number: s.number,
      kind: s.kind,
      buyerName: s.buyerName,
      issueDate: s.issueDate,
      deadline: s.deadline,
      status: s.status,
      findings: s.findings,
      lastError: s.lastError,
      billingEntityId: s.billingEntityId,
    })
    .from(s)
    .where(and(OPEN, lte(s.deadline, until)))
    .orderBy(asc(s.deadline), asc(s.id))
    .limit(page.limit)
    .offset(pageOffset(page));
}

/** One page of deadlines, with its companies (billing's) and their holders (auth's): one query each. */
export async function deadlinesPage(db: Executor, until: string, page: TPageQuery) {
  const rows = await deadlinesPageQuery(db, until, page);
  const entities = await entitiesByIds(db, rows.map((r) => r.billingEntityId));
  const holders = await accountContacts(db, [...entities.values()].map((e) => e.userId));
  return rows.map(({ billingEntityId, ...r }) => {
    const entity = billingEntityId === null ? undefined : entities.get(billingEntityId);
    const holder = entity && holders.get(entity.userId);
    return {
      ...r,
      companyName: entity?.name ?? null,
      companyCode: entity?.identificationCode ?? null,
      clientId: holder?.id ?? null,
      clientName: holder?.name ?? null,
      clientEmail: holder?.email ?? null,
      clientAccountType: holder?.accountType ?? null,
    };
  });
}

type Row = Awaited<ReturnType<typeof deadlinesPage>>[number];
type Company = TEInvoiceDeadline['company'];

export function sentDeadlinesService(deps: { database: Database; platform: { cui: string; name: string }; now?: () => Date }) {
  const { db } = deps.database;

  /** The platform's company and the account that holds it (a platform document not tried yet names no company). */
  async function platformCompany(): Promise<Company> {
    const connected = await connectedEntity(db, normalizeCui(deps.platform.cui));
    const holder = connected && (await accountContacts(db, [connected.entity.userId])).get(connected.entity.userId);
    return connected && holder
      ? { name: connected.entity.name, identificationCode: connected.entity.identificationCode, client: { id: holder.id, name: holder.name, email: holder.email, accountType: holder.accountType } }
      : { name: deps.platform.name, identificationCode: normalizeCui(deps.platform.cui), client: null };
  }

  /** The issuing company: its billing entry and holder; a platform document not tried yet is the platform's; a client's company deleted since, none. */
  const companyOf = (r: Row, platform: () => Promise<Company>): Promise<Company> | Company => {
    if (r.companyCode !== null && r.clientId !== null) {
      return { name: r.companyName!, identificationCode: r.companyCode, client: { id: r.clientId, name: r.clientName!, email: r.clientEmail!, accountType: r.clientAccountType! } };
    }
    return r.source === 'platform' ? platform() : { name: einvoiceMessages.deadlineCompanyGone, identificationCode: '', client: null };
  };

  return {
    /** GET admin/einvoice/deadlines: one page of the documents near or past their deadline. */
    async list(page: TPageQuery): Promise<TEInvoiceDeadlinesResponse> {
      const today = bucharestDateKey(deps.now?.() ?? new Date());
      const until = addWorkingDays(today, EINVOICE_DEADLINE_NEAR_DAYS);
      const [{ n }] = (await db.select({ n: count() }).from(s).where(and(OPEN, lte(s.deadline, until)))) as [{ n: number }];
      const rows = await deadlinesPage(db, until, page);
      let platform: Promise<Company> | undefined;
      const list = await Promise.all(
        rows.map(async (r) => ({
          invoicingSystemId: r.id,
          company: await companyOf(r, () => (platform ??= platformCompany())),
          number: r.number,
          kind: r.kind,
          buyerName: r.buyerName,
          issueDate: r.issueDate,
          deadline: r.deadline,
          workingDaysLeft: workingDaysBetween(today, r.deadline),
          late: r.deadline < today,
          status: SENT_STATUS_CODES[r.status as SentStatus] ?? 1,
          findings: r.findings,
          lastError: r.lastError,
        })),
      );
      return { success: true, list, count: Number(n), today, until };
    },
  };
}
export type SentDeadlinesService = ReturnType<typeof sentDeadlinesService>;
