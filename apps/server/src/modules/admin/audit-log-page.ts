import type { Executor } from '../../db/client.js';
import { auditEntries } from '../../db/audit-log.js';
import { accountContacts } from '../auth/index.js';

/**
 * One page of the audit log (the platform's table, db/audit-log.ts), newest first; then the page's
 * admins and clients, one query to auth's index. An entry whose admin is gone is left out.
 */
export async function auditPage(db: Executor, f: { clientId?: number; reads: boolean; limit: number; offset: number }) {
  const { entries, count } = await auditEntries(db, f);
  const people = await accountContacts(db, entries.flatMap((e) => (e.clientId === null ? [e.adminId] : [e.adminId, e.clientId])));
  const named = (id: number | null) => {
    const who = id === null ? undefined : people.get(id);
    return who ? { id: who.id, name: who.name, email: who.email } : null;
  };
  const rows = entries.flatMap((entry) => {
    const admin = named(entry.adminId);
    return admin ? [{ entry, admin, client: named(entry.clientId) }] : [];
  });
  return { rows, count };
}
