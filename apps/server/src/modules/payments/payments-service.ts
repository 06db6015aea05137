import { PAYABLE_INVOICES_MAX, balanceAdminMessages, messages, type TAdminPayment, type TPayableInvoice, type TRecordPaymentRequest } from '@colete/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { bucharestDateKey, bucharestDayStart } from '../../lib/dates.js';
import { leiToBani } from '../../lib/money.js';
import { invoiceForPayment, invoiceFullNumber, payableInvoices } from '../invoicing/index.js';
import { creditPayment, revertPayment } from '../ledger/index.js';
import { paidBani } from './payment-fragments.js';
import { clientPayments, findPayment, insertPayment, insertRevert, lockPayment, markActive, type ClientPaymentRow } from './payments-queries.js';

const m = balanceAdminMessages;

export const paymentView = ({ payment: p, invoiceSeries, invoiceNumber }: ClientPaymentRow): TAdminPayment => ({
  id: p.id,
  invoiceId: p.invoiceId,
  invoiceNumber: invoiceFullNumber({ series: invoiceSeries, number: invoiceNumber }),
  reference: p.reference,
  amountBani: p.amountBani,
  revertedBani: p.revertedBani,
  leftBani: p.amountBani - p.revertedBani,
  active: p.active,
  paidAt: p.paidAt.toISOString(),
  activatedAt: p.activatedAt?.toISOString() ?? null,
});

/**
 * Payments postpaid clients made for their invoices (issue 17). An admin records one (inactive),
 * activates it (the payment's ledger movement, once) and may revert parts of it (one ledger
 * movement per revert). Each payment's row is locked while it changes, and the database's check
 * keeps the reverted sum within the payment: parallel reverts never exceed it.
 */
export function paymentsService(deps: { database: Database }) {
  const { db } = deps.database;

  async function view(id: string) {
    const row = await findPayment(db, id);
    if (!row) throw notFound(m.paymentNotFound);
    return paymentView(row);
  }

  return {
    async list(clientId: number, page: { limit: number; offset: number }) {
      const { rows, count } = await clientPayments(db, clientId, page);
      return { list: rows.map(paymentView), count };
    },

    /** The client's invoices with postpaid shipments left to pay (the record dialog's choice). */
    async payable(clientId: number): Promise<TPayableInvoice[]> {
      const rows = await payableInvoices(db, { paidBani }, clientId, PAYABLE_INVOICES_MAX);
      return rows.map(({ series, number, ...r }) => ({ ...r, fullNumber: invoiceFullNumber({ series, number }) }));
    },

    /** Records a payment of one of the client's invoices that covers postpaid shipments; it counts once activated. */
    async record(adminId: number, clientId: number, input: Omit<TRecordPaymentRequest, 'selectedClient'>) {
      // The client's invoice, and whether it invoiced a postpaid shipment: invoicing's one query.
      const invoice = await invoiceForPayment(db, clientId, input.invoiceId);
      if (!invoice) throw notFound(messages.invoicing.invoiceNotFound);
      if (!invoice.postpaid) throw conflict(m.invoiceNotPostpaid, 'invoiceNotPostpaid');
      if (input.paidOn && input.paidOn > bucharestDateKey(new Date())) throw badRequest(m.paidOnFuture, 'paidOnFuture', { paidOn: m.paidOnFuture });
      // The same transfer twice (a double click, a retried request) finds the first: 409, nothing written again.
      const row = await insertPayment(db, {
        userId: clientId,
        invoiceId: invoice.id,
        amountBani: leiToBani(input.amount),
        reference: input.reference,
        recordedBy: adminId,
        ...(input.paidOn ? { paidAt: bucharestDayStart(input.paidOn) } : {}),
      });
      if (!row) throw conflict(m.paymentDuplicate, 'paymentDuplicate');
      return view(row.id);
    },

    /** Activates a payment: its ledger movement is written once, whatever the number of parallel calls. */
    async activate(adminId: number, id: string) {
      const userId = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, id);
        if (!payment) throw notFound(m.paymentNotFound);
        if (payment.active) throw conflict(m.paymentAlreadyActive, 'paymentAlreadyActive');
        const active = await markActive(tx, id, adminId);
        if (!active) throw conflict(m.paymentAlreadyActive, 'paymentAlreadyActive');
        await creditPayment(tx, {
          userId: payment.userId,
          amountBani: payment.amountBani,
          reference: `payment:${payment.id}`,
          description: `Plata ${payment.reference}`,
          invoiceId: payment.invoiceId,
        });
        return payment.userId;
      });
      return { userId, payment: await view(id) };
    },

    /** Reverts part of an active payment: at least REVERT_MIN_BANI (the contract), at most what is left of it. */
    async revert(adminId: number, id: string, amountBani: number) {
      const userId = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, id);
        if (!payment) throw notFound(m.paymentNotFound);
        if (!payment.active) throw conflict(m.paymentNotActive, 'paymentNotActive');
        if (amountBani > payment.amountBani - payment.revertedBani) throw conflict(m.revertTooLarge, 'revertTooLarge');
        const { revert } = await insertRevert(tx, { paymentId: id, amountBani, adminId });
        await revertPayment(tx, {
          userId: payment.userId,
          amountBani,
          reference: `payment-revert:${revert.id}`,
          description: `Stornare plata ${payment.reference}`,
          invoiceId: payment.invoiceId,
        });
        return payment.userId;
      });
      return { userId, payment: await view(id) };
    },

    /** The owner of a payment (the audit log's client), or null. */
    async ownerOf(id: string) {
      return (await findPayment(db, id))?.payment.userId ?? null;
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
