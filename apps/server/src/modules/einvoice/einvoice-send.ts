import { normalizeCui, normalizeText, SENT_MACHINE, SENT_TEXTS, type SentStatus, type TSentFinding } from '@colete/contract';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { eInvoiceSent, eInvoiceSentEvents } from '../../db/schema/einvoice.js';
import type { EventListener } from '../../db/outbox.js';
import { EFacturaError, type EFacturaRest } from '../../integrations/e-invoicing/anaf-rest.js';
import { readUbl } from '../../lib/ubl-read.js';
import { eInvoiceDeadline } from '../../lib/working-days.js';
import { entityById } from '../billing/index.js';
import { INVOICE_ISSUED, type InvoiceIssuedEvent } from '../invoicing/index.js';
import type { XmlElement } from '../../lib/xml-tree.js';
import { clientDocument } from './einvoice-form.js';
import { isDefiniteRefusal, MESSAGE_LEASE_MS, retryDelayMs } from './einvoice-messages.js';
import { connectedEntity, firstConnected } from './einvoice-queries.js';
import type { EInvoiceService } from './einvoice-service.js';

/*
 * The documents sent through e-Factura (issue 26): the platform's company's own invoices and the
 * clients' ('Trimite factura', each through its issuing company's connection), each once, on any number of
 * instances and through retries, lost answers and a kill -9; the law's deadline is 5 working days.
 *
 * A sender claims due documents with a lease (a conditional update). An 'initial' one is built again
 * and checked with the official rules (a fatal finding moves it to 'error' and nothing is uploaded).
 * Before the upload it writes `attemptedAt`: from then on the outcome is unknown until the upload
 * index is stored. A later try that finds `attemptedAt` set waits until e-Factura has had time to
 * process that upload, then looks for the document (its number, from the platform's company) in SPV's
 * list of sent invoices and adopts its index; only when it is not there does it upload again. A
 * 'pending' one is followed with stareMesaj to ok (the signed answer kept: 'success') or nok (the
 * errors kept: 'error').
 */

export type SentDocument = { xml: string; standard: 'UBL' | 'CN'; b2c: boolean };
export type SentRulesCheck = (xml: string) => Promise<{ schemaErrors: string[]; fatal: { id: string; text: string }[] }>;

/** Documents taken a run. */
const BATCH = 10;
/** How long e-Factura may take to list an upload whose answer was lost, before it is looked for (then sent again if absent). */
export const UNKNOWN_SETTLE_MS = 30 * 60_000;
/** SPV's `data_creare` has minutes only: the list is read from a little before the attempt. */
const LOOK_BACK_MS = 2 * 60_000;
/** 'in prelucrare': asked again after this long. */
const PROCESSING_WAIT_MS = 60_000;

const errorText = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, 500);

/** The errors of a refused upload's answer (ANAF's `header` of `Error errorMessage=...`), as findings. */
export function answerFindings(root: XmlElement): TSentFinding[] {
  return root.children
    .filter((c) => c.name === 'Error')
    .map((c) => {
      const text = c.attributes.errorMessage ?? c.text;
      return { id: /\[([A-Z]{2}-[A-Z0-9-]+)\]/.exec(text)?.[1] ?? 'ANAF', text };
    });
}

/**
 * Every invoice the platform issues is queued to be sent (the invoicing module's event, delivered
 * once by the outbox): one row per invoice, its deadline 5 working days after its issue.
 */
export const invoiceIssuedListener: EventListener<InvoiceIssuedEvent> = {
  name: 'einvoice-send',
  types: [INVOICE_ISSUED],
  async handle(tx, event) {
    const p = event.payload;
    const values = { source: 'platform' as const, sourceId: p.invoiceId, number: p.number, kind: p.kind, buyerName: p.buyerName, buyerSearch: normalizeText(p.buyerName), buyerIdentification: p.buyerIdentification };
    const [row] = await tx
      .insert(eInvoiceSent)
      .values({ ...values, issueDate: p.issueDay, deadline: eInvoiceDeadline(p.issueDay), taxExcludedBani: p.netBani, taxBani: p.vatBani, totalBani: p.totalBani })
      .onConflictDoNothing()
      .returning({ id: eInvoiceSent.id });
    if (row) await tx.insert(eInvoiceSentEvents).values({ sentId: row.id, status: 'initial', text: SENT_TEXTS.queued });
  },
};

export function einvoiceSender(deps: {
  database: Database;
  rest: EFacturaRest;
  einvoice: Pick<EInvoiceService, 'accessToken'>;
  platformCui: string;
  /** A document's XML, built anew for each attempt (the invoicing module's). */
  document: (source: 'platform', sourceId: number) => Promise<SentDocument>;
  check: SentRulesCheck;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db } = deps.database;
  const s = eInvoiceSent;

  /** A move of SENT_MACHINE from the status the sender holds, with its history record; false when the row moved meanwhile. */
  async function move(tx: Executor, id: number, from: SentStatus, to: SentStatus, text: string, set: Partial<typeof s.$inferInsert> = {}) {
    if (!SENT_MACHINE.canMove(from, to)) throw new Error(`e-invoice ${id}: ${from} -> ${to} is not a move of the sent machine`);
    const moved = await tx
      .update(s)
      .set({ ...set, status: to, leaseUntil: null })
      .where(and(eq(s.id, id), eq(s.status, from)))
      .returning({ id: s.id, uploadIndex: s.uploadIndex });
    if (moved.length === 0) return false;
    await tx.insert(eInvoiceSentEvents).values({ sentId: id, status: to, text, uploadIndex: moved[0]!.uploadIndex });
    return true;
  }

  /** The platform's company connected to e-Factura, if it is. */
  async function platformCompany() {
    const connected = await connectedEntity(db, normalizeCui(deps.platformCui), { active: true });
    return connected?.entity.id ?? null;
  }

  /** A client's company (the document's issuer) while it is connected: its entry and fiscal code. */
  async function clientCompany(entityId: number | null) {
    const connected = entityId ? await firstConnected(db, [entityId], { active: true }) : null;
    const entity = connected && (await entityById(db, connected.billingEntityId));
    return { entityId: entity?.id ?? null, cif: entity ? normalizeCui(entity.identificationCode) : '' };
  }

  async function claim(now: Date) {
    const due = and(inArray(s.status, ['initial', 'pending']), lte(s.nextAt, now), or(isNull(s.leaseUntil), lt(s.leaseUntil, now)));
    const candidates = await db.select({ id: s.id }).from(s).where(due).orderBy(asc(s.nextAt), asc(s.id)).limit(BATCH);
    if (candidates.length === 0) return [];
    return db
      .update(s)
      .set({ leaseUntil: new Date(now.getTime() + MESSAGE_LEASE_MS), attempts: sql`${s.attempts} + 1` })
      .where(and(inArray(s.id, candidates.map((c) => c.id)), due))
      .returning();
  }
  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  const later = (row: Claimed, now: Date, err: unknown, extra: Partial<typeof s.$inferInsert> = {}) =>
    db
      .update(s)
      .set({ ...extra, nextAt: new Date(now.getTime() + retryDelayMs(row.attempts)), leaseUntil: null, lastError: errorText(err) })
      .where(and(eq(s.id, row.id), eq(s.status, row.status)));

  /** The document already in SPV from an attempt whose answer was lost: its upload index, or null. */
  async function findSent(token: string, cif: string, number: string, since: Date, now: Date) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const listed = await deps.rest.listPage(token, cif, since.getTime() - LOOK_BACK_MS, now.getTime(), page, 'T');
      pages = listed.pages;
      for (const message of listed.messages) {
        const doc = readUbl((await deps.rest.download(token, message.id)).root);
        if (doc?.number === number && normalizeCui(doc.seller.identification ?? '') === cif) return message.uploadIndex;
      }
    }
    return null;
  }

  /** An 'initial' document: checked, then uploaded once (or found uploaded). */
  async function upload(row: Claimed, now: Date): Promise<'uploaded' | 'found' | 'invalid' | 'waiting' | 'retry'> {
    // A client's document goes through its own company's connection; the platform's through the platform's company.
    const { entityId, cif } = row.source === 'client' ? await clientCompany(row.billingEntityId) : { entityId: row.billingEntityId ?? (await platformCompany()), cif: normalizeCui(deps.platformCui) };
    if (!entityId) {
      await later(row, now, row.source === 'client' ? SENT_TEXTS.clientNotConnected : SENT_TEXTS.platformNotConnected);
      return 'retry';
    }
    let uploading = false;
    try {
      if (row.attemptedAt) {
        // The last upload's outcome is unknown: give e-Factura time to list it, then look for it.
        if (now.getTime() - row.attemptedAt.getTime() < UNKNOWN_SETTLE_MS) {
          await db.update(s).set({ nextAt: new Date(row.attemptedAt.getTime() + UNKNOWN_SETTLE_MS), leaseUntil: null }).where(and(eq(s.id, row.id), eq(s.status, 'initial')));
          return 'waiting';
        }
        const token = await deps.einvoice.accessToken(entityId, now);
        const found = await findSent(token, cif, row.number, row.attemptedAt, now);
        if (found) {
          await move(db, row.id, 'initial', 'pending', SENT_TEXTS.uploaded, { uploadIndex: found, uploadedAt: now, billingEntityId: entityId, nextAt: now, lastError: null });
          return 'found';
        }
      }
      // A document that cannot be built (an address the rules cannot state) is as invalid as one the rules refuse.
      const doc = await (row.source === 'client' ? clientDocument(db, row.id) : deps.document('platform', row.sourceId!)).catch((err: unknown) => ({ error: errorText(err) }));
      if ('error' in doc) {
        await move(db, row.id, 'initial', 'error', SENT_TEXTS.invalid, { findings: [{ id: 'DOCUMENT', text: doc.error }], attemptedAt: null, lastError: null });
        return 'invalid';
      }
      const report = await deps.check(doc.xml);
      const findings = [...report.schemaErrors.map((text) => ({ id: 'UBL-XSD', text })), ...report.fatal.map((f) => ({ id: f.id, text: f.text }))];
      if (findings.length > 0) {
        await move(db, row.id, 'initial', 'error', SENT_TEXTS.invalid, { findings, xml: doc.xml, attemptedAt: null, lastError: null });
        return 'invalid';
      }
      const token = await deps.einvoice.accessToken(entityId, now);
      await db.update(s).set({ attemptedAt: now, xml: doc.xml, billingEntityId: entityId }).where(and(eq(s.id, row.id), eq(s.status, 'initial')));
      uploading = true;
      const { uploadIndex } = await deps.rest.upload(token, cif, doc.xml, { standard: doc.standard, b2c: doc.b2c });
      await move(db, row.id, 'initial', 'pending', SENT_TEXTS.uploaded, { uploadIndex, uploadedAt: now, nextAt: new Date(now.getTime() + PROCESSING_WAIT_MS), findings: [], lastError: null });
      return 'uploaded';
    } catch (err) {
      // A refusal, a limit or a refused token is an answer: nothing was uploaded. Anything else
      // (no answer, an answer we cannot read) leaves the attempt's outcome unknown.
      await later(row, now, err, uploading && isDefiniteRefusal(err) ? { attemptedAt: null } : {});
      deps.log?.warn({ sentId: row.id, err: errorText(err) }, 'e-invoice not sent yet (tried again later)');
      return 'retry';
    }
  }

  /** A 'pending' document followed: e-Factura's verdict, its answer kept. */
  async function follow(row: Claimed, now: Date): Promise<'success' | 'refused' | 'processing' | 'retry'> {
    try {
      const token = await deps.einvoice.accessToken(row.billingEntityId!, now);
      const state = await deps.rest.state(token, row.uploadIndex!);
      if (state.state === 'in prelucrare') {
        await db.update(s).set({ nextAt: new Date(now.getTime() + PROCESSING_WAIT_MS), leaseUntil: null }).where(and(eq(s.id, row.id), eq(s.status, 'pending')));
        return 'processing';
      }
      const answer = state.downloadId ? await deps.rest.download(token, state.downloadId) : null;
      if (state.state === 'ok') {
        await move(db, row.id, 'pending', 'success', SENT_TEXTS.accepted, { answerZip: answer?.zip ?? null, doneAt: now, lastError: null });
        return 'success';
      }
      const findings = answer ? answerFindings(answer.root) : [{ id: 'ANAF', text: state.state }];
      await move(db, row.id, 'pending', 'error', SENT_TEXTS.refused, { answerZip: answer?.zip ?? null, findings, doneAt: now, lastError: null });
      return 'refused';
    } catch (err) {
      await later(row, now, err);
      if (!(err instanceof EFacturaError)) deps.log?.warn({ sentId: row.id, err: errorText(err) }, 'e-invoice state not read yet (tried again later)');
      return 'retry';
    }
  }

  return {
    /** One batch of due documents uploaded or followed; the counts of what happened. */
    async sendDue(now = new Date()) {
      const claimed = await claim(now);
      const result = { claimed: claimed.length, uploaded: 0, found: 0, invalid: 0, success: 0, refused: 0, waiting: 0, retried: 0 };
      for (const row of claimed) {
        const outcome = row.status === 'initial' ? await upload(row, now) : await follow(row, now);
        if (outcome === 'uploaded') result.uploaded += 1;
        else if (outcome === 'found') result.found += 1;
        else if (outcome === 'invalid') result.invalid += 1;
        else if (outcome === 'success') result.success += 1;
        else if (outcome === 'refused') result.refused += 1;
        else if (outcome === 'waiting' || outcome === 'processing') result.waiting += 1;
        else result.retried += 1;
      }
      return result;
    },
  };
}
export type EInvoiceSender = ReturnType<typeof einvoiceSender>;
