import type { TUploadProgress } from '@colete/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { uploadProgress } from '../../db/schema/repayments.js';

/**
 * How far an admin's large upload (a courier's report, a bank statement) has come (issue 24):
 * the rows read from the file as it arrives, then the rows written, batch by batch. The browser
 * names its upload (an id of its own, in the X-Upload-Id header) and asks for it while it waits;
 * only the admin who uploaded it sees it. Kept in the database (table upload_progress), so that a
 * poll reaching another server instance than the upload's answers the same (issue 28); forgotten
 * by the cleanup job minutes after the upload ends: a progress bar, not a record (the report or
 * statement taken in is the record).
 */

/** What an upload's reader and writer tell as they go; `end` resolves once the last state is stored. */
export type UploadTracker = { read(rows: number): void; total(rows: number): void; wrote(rows: number): void; end(): Promise<void> };

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Ended uploads are kept this long; one that never ended (its server died), an hour after its last news. */
const KEEP_ENDED_MS = 5 * 60_000;
const KEEP_STALLED_MS = 60 * 60_000;
/** At most one write of an upload's progress this often (the last state always lands at the end). */
const WRITE_EVERY_MS = 250;

export const uploadIdOf = (v: unknown): string | null => (typeof v === 'string' && UPLOAD_ID.test(v) ? v : null);

const nothingKept: UploadTracker = { read() {}, total() {}, wrote() {}, end: async () => {} };

export function uploadProgressStore(database: Database, now: () => number = Date.now) {
  const { db } = database;
  const p = uploadProgress;
  return {
    /**
     * Follows an upload under the browser's id: a tracker that keeps nothing without a valid id,
     * or when the id is another admin's upload. Writes are chained (never two at once for one
     * upload) and spaced; a failed write is logged away by the next one (a progress bar only).
     */
    async start(adminId: number, uploadId: unknown): Promise<UploadTracker> {
      const id = uploadIdOf(uploadId);
      if (!id) return nothingKept;
      const [taken] = await db
        .insert(p)
        .values({ uploadId: id, adminId, updatedAt: new Date(now()) })
        .onConflictDoUpdate({
          target: p.uploadId,
          set: { rowsRead: 0, rowsTotal: null, rowsWritten: 0, done: false, updatedAt: new Date(now()) },
          setWhere: eq(p.adminId, adminId),
        })
        .returning({ adminId: p.adminId });
      if (!taken) return nothingKept;
      const state: TUploadProgress = { rowsRead: 0, rowsTotal: null, rowsWritten: 0, done: false };
      let chain: Promise<void> = Promise.resolve();
      let lastWrite = 0;
      let queued = false;
      const write = () => {
        queued = false;
        lastWrite = now();
        const snapshot = { ...state, updatedAt: new Date(lastWrite) };
        chain = chain.then(() => db.update(p).set(snapshot).where(and(eq(p.uploadId, id), eq(p.adminId, adminId))).then(() => undefined)).catch(() => undefined);
      };
      const changed = () => {
        if (queued) return;
        if (now() - lastWrite >= WRITE_EVERY_MS) write();
        else {
          queued = true;
          setTimeout(() => queued && write(), WRITE_EVERY_MS).unref?.();
        }
      };
      return {
        read: (rows) => ((state.rowsRead = rows), changed()),
        total: (rows) => ((state.rowsRead = rows), (state.rowsTotal = rows), changed()),
        wrote: (rows) => ((state.rowsWritten = rows), changed()),
        end: async () => {
          state.done = true;
          write();
          await chain;
        },
      };
    },
    /** The upload's progress, or null when there is none of this admin's under that id. */
    async get(adminId: number, uploadId: string): Promise<TUploadProgress | null> {
      const [row] = await db
        .select({ rowsRead: p.rowsRead, rowsTotal: p.rowsTotal, rowsWritten: p.rowsWritten, done: p.done })
        .from(p)
        .where(and(eq(p.uploadId, uploadId), eq(p.adminId, adminId)));
      return row ?? null;
    },
  };
}
export type UploadProgressStore = ReturnType<typeof uploadProgressStore>;

/** The cleanup job's part: uploads ended minutes ago, or stalled for an hour (their server died). */
export async function pruneUploadProgress(db: Executor, at: Date) {
  const gone = await db
    .delete(uploadProgress)
    .where(
      sql`(${uploadProgress.done} and ${uploadProgress.updatedAt} < ${new Date(at.getTime() - KEEP_ENDED_MS).toISOString()}::timestamptz) or ${lt(uploadProgress.updatedAt, new Date(at.getTime() - KEEP_STALLED_MS))}`,
    )
    .returning({ id: uploadProgress.uploadId });
  return gone.length;
}
