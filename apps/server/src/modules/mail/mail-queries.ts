import type { MailStatus } from '@colete/contract';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/mail.js';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = typeof mailOutbox.$inferInsert;

export async function insertMail(db: Executor, values: NewMailRow) {
  // Due now by the application's clock (milliseconds), the clock the sender compares with: the
  // database's now() has microseconds and could fall just after a claim made in the same millisecond.
  const [row] = await db
    .insert(mailOutbox)
    .values({ nextAttemptAt: new Date(), ...values })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** What the list shows: everything but the bodies. */
const listColumns = {
  id: mailOutbox.id,
  channel: mailOutbox.channel,
  kind: mailOutbox.kind,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  transport: mailOutbox.transport,
  attempts: mailOutbox.attempts,
  attachments: mailOutbox.attachments,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};
export type MailListRow = Pick<MailRow, keyof typeof listColumns>;

/** One account's mail, newest first, a page at a time (mail_outbox_user_idx: user_id, created_at). */
export async function listMails(db: Executor, userId: number, page: { limit: number; offset: number }) {
  return db
    .select(listColumns)
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMails(db: Executor, userId: number) {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.userId, userId));
  return row?.n ?? 0;
}

/** The mail if it belongs to this account; another account's mail is the same as a missing one. */
export async function findMail(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims up to `limit` pending mails that are due. In one short transaction, the due rows are
 * locked with FOR UPDATE SKIP LOCKED (a concurrent claimer skips them instead of waiting), the
 * attempt is counted and next_attempt_at moves to the end of a lease, so no other worker sees
 * them as due while this one sends. A worker that dies mid-send leaves them to be retried after
 * the lease. (Two statements, not UPDATE ... WHERE id IN (SELECT ... LIMIT ... FOR UPDATE):
 * PostgreSQL may rescan such a subquery and, as claimed rows stop matching, take more than the limit.)
 */
export async function claimDueMails(db: Executor, now: Date, leaseUntil: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(inArray(mailOutbox.id, due.map((d) => d.id)))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** Records the outcome of the claim that counted `attempts`; a later claim's outcome is never overwritten. */
export async function settleMail(
  db: Executor,
  claim: { id: number; attempts: number },
  values: { status: MailStatus; transport?: string; sentAt?: Date; nextAttemptAt?: Date; lastError: string | null },
) {
  await db
    .update(mailOutbox)
    .set(values)
    .where(and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, claim.attempts)));
}
