import { AWB_IN_TEXT, COURIER_CHECK_TEXTS, courierCostTolerance, formatBani, type ReceivedInvoiceStatus, type TCourierCheck, type TCourierCheckLine } from '@colete/contract';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { eInvoiceReceived, eInvoiceReceivedAwbs, eInvoiceSuppliers } from '../../db/schema/einvoice.js';
import { awbCosts } from '../shipments/index.js';
import type { UblLine } from '../../lib/ubl-read.js';

/*
 * The platform's own company's received invoices (issue 25, the 'Internal' account of spec 002
 * sections 4.8 and 6): a seller not on file is 'Furnizor inexistent' (supplier_missing); a courier's
 * invoice whose every line bills one of our AWBs with that courier, once, for what it cost us (within
 * the tolerance) is accepted by the check (accepted_by_script); anything else waits for a person
 * (ready_for_interaction), with the reasons on the invoice's page.
 */

export type CheckedDocument = { kind: 'invoice' | 'creditNote'; currency: string | null; lines: Pick<UblLine, 'id' | 'objectId' | 'name' | 'netBani'>[] };
export type CourierVerdict = { status: Extract<ReceivedInvoiceStatus, 'supplier_missing' | 'ready_for_interaction' | 'accepted_by_script'>; check: TCourierCheck | null; courierId: string | null; awbs: string[] };
export type CourierNames = () => { id: string; name: string }[];

/** A line's AWB: its object identifier (BT-128), else the AWB its name states; upper case, no spaces. */
export function awbOfLine(line: Pick<UblLine, 'objectId' | 'name'>): string | null {
  const raw = line.objectId?.trim() || AWB_IN_TEXT.exec(line.name ?? '')?.[1];
  return raw ? raw.replace(/\s+/g, '').toUpperCase() : null;
}

const lei = (bani: number) => formatBani(bani);

/** The supplier on file with this fiscal code, if any. */
export async function supplierOf(db: Executor, identification: string) {
  const [row] = await db.select().from(eInvoiceSuppliers).where(eq(eInvoiceSuppliers.identification, identification)).limit(1);
  return row ?? null;
}

/**
 * The verdict on one document of a seller (`self`: the invoice being checked again, whose own AWBs
 * are not 'billed before'). AWBs billed on another invoice of the courier that was not rejected count
 * as billed twice.
 */
export async function checkCourierInvoice(db: Executor, couriers: CourierNames, doc: CheckedDocument, sellerIdentification: string, now: Date, self?: number): Promise<CourierVerdict> {
  const supplier = await supplierOf(db, sellerIdentification);
  if (!supplier) return { status: 'supplier_missing', check: null, courierId: null, awbs: [] };
  const courierName = supplier.courierId ? (couriers().find((c) => c.id === supplier.courierId)?.name ?? supplier.courierId) : null;
  const verdict = (lines: TCourierCheckLine[], problems: string[], awbs: string[] = []): CourierVerdict => ({
    status: problems.length === 0 ? 'accepted_by_script' : 'ready_for_interaction',
    check: { courierId: supplier.courierId, courierName, lines, problems, checkedAt: now.toISOString() },
    courierId: supplier.courierId,
    awbs,
  });
  if (!supplier.courierId) return verdict([], [COURIER_CHECK_TEXTS.notCourier]);
  if (doc.kind === 'creditNote') return verdict([], [COURIER_CHECK_TEXTS.creditNote]);
  if (doc.currency !== 'RON') return verdict([], [COURIER_CHECK_TEXTS.notRon(doc.currency ?? '-')]);
  if (doc.lines.length === 0) return verdict([], [COURIER_CHECK_TEXTS.noLines]);

  const awbs = doc.lines.map(awbOfLine);
  const named = [...new Set(awbs.filter((a): a is string => a !== null))];
  const costs = await awbCosts(db, supplier.courierId, named);
  const r = eInvoiceReceived;
  const billed = named.length
    ? await db
        .select({ awb: eInvoiceReceivedAwbs.awb, number: r.number })
        .from(eInvoiceReceivedAwbs)
        .innerJoin(r, eq(r.id, eInvoiceReceivedAwbs.receivedInvoiceId))
        .where(
          and(
            eq(eInvoiceReceivedAwbs.courierId, supplier.courierId),
            inArray(eInvoiceReceivedAwbs.awb, named),
            notInArray(r.status, ['rejected', 'rejected_with_message']),
            self === undefined ? undefined : ne(r.id, self),
          ),
        )
    : [];
  const seen = new Set<string>();
  const lines = doc.lines.map((line, i): TCourierCheckLine => {
    const awb = awbs[i] ?? null;
    const row = { line: line.id, awb, invoicedBani: line.netBani, costBani: null as number | null, problem: null as string | null };
    if (!awb) return { ...row, problem: COURIER_CHECK_TEXTS.noAwb(line.id ?? String(i + 1)) };
    const twice = seen.has(awb);
    seen.add(awb);
    const cost = costs.get(awb);
    if (!cost) return { ...row, problem: COURIER_CHECK_TEXTS.notOurs(awb, courierName!) };
    const costBani = cost.costBani;
    if (twice) return { ...row, costBani, problem: COURIER_CHECK_TEXTS.sameAwbTwice(awb) };
    const before = billed.find((b) => b.awb === awb);
    if (before) return { ...row, costBani, problem: COURIER_CHECK_TEXTS.twice(awb, before.number) };
    if (cost.status === 'cancelled') return { ...row, costBani, problem: COURIER_CHECK_TEXTS.cancelled(awb) };
    if (costBani === null || line.netBani === null || Math.abs(line.netBani - costBani) > courierCostTolerance(costBani)) {
      return { ...row, costBani, problem: COURIER_CHECK_TEXTS.amount(awb, line.netBani === null ? '-' : lei(line.netBani), costBani === null ? '-' : lei(costBani)) };
    }
    return { ...row, costBani };
  });
  return verdict(
    lines,
    lines.flatMap((l) => (l.problem ? [l.problem] : [])),
    named,
  );
}

/** The AWBs an invoice bills, kept for the next invoices' 'billed twice' check. */
export async function recordBilledAwbs(db: Executor, receivedInvoiceId: number, verdict: Pick<CourierVerdict, 'courierId' | 'awbs'>) {
  if (!verdict.courierId || verdict.awbs.length === 0) return;
  await db
    .insert(eInvoiceReceivedAwbs)
    .values(verdict.awbs.map((awb) => ({ receivedInvoiceId, courierId: verdict.courierId!, awb })))
    .onConflictDoNothing();
}

type StoredInvoice = { id: number; billingEntityId: number; sellerIdentification: string; sellerName: string; kind: 'invoice' | 'creditNote'; currency: string; document: Record<string, unknown> };
const checkedOf = (x: StoredInvoice): CheckedDocument => ({ kind: x.kind, currency: x.currency, lines: ((x.document.lines ?? []) as CheckedDocument['lines']).map((l) => ({ ...l, objectId: l.objectId ?? null })) });

/**
 * 'Adauga furnizor si accepta' (inside the status move's transaction): the seller goes on file (as
 * the courier chosen, if any), the accepted invoice keeps its check and billed AWBs, and the seller's
 * other invoices still 'Furnizor inexistent' are checked now, each moved only from that status.
 */
export async function addSupplierAndRecheck(tx: Executor, couriers: CourierNames, invoice: StoredInvoice, courierId: string | null, userId: number, now: Date) {
  await tx.insert(eInvoiceSuppliers).values({ identification: invoice.sellerIdentification, name: invoice.sellerName, courierId, createdBy: userId }).onConflictDoNothing();
  const own = await checkCourierInvoice(tx, couriers, checkedOf(invoice), invoice.sellerIdentification, now, invoice.id);
  await tx.update(eInvoiceReceived).set({ courierCheck: own.check }).where(eq(eInvoiceReceived.id, invoice.id));
  await recordBilledAwbs(tx, invoice.id, own);
  const r = eInvoiceReceived;
  const waiting = await tx
    .select({ id: r.id, billingEntityId: r.billingEntityId, sellerIdentification: r.sellerIdentification, sellerName: r.sellerName, kind: r.kind, currency: r.currency, document: r.document })
    .from(r)
    .where(and(eq(r.billingEntityId, invoice.billingEntityId), eq(r.sellerIdentification, invoice.sellerIdentification), eq(r.status, 'supplier_missing'), ne(r.id, invoice.id)))
    .orderBy(r.id);
  for (const other of waiting) {
    const verdict = await checkCourierInvoice(tx, couriers, checkedOf(other), other.sellerIdentification, now, other.id);
    const moved = await tx
      .update(r)
      .set({ status: verdict.status, courierCheck: verdict.check })
      .where(and(eq(r.id, other.id), eq(r.status, 'supplier_missing')))
      .returning({ id: r.id });
    if (moved.length > 0) await recordBilledAwbs(tx, other.id, verdict);
  }
  return { rechecked: waiting.length };
}
